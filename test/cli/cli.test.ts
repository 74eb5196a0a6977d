// The CLI end to end: a real spawned daemon, a real socket, a real rxjs index.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compactQuery, plural, type IndexResult, type QueryResult, type StatusResult } from '../../daemon/protocol';
import { CLI, daemonPid, isAlive, lineOf, rxjsRepo, scry, scryJson, stopDaemon, tempDir } from '../helpers';
import { linesOf, readSites } from '../code/sites-form';

/** The CLI with a pseudo-terminal for its output, as a person's shell gives it (script(1)); stdout and stderr arrive together. */
function onTerminal(args: string[], home: string): Promise<{ code: number | null; stdout: string }> {
  const command = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...process.env, SCRY_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('scry CLI against a spawned daemon', () => {
  let home: string;
  let repo: string;

  before(() => {
    home = tempDir('home');
    repo = rxjsRepo();
  });
  after(() => stopDaemon(home));

  it('auto-spawns the daemon, answers the first query syntactically at once, then precisely', async () => {
    const cwd = path.join(repo, 'src', 'internal');
    const first = await scry(['refs', 'concatMap', '--json'], { home, cwd });
    assert.equal(first.code, 0, first.stderr);
    const quick = JSON.parse(first.stdout) as QueryResult;
    assert.equal(quick.index.syntactic, true);
    const quickDef = quick.matches
      .flatMap((m) => m.occurrences)
      .find((o) => o.is_definition && o.file === 'src/internal/operators/concatMap.ts' && o.context.startsWith('export function concatMap<'));
    assert.ok(quickDef, 'the syntactic answer has the definition');
    // `scry index` joins the running build and waits for the precise index.
    const built = await scry(['index', '--json'], { home, cwd });
    assert.equal(built.code, 0, built.stderr);
    assert.deepEqual(
      (JSON.parse(built.stdout) as IndexResult).indexers.map((i) => [i.indexer, i.status]),
      [['scip-typescript', 'ok']],
    );
    const r = await scry(['refs', 'concatMap', '--json'], { home, cwd });
    const result = JSON.parse(r.stdout) as QueryResult;
    assert.equal(result.index.syntactic, undefined);
    assert.equal(result.symbol, 'concatMap');
    assert.equal(result.matches.length, 1);
    const m = result.matches[0]!;
    assert.equal(m.display_name, 'concatMap');
    assert.equal(m.kind, 'function');
    assert.match(m.symbol_id, /operators\/`concatMap\.ts`\/concatMap\(\)\./);
    const def = m.occurrences.find((o) => o.is_definition)!;
    const defLine = lineOf(path.join(repo, 'src/internal/operators/concatMap.ts'), /export function concatMap</);
    assert.deepEqual([def.file, def.line, def.column], ['src/internal/operators/concatMap.ts', defLine, 17]);
    assert.equal(def.end_column - def.column, 'concatMap'.length);
    // concatMapTo is built on concatMap: a known reference, with its caller named.
    const use = m.occurrences.find(
      (o) => o.file === 'src/internal/operators/concatMapTo.ts' && !o.is_definition && o.is_call && o.context.includes('concatMap('),
    );
    assert.ok(use, 'concatMapTo.ts calls concatMap');
    assert.equal(use.containing_symbol, 'concatMapTo');
    assert.equal(result.total, m.occurrences.length);
    assert.equal(typeof result.elapsed_ms, 'number');
    assert.equal(result.index.status, 'ready');
    assert.ok(!Number.isNaN(Date.parse(result.index.indexed_at)));
  });

  it('keeps the home and socket private to the user', () => {
    assert.equal(fs.statSync(home).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.join(home, 'scryd.sock')).mode & 0o777, 0o600);
    assert.ok(fs.existsSync(path.join(home, 'logs', 'scryd.log')));
  });

  it('answers defs with only definitions', async () => {
    const result = await scryJson<QueryResult>(['defs', 'Subscriber', '--repo', repo], { home });
    const cls = result.matches.find((m) => m.kind === 'class');
    assert.ok(cls);
    assert.ok(cls.occurrences.every((o) => o.is_definition));
    assert.deepEqual(
      cls.occurrences.map((o) => o.file),
      ['src/internal/Subscriber.ts'],
    );
  });

  it('cuts large answers at --limit and says what was cut', async () => {
    const result = await scryJson<QueryResult>(['refs', 'Observable', '--repo', repo, '--limit', '5'], { home });
    const shown = result.matches.reduce((n, m) => n + m.occurrences.length, 0);
    assert.equal(shown, 5);
    assert.ok(result.total > 100);
    assert.match(result.truncated ?? '', new RegExp(`^\\+${result.total - 5} more in \\d+ files$`));
  });

  it('prints the readable listing on a terminal (a real pseudo-terminal), and JSON by default on a pipe', async () => {
    const json = JSON.parse((await scry(['refs', 'concatMapTo', '--repo', repo], { home })).stdout) as QueryResult;
    const tty = await onTerminal(['refs', 'concatMapTo', '--repo', repo], home);
    assert.equal(tty.code, 0, tty.stdout);
    const listing = tty.stdout.replace(/\r\n/g, '\n');
    assert.throws(() => JSON.parse(listing), 'a terminal gets no JSON');
    const lines = listing.split('\n');
    // Each symbol's header, each of its files once (two spaces in), and under the file each occurrence as `line:column`.
    for (const m of json.matches) {
      const head = lines.findIndex((l) => l.startsWith(`${m.display_name}  ${m.kind}  `));
      assert.notEqual(head, -1, `${m.display_name} ${m.kind} heads its listing:\n${listing}`);
      for (const o of m.occurrences) {
        const file = lines.indexOf(`  ${o.file}`, head);
        assert.ok(file > head, `${o.file} listed under ${m.display_name}:\n${listing}`);
        let end = file + 1;
        while (lines[end]?.startsWith('    ')) end++;
        const site = new RegExp(`^ +${o.line}:${o.column} `);
        assert.ok(
          lines.slice(file + 1, end).some((l) => site.test(l)),
          `${o.file}:${o.line}:${o.column} under its file:\n${listing}`,
        );
      }
    }
    const summary = new RegExp(` · ${plural(json.matches.length, 'symbol')}.* · [\\d.]+ ms$`);
    assert.ok(
      lines.some((l) => summary.test(l)),
      `a summary line counts the symbols:\n${listing}`,
    );
  });

  it('--format compact prints the agent form (sites; --lines: source lines); --format json the same facts as the default JSON; --offset pages', async () => {
    const compact = await scry(['refs', 'concatMapTo', '--repo', repo, '--format', 'compact'], { home });
    assert.equal(compact.code, 0, compact.stderr);
    const json = JSON.parse((await scry(['refs', 'concatMapTo', '--repo', repo, '--format', 'json'], { home })).stdout) as QueryResult;
    const m = json.matches[0]!;
    // One symbol of that name: the header is its count (the name and kind are the question's).
    assert.equal(json.matches.length, 1);
    const head = /^# (\d+) (?:import )?refs? in (\d+) files?(?: · |\n)/.exec(compact.stdout);
    assert.ok(head, compact.stdout.slice(0, 200));
    assert.deepEqual([Number(head[1]), Number(head[2])], [m.counts!.references, m.counts!.files]);
    // Every file is named and every site's line is on it, read back from the folder tree (imports are counted, their
    // files named); Subscriber's answer has folders three deep, ranges, members and several symbols.
    for (const name of ['concatMapTo', 'Subscriber']) {
      const text = (await scry(['refs', name, '--repo', repo, '--format', 'compact'], { home })).stdout;
      const whole = JSON.parse((await scry(['refs', name, '--repo', repo, '--format', 'json'], { home })).stdout) as QueryResult;
      for (const one of whole.matches) {
        const sites = readSites(compactQuery({ ...whole, matches: [one] }, 'refs'));
        for (const o of one.occurrences) {
          const listed = sites.get(o.file);
          assert.ok(listed !== undefined, `${name}: ${o.file} named in ${text}`);
          if (o.use !== 'import') assert.ok(linesOf(listed).has(o.line), `${name}: ${o.file}:${o.line} in '${listed}'`);
        }
      }
      const holding = new Set(whole.matches.flatMap((m) => m.occurrences.map((o) => o.file)));
      for (const f of readSites(text).keys()) assert.ok(holding.has(f), `${name}: ${f} is named and holds none`);
    }
    // What the sites form leaves out (source lines, import lines) the `lines` flag's help says, not each answer.
    assert.doesNotMatch(compact.stdout, /not listed|lines=true/);
    const lines = await scry(['refs', 'concatMapTo', '--repo', repo, '--format', 'compact', '--lines'], { home });
    assert.equal(lines.code, 0, lines.stderr);
    assert.ok(lines.stdout.startsWith(`# ${m.counts!.references} refs in ${m.counts!.files} files\n${m.occurrences[0]!.file}\n`), lines.stdout.slice(0, 200));
    for (const o of m.occurrences) assert.match(lines.stdout, new RegExp(`^ {2}${o.line}:${o.column} ${o.use} `, 'm'));
    assert.ok(compact.stdout.length * 2 < lines.stdout.length, 'sites are smaller than source lines');
    assert.ok(lines.stdout.length * 3 < JSON.stringify(json).length);
    const page = await scry(['refs', 'Observable', '--repo', repo, '--format', 'compact', '--budget', '800'], { home });
    const next = /^next page: offset=(\d+)$/m.exec(page.stdout);
    assert.ok(next, page.stdout);
    const rest = JSON.parse((await scry(['refs', 'Observable', '--repo', repo, '--offset', next[1]!, '--limit', '1'], { home })).stdout) as QueryResult;
    assert.equal(rest.offset, Number(next[1]));
  });

  it('gives a one-line error for a repo path that does not exist, and the daemon stays up', async () => {
    const pid = daemonPid(home)!;
    const r = await scry(['refs', 'x', '--repo', '/nonexistent/place'], { home });
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /'\/nonexistent\/place' does not exist/);
    assert.ok(isAlive(pid));
  });

  it('keeps the previous index when a rebuild fails, and reports the indexer error in one line', async () => {
    const tsconfig = path.join(repo, 'tsconfig.json');
    const good = fs.readFileSync(tsconfig, 'utf8');
    fs.writeFileSync(tsconfig, '{ "compilerOptions": { "strict": tru');
    try {
      const r = await scry(['index', repo, '--force'], { home });
      assert.equal(r.code, 1);
      const errLine = r.stderr.trim().split('\n').pop()!;
      assert.match(errLine, /indexer 'scip-typescript' failed on '.*' \(exit code \d+\)/);
      const after = await scryJson<QueryResult>(['refs', 'concatMap', '--repo', repo], { home });
      assert.ok(after.total > 3, 'the old index still answers');
      const status = await scryJson<StatusResult>(['status', '--repo', repo], { home });
      assert.match(status.repos[0]!.last_error ?? '', /scip-typescript/);
    } finally {
      fs.writeFileSync(tsconfig, good);
    }
  });

  it('rejects a malformed .scip import naming the file, keeping the index', async () => {
    const bad = path.join(tempDir('bad'), 'broken.scip');
    fs.writeFileSync(bad, Buffer.from([0x12, 0xff, 0xff, 0x03, 0x0a, 0x01]));
    const r = await scry(['index', repo, '--scip', bad], { home });
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(`could not decode SCIP index '${bad}'`));
    const still = await scryJson<QueryResult>(['refs', 'concatMap', '--repo', repo], { home });
    assert.ok(still.total > 3);
  });

  it('reports usage errors with exit code 2', async () => {
    const r = await scry(['refs'], { home });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /needs a symbol name/);
    const bad = await scry(['refs', 'x', '--limit', 'lots'], { home });
    assert.match(bad.stderr, /invalid --limit 'lots'/);
  });
});

describe('daemon lifecycle', () => {
  it('replaces a stale socket left by a killed daemon', async () => {
    const home = tempDir('stale');
    const repo = tempDir('tiny');
    fs.writeFileSync(path.join(repo, 'a.ts'), 'export function hello(): number { return 1; }\nexport const x = hello();\n');
    await scryJson<IndexResult>(['index', repo], { home });
    const pid = daemonPid(home)!;
    process.kill(pid, 'SIGKILL');
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 10));
    assert.ok(fs.existsSync(path.join(home, 'scryd.sock')), 'kill -9 leaves the socket file behind');
    // The leader shows as a zombie while its other threads still hold the fds: poll until the listener is gone.
    let refused = false;
    for (let i = 0; i < 500 && !refused; i++) {
      refused = await new Promise<boolean>((resolve) => {
        const s = net.createConnection(path.join(home, 'scryd.sock'));
        s.on('connect', () => {
          s.destroy();
          resolve(false);
        });
        s.on('error', () => resolve(true));
      });
      if (!refused) await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(refused, 'nobody listens on the stale socket');
    const result = await scryJson<QueryResult>(['refs', 'hello', '--repo', repo], { home });
    assert.equal(result.total, 2);
    // The CLI answered and started a new daemon, which takes over the socket.
    for (let i = 0; i < 400 && daemonPid(home) === pid; i++) await new Promise((r) => setTimeout(r, 25));
    const newPid = daemonPid(home)!;
    assert.notEqual(newPid, pid);
    assert.equal((await scryJson<QueryResult>(['refs', 'hello', '--repo', repo], { home })).total, 2);
    await stopDaemon(home);
    assert.ok(!fs.existsSync(path.join(home, 'scryd.sock')), 'a clean stop removes the socket');
  });

  it('starts exactly one daemon when several CLIs start at once', async () => {
    const home = tempDir('race');
    const results = await Promise.all([1, 2, 3, 4].map(() => scryJson<{ pid: number }>(['start'], { home })));
    const pids = new Set(results.map((r) => r.pid));
    assert.equal(pids.size, 1, `all clients talk to one daemon, got ${[...pids].join(', ')}`);
    const [pid] = pids;
    assert.equal(daemonPid(home), pid);
    await stopDaemon(home);
    assert.ok(!isAlive(pid!));
  });

  it('answers a cold query from the index while it starts the daemon, the same answer the daemon gives', async () => {
    const home = tempDir('cold');
    const repo = tempDir('tiny');
    fs.writeFileSync(path.join(repo, 'a.ts'), 'export function hello(): number { return 1; }\nexport const x = hello();\n');
    fs.writeFileSync(path.join(repo, 'b.ts'), "import { hello } from './a';\nexport function twice(): number { return hello() + hello(); }\n");
    await scryJson<IndexResult>(['index', repo], { home });
    await stopDaemon(home);
    assert.equal(daemonPid(home), undefined);
    const strip = (r: QueryResult): unknown => ({ ...r, elapsed_ms: 0 });
    const cold = await scryJson<QueryResult>(['callers', 'hello', '--repo', repo], { home });
    // The cold call started a daemon for the next one.
    let pid: number | undefined;
    for (let i = 0; i < 400 && !(pid = daemonPid(home)); i++) await new Promise((r) => setTimeout(r, 25));
    assert.ok(pid && isAlive(pid), 'the cold call spawned a daemon');
    const warm = await scryJson<QueryResult>(['callers', 'hello', '--repo', repo], { home });
    assert.deepEqual(strip(cold), strip(warm));
    assert.deepEqual(cold.matches.map((m) => m.display_name).sort(), ['a.ts', 'twice']);
    await stopDaemon(home);
  });

  it('stop right after a cold query also stops the daemon that query was still starting', async () => {
    const home = tempDir('coldstop');
    const repo = tempDir('tiny');
    fs.writeFileSync(path.join(repo, 'a.ts'), 'export function hello(): number { return 1; }\n');
    await scryJson<IndexResult>(['index', repo], { home });
    await stopDaemon(home);
    await scryJson<QueryResult>(['refs', 'hello', '--repo', repo], { home });
    const stop = await scry(['stop'], { home });
    assert.equal(stop.code, 0);
    // Give a surviving daemon ample time to come up; none may.
    await new Promise((r) => setTimeout(r, 1500));
    const pid = daemonPid(home);
    assert.ok(pid === undefined || !isAlive(pid), `daemon ${pid} survived scry stop`);
    assert.deepEqual(fs.readdirSync(path.join(home, 'starting')), []);
  });

  it('stop reports when no daemon runs', async () => {
    const home = tempDir('none');
    const r = await scry(['stop'], { home });
    assert.equal(r.code, 0);
    assert.match(r.stderr, /no daemon is running/);
  });
});
