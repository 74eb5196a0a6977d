// A repo indexed the way a precise build indexes TypeScript, for the tests
// that query a real scip-typescript index (callgraph, compact, object
// methods): scip-typescript run on the folder, its output decoded and
// ingested with tree-sitter's local functions, the store opened.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scipTypescriptMain } from '../../daemon/code/indexers/typescript';
import { decodeScip } from '../../daemon/code/scip/decode';
import { ingestScip } from '../../daemon/code/store/ingest';
import { CodeStore } from '../../daemon/code/store/store';
import { LocalFunctionReader } from '../../daemon/code/syntactic/local-functions';

/** Indexes `repo` with scip-typescript into `repo/index.db` (its SCIP at `repo/index.scip`) and opens it; the caller closes it. */
export async function scipTypescriptStore(repo: string): Promise<CodeStore> {
  const scip = path.join(repo, 'index.scip');
  const r = spawnSync(process.execPath, [scipTypescriptMain(), 'index', '--cwd', repo, '--output', scip, '--no-progress-bar'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const db = path.join(repo, 'index.db');
  ingestScip(decodeScip(fs.readFileSync(scip), scip), db, repo, {}, await LocalFunctionReader.load());
  return new CodeStore(db);
}
