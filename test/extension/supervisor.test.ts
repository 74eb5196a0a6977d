// The supervisor against a real daemon: real spawns, a real socket, real
// signals. Each test has its own SCRY_HOME.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import * as P from '../../daemon/protocol';
import { Backoff } from '../../extension/backoff';
import { findNode, NodeNotFoundError } from '../../extension/nodeDiscovery';
import { RepoTracker } from '../../extension/repoTracker';
import { Supervisor, type SupervisorOptions, type SupervisorState } from '../../extension/supervisor';
import { WorkspaceIndexer } from '../../extension/workspaceIndexer';
import { daemonPid, isAlive, ROOT, scry, stopDaemon, tempDir } from '../helpers';

const DAEMON = path.join(ROOT, 'dist', 'daemon.js');
// These tests follow one precise build to ready with the daemon's counts; the syntactic first index and its
// status are tested in live/first-index and extension/statusView.
process.env.SCRY_FIRST_INDEX = '0';
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'workspace');

async function until<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Supervisor', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function make(options: Partial<SupervisorOptions> = {}): { sup: Supervisor; home: string; states: SupervisorState[]; log: string[] } {
    const home = options.home ?? tempDir('sup');
    const states: SupervisorState[] = [];
    const log: string[] = [];
    const sup = new Supervisor({
      home,
      daemonScript: DAEMON,
      resolveNode: () => findNode(),
      heartbeatMs: 200,
      backoff: new Backoff({ initialMs: 50, maxMs: 400 }),
      log: (level, line) => log.push(`${level}: ${line}`),
      ...options,
    });
    sup.onDidChangeState((s) => states.push(s));
    cleanups.push(async () => {
      sup.dispose();
      await stopDaemon(home);
      fs.rmSync(home, { recursive: true, force: true });
    });
    return { sup, home, states, log };
  }

  const running = (sup: Supervisor) => (sup.state.kind === 'running' ? sup.state : undefined);

  it('starts the bundled daemon when none answers, detached so it outlives the supervisor', async () => {
    const { sup, home } = make();
    await sup.start();
    const s = running(sup);
    assert.ok(s, `running, got ${JSON.stringify(sup.state)}`);
    assert.equal(s.adopted, false);
    assert.equal(s.info.home, home);
    assert.equal(s.info.pid, daemonPid(home));
    sup.dispose();
    assert.equal(sup.state.kind, 'stopped');
    // Closing the editor leaves the daemon serving the terminal.
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(isAlive(s.info.pid), 'daemon still alive after dispose');
    const status = await scry(['status', '--json'], { home });
    assert.equal(status.code, 0, status.stderr);
    assert.equal((JSON.parse(status.stdout) as P.StatusResult).daemon.pid, s.info.pid);
  });

  it('adopts a daemon the CLI started first', async () => {
    const home = tempDir('sup');
    const started = await scry(['start', '--json'], { home });
    assert.equal(started.code, 0, started.stderr);
    const cliPid = (JSON.parse(started.stdout) as P.DaemonInfo).pid;
    let resolved = 0;
    const { sup } = make({
      home,
      resolveNode: () => {
        resolved++;
        return findNode();
      },
    });
    await sup.start();
    const s = running(sup);
    assert.ok(s);
    assert.equal(s.adopted, true);
    assert.equal(s.info.pid, cliPid);
    assert.equal(resolved, 0, 'no Node was needed: nothing was spawned');
  });

  it('restarts the daemon after it is killed, with a new pid', async () => {
    const { sup, home, states } = make();
    await sup.start();
    const first = running(sup)!.info.pid;
    process.kill(first, 'SIGKILL');
    const down = await until('down', () => states.find((st) => st.kind === 'down'));
    assert.equal(down.kind, 'down');
    const again = await until('running again', () => {
      const r = running(sup);
      return r && r.info.pid !== first ? r : undefined;
    });
    assert.equal(again.adopted, false);
    assert.equal(daemonPid(home), again.info.pid);
    assert.ok(!isAlive(first));
    assert.equal((await sup.request(P.Ping.type, {})).pid, again.info.pid);
  });

  it('notices a wedged daemon through the heartbeat and re-adopts it once it answers again', async () => {
    const { sup, states } = make({ startTimeoutMs: 60_000 });
    await sup.start();
    const pid = running(sup)!.info.pid;
    process.kill(pid, 'SIGSTOP');
    try {
      const down = await until('down after missed heartbeats', () => states.find((st) => st.kind === 'down'));
      assert.match(down.kind === 'down' ? down.reason : '', /stopped answering|heartbeat/);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    const back = await until('running again', () => (states.at(-1)?.kind === 'running' ? running(sup) : undefined));
    assert.equal(back.info.pid, pid, 'the same daemon, adopted');
    assert.equal(back.adopted, true);
  });

  it('restart() stops the daemon and starts a fresh one', async () => {
    const { sup } = make();
    await sup.start();
    const first = running(sup)!.info.pid;
    await sup.restart();
    const second = running(sup);
    assert.ok(second);
    assert.notEqual(second.info.pid, first);
    await until('old daemon gone', () => !isAlive(first));
  });

  it('reports a missing Node once, without retrying or spawning', async () => {
    const { sup, home, states } = make({
      resolveNode: () => Promise.reject(new NodeNotFoundError('no `node` was found on PATH; install Node or set scry.nodePath', undefined)),
    });
    await sup.start();
    assert.equal(sup.state.kind, 'no-node');
    assert.match(sup.state.kind === 'no-node' ? sup.state.reason : '', /scry\.nodePath/);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(
      states.map((s) => s.kind),
      ['starting', 'no-node'],
    );
    assert.equal(daemonPid(home), undefined);
  });

  it('says why a daemon died while starting, and backs off between attempts', async () => {
    const dir = tempDir('bad');
    const bad = path.join(dir, 'daemon.js');
    fs.writeFileSync(bad, "process.stderr.write('scryd: no better-sqlite3 build matches Node v99\\n'); process.exit(3);\n");
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { sup, states } = make({ daemonScript: bad, backoff: new Backoff({ initialMs: 100, maxMs: 10_000 }) });
    await sup.start();
    assert.equal(sup.state.kind, 'down');
    assert.match(sup.state.kind === 'down' ? sup.state.reason : '', /exited \(code 3\) while starting: scryd: no better-sqlite3 build matches Node v99/);
    await until('three failed attempts', () => states.filter((s) => s.kind === 'down').length >= 3);
    const delays = states.flatMap((s) => (s.kind === 'down' ? [s.retryInMs] : []));
    assert.deepEqual(delays.slice(0, 3), [100, 200, 400]);
  });
});

describe('WorkspaceIndexer', () => {
  it("indexes the workspace on connect and tracks progress to ready with the daemon's counts", async () => {
    const home = tempDir('idx');
    const sup = new Supervisor({ home, daemonScript: DAEMON, resolveNode: () => findNode() });
    const tracker = new RepoTracker();
    const phases: string[] = [];
    tracker.onDidChange(() => {
      const v = tracker.get(fs.realpathSync(FIXTURE));
      if (v && phases.at(-1) !== v.phase) phases.push(v.phase);
    });
    tracker.setRepos([fs.realpathSync(FIXTURE)]);
    const indexer = new WorkspaceIndexer(sup, tracker);
    const progress: P.ProgressEvent[] = [];
    sup.onNotification(P.Progress.type, (e) => progress.push(e));
    try {
      await sup.start();
      const view = await until('ready', () => (tracker.list()[0]?.phase === 'ready' ? tracker.list()[0] : undefined), 120_000);
      const cli = await scry(['status', '--repo', FIXTURE, '--json'], { home });
      const status = (JSON.parse(cli.stdout) as P.StatusResult).repos[0]!;
      assert.equal(view.result?.symbols, status.symbols);
      assert.ok(status.symbols > 0);
      assert.deepEqual(phases, ['waiting', 'indexing', 'ready']);
      assert.ok(
        progress.some((e) => e.phase === 'indexing'),
        'progress notifications reached the tracker',
      );
      const percents = progress.flatMap((e) => (e.phase === 'indexing' && typeof e.percent === 'number' ? [e.percent] : []));
      assert.ok(percents.length > 0 && percents.every((p) => p >= 0 && p < 100), `indexing progress carries a percentage: ${JSON.stringify(progress)}`);
      // A forced reindex goes through indexing again and lands on the same counts.
      await indexer.indexAll(true);
      assert.equal(tracker.list()[0]?.phase, 'ready');
      assert.equal(tracker.list()[0]?.result?.symbols, status.symbols);
      assert.ok(phases.lastIndexOf('indexing') > 1);
    } finally {
      indexer.dispose();
      sup.dispose();
      await stopDaemon(home);
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
