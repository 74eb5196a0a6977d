// A file written into a folder just made is reported. chokidar reads a new
// folder and only then watches it, so a file landing in between was never
// reported (chokidar#1471): an agent's tool making a folder and writing into
// it at once (here with an atomic write: a temp file renamed over the
// target, a few milliseconds after the folder) left that file out of every
// answer until the next rebuild. Before the watcher read new folders again,
// this lost 5 to 10% of 150 such files on this machine.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { RepoWatcher } from '../../daemon/code/watch/watcher';
import { tempDir } from '../helpers';
import { waitFor } from '../live/wait';

const FOLDERS = 150;

describe('the watcher and new folders', () => {
  it('reports every file written into a folder just made', async () => {
    const root = tempDir('watch-new-folder');
    const seen = new Set<string>();
    const w = new RepoWatcher(root, { onChange: (c) => c.kind !== 'unlink' && seen.add(c.file), onRootGone: () => {} });
    try {
      await w.ready;
      const want: string[] = [];
      for (let i = 0; i < FOLDERS; i++) {
        const dir = path.join(root, `made${i}`, 'inner');
        fs.mkdirSync(dir, { recursive: true });
        // A few milliseconds: about when chokidar has read the folder and not yet watched it.
        await new Promise((r) => setTimeout(r, 1 + (i % 5)));
        fs.writeFileSync(path.join(dir, `.f${i}.tmp`), `export const v${i} = ${i};\n`);
        fs.renameSync(path.join(dir, `.f${i}.tmp`), path.join(dir, `f${i}.ts`));
        want.push(`made${i}/inner/f${i}.ts`);
      }
      await waitFor(() => want.every((f) => seen.has(f)), `all ${FOLDERS} files to be reported`).catch(() => undefined);
      assert.deepEqual(
        want.filter((f) => !seen.has(f)),
        [],
        'files written into new folders and never reported',
      );
    } finally {
      await w.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
