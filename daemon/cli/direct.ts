// The cold path. When no daemon is running, the CLI starts one (detached) and,
// while it boots, answers a read-only query itself from the repo's index file:
// the same store and query table the daemon dispatches through, so the answer
// is the same. Loaded as dist/direct.js only on that path, so a warm CLI never
// pays for better-sqlite3. No index yet (or an unreadable one): undefined, and
// the caller waits for the daemon, which builds it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoDir } from '../paths';
import type { RepoParams } from '../protocol/code';
import { answered, readQuery } from '../code/query';
import { resolveRepo } from '../repos';
import { CodeStore } from '../code/store/store';
import { whyNotRestored } from '../code/roots';
import { answerStatus } from '../code/serving-status';

export function answerDirect(home: string, method: string, raw: unknown): unknown {
  const q = readQuery(method);
  if (!q) return undefined;
  // Only the CLI calls this, with params it built from the same declaration
  // and checked against its bounds (cli/args.ts): no schema check here, so
  // this bundle carries no zod.
  const params = raw as RepoParams;
  if (typeof params.repo !== 'string') return undefined;
  let repo: string;
  try {
    repo = resolveRepo(params.repo);
  } catch {
    return undefined; // the daemon will give the one-line error
  }
  const file = path.join(repoDir(home, repo), 'index.db');
  if (!fs.existsSync(file)) return undefined;
  // An index of a folder that may no longer be a repo (no git root, never indexed deliberately): the daemon says why.
  if (whyNotRestored(repo, path.dirname(file)) !== undefined) return undefined;
  let store: CodeStore;
  try {
    store = new CodeStore(file);
  } catch {
    return undefined;
  }
  try {
    const answer = answered(store, false, () => q.run({ store, repo }, params));
    // A first index on disk: the daemon starting now builds the precise one (see build/coordinator.ts).
    answer.index.status = answerStatus(answer.index, true);
    return answer;
  } catch {
    return undefined; // bad input: let the daemon answer with its error
  } finally {
    store.close();
  }
}
