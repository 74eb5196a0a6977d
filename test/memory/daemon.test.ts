// The memory write path through the real CLI and a spawned daemon: ingest is
// idempotent, a kill -9 in the middle of an ingest loses and duplicates
// nothing, secrets never reach SCRY_HOME, and a bad config.yaml is named and
// survived.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../../daemon/sqlite';
import type { EpisodeResult, IngestResult, MemoryStatus, SweepResult } from '../../daemon/protocol';
import { daemonPid, isAlive, ROOT, scry, stopDaemon, tempDir } from '../helpers';
import { waitFor } from '../live/wait';
import { SOURCE_IDS } from '../../daemon/memory/sources';
import { SECRETS } from './secret-corpus';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');
// The sweep timer would read the real ~/.claude; these tests name their sources.
const ENV = { SCRY_MEMORY_SWEEP: '0' };

async function json<T>(args: string[], home: string, env: NodeJS.ProcessEnv = {}): Promise<T> {
  const r = await scry([...args, '--json'], { home, env: { ...ENV, ...env } });
  assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

function episodeIds(home: string): string[] {
  const db = openDatabase(path.join(home, 'memory', 'memory.db'), { readonly: true });
  try {
    return (db.prepare('SELECT id FROM episodes ORDER BY id').all() as Array<{ id: string }>).map((r) => r.id);
  } finally {
    db.close();
  }
}

const turnLine = (type: 'user' | 'assistant', text: string, i: number): string =>
  JSON.stringify({
    type,
    uuid: `u-${i}`,
    parentUuid: i > 0 ? `u-${i - 1}` : null,
    sessionId: 'demo',
    cwd: '/work/demo',
    gitBranch: 'main',
    timestamp: new Date(Date.UTC(2026, 1, 1, 10, i)).toISOString(),
    message: type === 'user' ? { role: 'user', content: text } : { id: `msg-${i}`, role: 'assistant', content: [{ type: 'text', text }] },
  });

/** A Claude Code session of `turns` alternating turns about a small project, as lines. */
function sessionLines(turns: number, from = 0): string[] {
  const out: string[] = [];
  for (let i = from; i < from + turns; i++) {
    out.push(
      i % 2 === 0
        ? turnLine('user', `Step ${i}: please make the orders service retry failed payments (attempt ${i}).`, i)
        : turnLine('assistant', `Done with step ${i}: the orders service now retries payments through the billing client.`, i),
    );
  }
  return out;
}

/** A folder of `n` sessions, each its own file (episode ids come from path and span). */
function sessionFolder(n: number): string {
  const dir = path.join(tempDir('mem-sessions'), '-work-demo');
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++)
    fs.writeFileSync(path.join(dir, `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000.jsonl`), sessionLines(6).join('\n') + '\n');
  return dir;
}

describe('memory ingest through the daemon', () => {
  const dirs: string[] = [];
  after(async () => {
    for (const d of dirs) {
      if (fs.existsSync(path.join(d, 'scryd.pid'))) await stopDaemon(d);
      fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('ingests every kind of source, and a second ingest of the same files creates nothing', async () => {
    const home = tempDir('mem-idem');
    dirs.push(home);
    const kinds: Array<[string, string]> = [
      ['claude', path.join(FIXTURES, 'claude', 'written', '-work-demo')],
      ['claude', path.join(FIXTURES, 'claude', 'real')],
      ['codex', path.join(FIXTURES, 'codex')],
      ['run', path.join(FIXTURES, 'run', 'written')],
      ['seed', path.join(FIXTURES, 'seed')],
    ];
    let first = 0;
    for (const [source, p] of kinds) {
      const r = await json<IngestResult>(['memory', 'ingest', '--source', source, '--path', p], home);
      assert.equal(r.failed, 0, JSON.stringify(r.files.filter((f) => f.outcome === 'failed')));
      assert.ok(r.added > 0, `${source} ${p} gave episodes`);
      first += r.added;
    }
    const ids = episodeIds(home);
    assert.equal(ids.length, first);
    for (const [source, p] of kinds) {
      const again = await json<IngestResult>(['memory', 'ingest', '--source', source, '--path', p], home);
      assert.equal(again.added, 0, `re-ingest of ${p} added nothing`);
      assert.ok(
        again.files.every((f) => f.outcome === 'unchanged' || f.outcome === 'too-short'),
        JSON.stringify(again.files.map((f) => f.outcome)),
      );
    }
    assert.deepEqual(episodeIds(home), ids);
    // One episode's distilled text, by a prefix of its id; a prefix of nothing is one line naming it.
    const one = await json<EpisodeResult>(['memory', 'episode', ids[0]!.slice(0, 10)], home);
    assert.equal(one.episode.id, ids[0]);
    assert.ok(one.text.length > 0 && one.tokens > 0);
    const missing = await scry(['memory', 'episode', 'ffffffffffff'], { home, env: ENV });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^scry: episode 'ffffffffffff' is not in memory\. /);
    // The offline extractor drains the queue by itself.
    const status = await waitFor(async () => {
      const s = await json<MemoryStatus>(['memory', 'status'], home);
      return s.queue.pending === 0 ? s : undefined;
    }, 'the extraction queue to drain');
    assert.equal(status.episodes, first);
    assert.equal(status.queue.done, first);
    assert.ok(status.entities > 0, 'the offline extractor found entities');
    assert.match(status.hint ?? '', /add a provider/);
  });

  it('a grown session adds only its new turns; a replaced file starts over', async () => {
    const home = tempDir('mem-grow');
    const dir = sessionFolder(1);
    dirs.push(home, path.dirname(dir));
    const file = path.join(dir, fs.readdirSync(dir)[0]!);
    const before = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', file], home);
    assert.ok(before.added > 0);
    const original = fs.readFileSync(file, 'utf8');
    fs.appendFileSync(file, sessionLines(2, 6).join('\n') + '\n');
    const grown = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', file], home);
    assert.equal(grown.files[0]!.outcome, 'ingested');
    assert.ok(grown.added >= 1, 'the appended turns became an episode');
    const count = episodeIds(home).length;
    // Shorter than the cursor: re-read from the start (same spans, same ids: nothing duplicated).
    fs.writeFileSync(file, original);
    const replaced = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', file], home);
    assert.equal(replaced.files[0]!.reset, true);
    assert.equal(episodeIds(home).length, count, 'the original spans were stored already');
  });

  it('a prompt with no answer yet waits below the substance floor, and the answer that lifts it over is not lost', async () => {
    const home = tempDir('mem-floor');
    const dir = path.join(tempDir('mem-floor-src'), '-work-demo');
    dirs.push(home, path.dirname(dir));
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'f1000000-0000-4000-8000-000000000000.jsonl');
    fs.writeFileSync(file, sessionLines(1).join('\n') + '\n');
    const short = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', file], home);
    assert.equal(short.files[0]!.outcome, 'too-short');
    fs.appendFileSync(file, sessionLines(1, 1).join('\n') + '\n');
    const grown = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', file], home);
    assert.equal(grown.added, 1);
    const db = openDatabase(path.join(home, 'memory', 'memory.db'), { readonly: true });
    const ep = db.prepare('SELECT line_start, line_end, text FROM episodes').get() as { line_start: number; line_end: number; text: string };
    db.close();
    assert.deepEqual([ep.line_start, ep.line_end], [1, 2], 'the episode covers the whole session, not only the appended answer');
    assert.match(ep.text, /Step 0/);
  });

  it('sweeps the sources config.yaml names, leaves recently modified files for later, and runs on its own timer', async () => {
    const home = tempDir('mem-sweep');
    const src = tempDir('mem-sweep-src');
    dirs.push(home, src);
    const claude = path.join(src, 'claude', '-work-demo');
    fs.mkdirSync(claude, { recursive: true });
    const old = new Date(Date.now() - 3600_000);
    for (let i = 0; i < 3; i++) {
      const f = path.join(claude, `a${i}000000-0000-4000-8000-000000000000.jsonl`);
      fs.writeFileSync(f, sessionLines(4).join('\n') + '\n');
      if (i < 2) fs.utimesSync(f, old, old);
    }
    fs.cpSync(path.join(FIXTURES, 'seed'), path.join(src, 'seeds'), { recursive: true });
    for (const f of fs.readdirSync(path.join(src, 'seeds'), { recursive: true, withFileTypes: true }))
      if (f.isFile()) fs.utimesSync(path.join(f.parentPath, f.name), old, old);
    const empty = path.join(src, 'empty');
    fs.mkdirSync(empty);
    fs.writeFileSync(
      path.join(home, 'config.yaml'),
      `memory:\n  sweep:\n    interval_minutes: 0.02\n    min_age_minutes: 5\n  sources:\n    claude: ${path.join(src, 'claude')}\n    codex: ${empty}\n    runs: [${empty}]\n    seeds: [${path.join(src, 'seeds')}]\n    aider: ${empty}\n    copilot: ${empty}\n    cline: ${empty}\n    roo: ${empty}\n`,
    );
    fs.chmodSync(home, 0o700);
    const dry = await json<SweepResult>(['memory', 'sweep', '--dry-run'], home);
    assert.equal(dry.dry_run, true);
    const claudeRow = dry.sources.find((x) => x.source === 'claude')!;
    assert.deepEqual([claudeRow.files, claudeRow.ingested, claudeRow.too_recent], [3, 2, 1]);
    assert.equal(episodeIds(home).length, 0, 'a dry run writes nothing');
    // A daemon started with its timer on (SCRY_MEMORY_SWEEP=1 overrides the test runner's off switch) sweeps without being asked.
    await stopDaemon(home);
    const status = await waitFor(async () => {
      const s = await json<MemoryStatus>(['memory', 'status'], home, { SCRY_MEMORY_SWEEP: '1' });
      return s.sweep.last_at ? s : undefined;
    }, 'the timer sweep');
    assert.equal(status.sweep.enabled, true);
    assert.ok(status.episodes >= 3, `${status.episodes} episodes from 2 sessions and a seed`);
    const seedRow = (await json<SweepResult>(['memory', 'sweep'], home)).sources.find((x) => x.source === 'seed')!;
    assert.equal(seedRow.unchanged, seedRow.files, 'swept files are unchanged the next time');
  });

  it('kill -9 in the middle of an ingest, then ingest again: no duplicate, nothing lost', async () => {
    const dir = sessionFolder(12);
    const reference = tempDir('mem-ref');
    const home = tempDir('mem-kill');
    dirs.push(reference, home, path.dirname(dir));
    const clean = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', dir], reference);
    assert.equal(clean.files.length, 12);
    const expected = episodeIds(reference);
    assert.ok(expected.length >= 12);

    // This daemon pauses after each committed file, so the kill lands between files.
    const interrupted = scry(['memory', 'ingest', '--source', 'claude', '--path', dir, '--json'], { home, env: { ...ENV, SCRY_TEST_INGEST_HOLD_MS: '400' } });
    const log = path.join(home, 'logs', 'scryd.log');
    await waitFor(() => fs.existsSync(log) && (fs.readFileSync(log, 'utf8').match(/memory: ingested /g) ?? []).length >= 3, 'three files to be committed');
    const pid = daemonPid(home)!;
    process.kill(pid, 'SIGKILL');
    await waitFor(() => !isAlive(pid), 'the daemon to die');
    assert.notEqual((await interrupted).code, 0, 'the interrupted client is told');
    const partial = episodeIds(home);
    assert.ok(partial.length > 0 && partial.length < expected.length, `${partial.length} of ${expected.length} stored before the kill`);

    const resumed = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', dir], home);
    assert.equal(resumed.added, expected.length - partial.length);
    assert.deepEqual(episodeIds(home), expected);
  });

  it('no secret from the redaction corpus is anywhere under SCRY_HOME after ingest and extraction', async () => {
    const home = tempDir('mem-secrets');
    const dir = path.join(tempDir('mem-secret-src'), '-work-secrets');
    dirs.push(home, path.dirname(dir));
    fs.mkdirSync(dir, { recursive: true });
    const lines: string[] = [];
    const at = '2026-03-01T09:00:00Z';
    SECRETS.forEach(([what, text], i) => {
      lines.push(
        JSON.stringify({
          type: 'user',
          uuid: `u${i}`,
          sessionId: 's',
          cwd: '/work/secrets',
          timestamp: at,
          message: { role: 'user', content: `(${what}) here it is: ${text}` },
        }),
      );
      lines.push(
        JSON.stringify({
          type: 'assistant',
          uuid: `a${i}`,
          sessionId: 's',
          cwd: '/work/secrets',
          timestamp: at,
          message: {
            id: `m${i}`,
            role: 'assistant',
            content: [
              { type: 'text', text: `I will use ${text} as asked.` },
              { type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `echo ${text.split('\n')[0]}` } },
            ],
          },
        }),
      );
      lines.push(
        JSON.stringify({
          type: 'user',
          uuid: `r${i}`,
          sessionId: 's',
          cwd: '/work/secrets',
          timestamp: at,
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: text }] },
        }),
      );
    });
    fs.writeFileSync(path.join(dir, 'secrets-0000-4000-8000-000000000000.jsonl'), lines.join('\n') + '\n');
    const r = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', dir], home);
    assert.ok(r.added > 0);
    assert.ok((r.files[0]!.redactions ?? 0) >= SECRETS.length, `redactions counted: ${r.files[0]!.redactions}`);
    await waitFor(async () => (await json<MemoryStatus>(['memory', 'status'], home)).queue.pending === 0, 'extraction');
    await stopDaemon(home);
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) (e.isDirectory() ? walk : (f: string) => files.push(f))(path.join(d, e.name));
    };
    walk(home);
    assert.ok(files.some((f) => f.endsWith('memory.db')));
    const leaks: string[] = [];
    for (const f of files) {
      const bytes = fs.readFileSync(f).toString('latin1');
      for (const [what, , secret] of SECRETS) if (bytes.includes(secret)) leaks.push(`${what} in ${path.relative(home, f)}`);
    }
    assert.deepEqual(leaks, []);
  });

  it('an invalid config.yaml is named with file, line and key, and the last good one keeps working', async () => {
    const home = tempDir('mem-config');
    dirs.push(home);
    fs.mkdirSync(home, { recursive: true, mode: 0o700 });
    const cfg = path.join(home, 'config.yaml');
    const empty = tempDir('mem-nosrc');
    dirs.push(empty);
    const sources = `  sources:\n    claude: ${empty}\n    codex: ${empty}\n    runs: [${empty}]\n    seeds: [${empty}]\n`;
    fs.writeFileSync(cfg, `memory:\n${sources}  providers:\n    - type: offline\n`);
    const good = await json<MemoryStatus>(['memory', 'status'], home);
    assert.equal(good.config.error, undefined);
    assert.deepEqual(
      good.providers.map((p) => p.name),
      ['offline'],
    );
    fs.writeFileSync(cfg, `memory:\n${sources}  providers:\n    - type: offline\n    - type: gpt-9000\n`);
    const bad = await json<MemoryStatus>(['memory', 'status'], home);
    // status does not reload; an ingest or sweep does.
    await json<SweepResult>(['memory', 'sweep', '--dry-run'], home);
    const after = await json<MemoryStatus>(['memory', 'status'], home);
    assert.equal(bad.config.error, undefined);
    assert.match(after.config.error ?? '', /config\.yaml:9: memory\.providers\[1\]\.type: /);
    assert.deepEqual(
      after.providers.map((p) => p.name),
      ['offline'],
      'the last good chain still runs',
    );
  });

  it('a file first ingested as the wrong source is ingested when given the right one (cursors are per source and path)', async () => {
    const home = tempDir('mem-wrong-source');
    const dir = sessionFolder(1);
    dirs.push(home, path.dirname(dir));
    const file = path.join(dir, fs.readdirSync(dir)[0]!);
    const wrong = await json<IngestResult>(['memory', 'ingest', '--source', 'codex', '--path', file], home);
    assert.deepEqual(
      wrong.files.map((f) => [f.source, f.outcome]),
      [['codex', 'too-short']],
      'a Claude session read as a rollout has no turns',
    );
    const right = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', file], home);
    assert.deepEqual(
      right.files.map((f) => [f.source, f.outcome]),
      [['claude', 'ingested']],
    );
    assert.ok(right.added > 0);
    const again = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', file], home);
    assert.equal(again.files[0]!.outcome, 'unchanged');
    const unknown = await scry(['memory', 'ingest', '--source', 'nope', '--path', file], { home, env: ENV });
    assert.equal(unknown.code, 1);
    assert.ok(unknown.stderr.includes(`unknown memory source 'nope': this daemon reads ${SOURCE_IDS.join(', ')}`), unknown.stderr);
  });

  it('a broken config.yaml at start leaves the sweep and the hooks off (or as the last good file had them) and is reported', async () => {
    // SCRY_MEMORY_SWEEP is not 0 here: only config.yaml decides. HOME is a temp dir, so a sweep could only ever read that.
    const env = { SCRY_MEMORY_SWEEP: '', HOME: tempDir('mem-cfg-user') };
    const repo = tempDir('mem-cfg-repo');
    const fresh = tempDir('mem-cfg-fresh');
    dirs.push(fresh, env.HOME, repo);
    fs.writeFileSync(path.join(fresh, 'config.yaml'), 'memory:\n  sweep:\n    enabled: tru\n');
    const safe = await json<MemoryStatus>(['memory', 'status'], fresh, env);
    assert.equal(safe.sweep.enabled, false, 'no good copy was ever kept: the sweep stays off');
    assert.equal(safe.config.using, 'safe');
    assert.match(safe.config.error ?? '', /config\.yaml:3: memory\.sweep\.enabled: .*boolean/);
    const text = await scry(['memory', 'status', '--format', 'human'], { home: fresh, env: { ...ENV, ...env } });
    assert.match(text.stdout, /config: .*config\.yaml:3: memory\.sweep\.enabled: .*\(until it is fixed: sweeps and hooks off/);
    const hook = await scry(['memory', 'orient', '--hook'], { home: fresh, env: { ...ENV, ...env }, cwd: repo });
    assert.equal(hook.stdout, '', 'the SessionStart hook is off too');

    // The user's own "off", read once while the file was good, outlives a later broken file and a restart.
    const kept = tempDir('mem-cfg-kept');
    dirs.push(kept);
    fs.writeFileSync(path.join(kept, 'config.yaml'), 'memory:\n  sweep:\n    enabled: false\nhooks:\n  session_end: false\n');
    const good = await json<MemoryStatus>(['memory', 'status'], kept, env);
    assert.equal(good.sweep.enabled, false);
    await stopDaemon(kept);
    fs.writeFileSync(path.join(kept, 'config.yaml'), 'memory:\n  sweep:\n    enabled: false\nhooks:\n  session_end: false\nmemroy: {}\n');
    const restarted = await json<MemoryStatus>(['memory', 'status'], kept, env);
    assert.equal(restarted.sweep.enabled, false, "never on by default over the user's off");
    assert.equal(restarted.config.using, 'last-good');
    assert.match(restarted.config.error ?? '', /config\.yaml:\d+: \(root\): .*memroy/);
  });
});
