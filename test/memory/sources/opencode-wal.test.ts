// OpenCode's database read while OpenCode writes it. A writer process (the
// way OpenCode holds opencode.db: open, WAL mode) first keeps a write
// transaction open, then appends message pairs to the session as fast as it
// can, with no busy timeout, while a real daemon sweeps again and again.
// Nothing is locked: every sweep reads, and the writer never meets a busy
// or locked error. Nothing is lost: after the writer stops, one more sweep
// and every note it committed is in memory, once.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { SweepResult } from '../../../daemon/protocol';
import { openDatabase } from '../../../daemon/sqlite';
import { waitFor } from '../../live/wait';
import { ROOT, scry, stopDaemon, tempDir } from '../../helpers';

const STORE = path.join('.local', 'share', 'opencode');

describe('OpenCode database read while its writer holds it (WAL)', () => {
  const dirs: string[] = [];
  after(async () => {
    for (const d of dirs) {
      if (fs.existsSync(path.join(d, 'scryd.pid'))) await stopDaemon(d);
      fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('sweeps while the writer writes: no lock taken, nothing lost, nothing added twice', async () => {
    const home = fs.realpathSync(tempDir('wal-home'));
    const scryHome = tempDir('wal-scry');
    const control = tempDir('wal-control');
    dirs.push(home, scryHome, control);
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'memory', 'opencode', 'real-cli', STORE), path.join(home, STORE), { recursive: true });
    fs.writeFileSync(path.join(scryHome, 'config.yaml'), 'memory:\n  sweep:\n    min_age_minutes: 0\n');
    const db = path.join(home, STORE, 'opencode.db');
    const probe = openDatabase(db, { readonly: true });
    const session = (probe.prepare('SELECT id FROM session').get() as { id: string }).id;
    probe.close();
    const env = { HOME: home, SCRY_MEMORY_SWEEP: '0', XDG_DATA_HOME: '' };
    const sweep = async (): Promise<SweepResult> => {
      const r = await scry(['memory', 'sweep', '--json'], { home: scryHome, env });
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout) as SweepResult;
    };

    const writer = spawn(process.execPath, [path.join(__dirname, 'wal-writer.cjs'), db, session, control], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    writer.stdout.on('data', (d: Buffer) => (out += d.toString()));
    writer.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => writer.on('close', resolve));
    await waitFor(() => fs.existsSync(path.join(control, 'holding')) || undefined, 'the writer holding its write transaction');

    // The writer's transaction is open: the sweep reads what was committed before it, and does not wait for it.
    const during = await sweep();
    assert.deepEqual(during.failed, []);
    assert.equal(during.sources.find((s) => s.source === 'opencode')!.ingested, 1);
    const episodeText = (): string => {
      const m = openDatabase(path.join(scryHome, 'memory', 'memory.db'), { readonly: true });
      try {
        return (m.prepare(`SELECT text FROM episodes WHERE source = 'opencode'`).all() as Array<{ text: string }>).map((r) => r.text).join('\n');
      } finally {
        m.close();
      }
    };
    assert.doesNotMatch(episodeText(), /wal-note-0/, 'an uncommitted write is not read');
    fs.writeFileSync(path.join(control, 'commit'), '');
    await waitFor(() => fs.existsSync(path.join(control, 'committed')) || undefined, 'the writer committing');

    // Sweeps while the writer appends.
    let readWhileWriting = 0;
    for (let i = 0; i < 4; i++) {
      const r = await sweep();
      assert.deepEqual(r.failed, [], `sweep ${i} while the writer writes`);
      readWhileWriting += r.sources.find((s) => s.source === 'opencode')!.ingested;
    }
    fs.writeFileSync(path.join(control, 'stop'), '');
    assert.equal(await exited, 0, out);
    const { notes, errors } = JSON.parse(out) as { notes: string[]; errors: string[] };
    assert.deepEqual(errors, [], 'the writer never met a lock');
    assert.ok(notes.length > 4, `${notes.length} pairs written`);
    assert.ok(readWhileWriting >= 1, 'the session was read again while it grew');

    const last = await sweep();
    assert.deepEqual(last.failed, []);
    const text = episodeText();
    const missing = notes.filter((n) => !text.includes(`${n})`));
    assert.deepEqual(missing, [], 'every committed note is in memory');
    assert.equal((await sweep()).added, 0, 'read again, the finished session adds nothing');
  });
});
