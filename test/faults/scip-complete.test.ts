// A real scip-typescript index of rxjs, cut at a document boundary (so it
// decodes cleanly), is refused on import with one line naming the file; the
// whole index imports, and a refused import leaves the served index alone.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { scipTypescriptMain } from '../../daemon/code/indexers/typescript';
import { decodeScip } from '../../daemon/code/scip/decode';
import type { IndexResult, StatusResult } from '../../daemon/protocol';
import { rxjsRepo, scry, scryJson, stopDaemon, tempDir } from '../helpers';
import { documentEnds } from './scip-cut';

describe('a .scip cut at a document boundary', () => {
  let home: string;
  let repo: string;
  let work: string;
  let whole: string;
  let ends: number[];

  before(() => {
    home = tempDir('scip-cut-home');
    repo = rxjsRepo();
    work = tempDir('scip-cut');
    whole = path.join(work, 'rxjs.scip');
    const r = spawnSync(process.execPath, [scipTypescriptMain(), 'index', '--cwd', repo, '--output', whole, '--no-progress-bar'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    ends = documentEnds(fs.readFileSync(whole));
  });
  after(async () => {
    await stopDaemon(home);
    for (const d of [home, repo, work]) fs.rmSync(d, { recursive: true, force: true });
  });

  const cut = (documents: number): string => {
    const file = path.join(work, `rxjs-first-${documents}.scip`);
    fs.writeFileSync(file, fs.readFileSync(whole).subarray(0, ends[documents - 1]));
    return file;
  };

  it('decodes cleanly: the framing alone cannot tell', () => {
    const file = cut(Math.floor(ends.length / 2));
    const index = decodeScip(fs.readFileSync(file), file);
    assert.equal(index.documents.length, Math.floor(ends.length / 2));
  });

  it('the whole index imports', async () => {
    const r = await scryJson<IndexResult>(['index', '--repo', repo, '--scip', whole], { home });
    assert.equal(r.documents, ends.length);
    assert.equal(r.status, 'ready');
  });

  for (const [what, keep] of [
    ['half of its documents', 0.5],
    ['all but its last document', -1],
  ] as const) {
    it(`refuses the index with ${what}, in one line naming the file, and keeps serving the whole one`, async () => {
      const documents = keep < 0 ? ends.length + keep : Math.floor(ends.length * keep);
      const file = cut(documents);
      const r = await scry(['index', '--repo', repo, '--scip', file], { home });
      assert.notEqual(r.code, 0, `accepted ${documents} of ${ends.length} documents: ${r.stdout}`);
      // The error is the CLI's last line (a failed build's progress line may come before it).
      const error = r.stderr.trim().split('\n').at(-1)!;
      assert.match(error, /^scry: SCIP index '.*' is incomplete: .*\. It was cut short/);
      assert.ok(error.includes(`SCIP index '${file}' is incomplete`), error);
      console.log(`${documents} of ${ends.length} documents: ${error}`);
      const status = await scryJson<StatusResult>(['status', '--repo', repo], { home });
      assert.equal(status.repos[0]!.documents, ends.length, 'the whole index is still served');
    });
  }
});
