// The memory domain: distill -> redact -> chunk -> episodes -> extract ->
// resolve -> graph. The daemon plugs it in with createMemoryDomain().
export { createMemoryDomain, memoryDb, MemoryDomain, type MemoryDomainOptions } from './domain';
