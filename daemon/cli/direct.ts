// The cold path. When no daemon is running, the CLI starts one (detached) and,
// while it boots, answers a read-only query itself from the repo's index file:
// the same store and query code the daemon runs, so the answer is the same.
// Loaded as dist/direct.js only on that path, so a warm CLI never pays for
// better-sqlite3. No index yet (or an unreadable one): undefined, and the
// caller waits for the daemon, which builds it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoDir } from '../paths';
import type * as P from '../protocol';
import * as Q from '../code/query';
import { resolveRepo } from '../code/repos';
import { CodeStore } from '../code/store/store';

type Params = P.NameQueryParams & Partial<P.CallQueryParams & P.ImpactParams & P.SearchParams & P.SymbolsParams>;

export function answerDirect(home: string, method: string, params: Params): unknown {
  let repo: string;
  try {
    repo = resolveRepo(params.repo);
  } catch {
    return undefined; // the daemon will give the one-line error
  }
  const file = path.join(repoDir(home, repo), 'index.db');
  if (!fs.existsSync(file)) return undefined;
  let store: CodeStore;
  try {
    store = new CodeStore(file);
  } catch {
    return undefined;
  }
  try {
    const started = performance.now();
    const body = run(store, repo, method, params);
    if (body === undefined) return undefined;
    return { ...body, elapsed_ms: Math.round((performance.now() - started) * 1000) / 1000, index: Q.freshness(store.meta(), false) };
  } catch {
    return undefined; // bad input: let the daemon answer with its error
  } finally {
    store.close();
  }
}

function run(store: CodeStore, repo: string, method: string, p: Params): object | undefined {
  switch (method) {
    case 'code/refs':
      return Q.refs(store, p.name, { limit: p.limit });
    case 'code/defs':
      return Q.refs(store, p.name, { definitionsOnly: true, limit: p.limit });
    case 'code/callers':
      return Q.callers(store, p.name, { allRefs: p.all_refs, limit: p.limit });
    case 'code/callees':
      return Q.callees(store, p.name, { allRefs: p.all_refs, limit: p.limit });
    case 'code/impls':
      return Q.impls(store, p.name, { limit: p.limit });
    case 'code/search':
      return p.pattern === undefined ? undefined : Q.search(store, p.pattern, { kind: p.kind, limit: p.limit });
    case 'code/symbols':
      return p.file === undefined ? undefined : Q.outline(store, repo, p.file);
    case 'code/impact':
      return Q.impact(store, p.name, { depth: p.depth, limit: p.limit });
    default:
      return undefined;
  }
}
