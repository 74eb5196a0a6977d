// The code-index domain: indexers -> SCIP -> SQLite store, the live overlay,
// and the queries. The daemon plugs it in with createCodeDomain().
export { CodeDomain, createCodeDomain, type CodeDomainOptions } from './domain';
