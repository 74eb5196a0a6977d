// The build worker: a worker kept for the next build (under SCHED_IDLE, and
// for precise builds only, once it ran one), a fresh one started ahead for the
// rest and for the daemon's first build, and never a worker kept from a build
// that failed or was aborted.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { BuildRunner } from '../../../daemon/code/build/runner';
import type { BuildOptions } from '../../../daemon/code/build/build-index';
import { tempDir, workspaceRepo } from '../../helpers';
import { waitFor } from '../../live/wait';

const SCHED_IDLE = 5;

/** This process's threads under SCHED_IDLE (/proc/self/task/TID/stat: the policy is field 41). */
function idleThreads(): string[] {
  return fs.readdirSync('/proc/self/task').filter((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]) === SCHED_IDLE;
    } catch {
      return false;
    }
  });
}

describe('build runner', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  function setup(): { options: (extra?: Partial<BuildOptions>) => BuildOptions; lines: string[]; workDir: string } {
    const home = tempDir('runner');
    const repo = workspaceRepo();
    dirs.push(home, repo);
    const workDir = path.join(home, 'repo');
    const lines: string[] = [];
    return { lines, workDir, options: (extra = {}) => ({ repo, home, workDir, nodePath: process.execPath, log: (l) => lines.push(l), ...extra }) };
  }
  /** How the last build got its worker: 'new', 'ahead' or the number of builds the kept one had run. */
  const howStarted = (lines: string[]): string | number => {
    const line = lines.filter((l) => l.startsWith('build runs in a worker thread')).at(-1) ?? '';
    const kept = /kept from (\d+) builds? before/.exec(line);
    return kept ? Number(kept[1]) : line.includes('started ahead') ? 'ahead' : 'new';
  };

  it('keeps a precise build worker for the next precise builds, up to its limit; a first index gets one started ahead', async () => {
    const { options, lines } = setup();
    const runner = new BuildRunner(3);
    try {
      const first = await runner.run(options());
      assert.ok(first.ingest.symbols > 0);
      assert.equal(howStarted(lines), 'new', 'the first build has none waiting');
      await new Promise(setImmediate);
      assert.ok(runner.hasWaiting);
      const second = await runner.run(options());
      assert.equal(second.ingest.symbols, first.ingest.symbols);
      assert.equal(howStarted(lines), 1, lines.join('\n'));
      await new Promise(setImmediate);
      // A first index runs alone, and not under SCHED_IDLE: the worker started ahead, not the kept one.
      const syntactic = await runner.run(options({ syntacticFirst: true }));
      assert.ok(syntactic.ingest.symbols > 0);
      assert.equal(howStarted(lines), 'ahead', lines.join('\n'));
      await new Promise(setImmediate);
      await runner.run(options());
      assert.equal(howStarted(lines), 2, 'the kept worker waited through the first index');
      await new Promise(setImmediate);
      // Its third build was its last: a fresh worker takes over.
      const fourth = await runner.run(options());
      assert.equal(fourth.ingest.symbols, first.ingest.symbols);
      assert.equal(howStarted(lines), 'ahead', lines.join('\n'));
    } finally {
      await runner.dispose();
    }
  });

  it("starts a worker ahead of the daemon's first build; a first index's worker runs the precise build after it", async () => {
    const { options, lines } = setup();
    const runner = new BuildRunner();
    try {
      runner.prepare();
      assert.deepEqual(runner.waiting, { spare: true });
      const syntactic = await runner.run(options({ syntacticFirst: true }));
      assert.ok(syntactic.ingest.symbols > 0);
      assert.equal(howStarted(lines), 'ahead', lines.join('\n'));
      await new Promise(setImmediate);
      // Kept at normal priority, it can run anything: no second worker is started beside it.
      assert.deepEqual(runner.waiting, { spare: false, kept: { builds: 1, idle: false } });
      const precise = await runner.run(options());
      assert.ok(precise.ingest.symbols > 0);
      assert.equal(howStarted(lines), 1, lines.join('\n'));
      await new Promise(setImmediate);
      // Under SCHED_IDLE now: kept for precise builds, and a fresh worker waits for the rest.
      assert.deepEqual(runner.waiting, { spare: true, kept: { builds: 2, idle: true } });
      runner.prepare();
      await runner.run(options({ syntacticFirst: true }));
      assert.equal(howStarted(lines), 'ahead', 'a first index never runs on the idle thread');
    } finally {
      await runner.dispose();
    }
    assert.deepEqual(runner.waiting, { spare: false });
  });

  it('lets a kept worker go when no precise build came for its time', async () => {
    const { options, lines } = setup();
    const runner = new BuildRunner(8, 300);
    try {
      await runner.run(options());
      await new Promise(setImmediate);
      await runner.run(options());
      assert.equal(howStarted(lines), 1, 'kept within its time');
      await new Promise((r) => setTimeout(r, 900));
      await runner.run(options());
      assert.equal(howStarted(lines), 'ahead', 'let go after it');
    } finally {
      await runner.dispose();
    }
  });

  it('runs a precise build on a SCHED_IDLE thread, which goes with its worker', { skip: process.platform !== 'linux' && 'SCHED_IDLE is Linux' }, async () => {
    const { options } = setup();
    assert.deepEqual(idleThreads(), [], 'none before');
    const runner = new BuildRunner();
    const seen = new Set<string>();
    try {
      // Sampled while the build's worker exists: chrt sets the policy a few milliseconds into the build.
      const sampler = setInterval(() => idleThreads().forEach((t) => seen.add(t)), 5);
      await runner.run(options());
      await waitFor(() => idleThreads().length > 0 || undefined, 'the kept worker to be seen under SCHED_IDLE');
      clearInterval(sampler);
      idleThreads().forEach((t) => seen.add(t));
      assert.equal(seen.size, 1, `one thread, the worker's: ${[...seen].join(', ')}`);
      assert.ok(!seen.has(String(process.pid)), 'never the main thread');
    } finally {
      await runner.dispose();
    }
    assert.deepEqual(idleThreads(), [], 'the worker ended with the runner');
  });

  it('never keeps a worker whose build was aborted or failed', async () => {
    const { options, workDir, lines } = setup();
    const runner = new BuildRunner();
    try {
      await runner.run(options());
      await new Promise(setImmediate);
      const aborter = new AbortController();
      const aborted = runner.run(options({ signal: aborter.signal }));
      aborter.abort();
      await assert.rejects(aborted);
      assert.equal(howStarted(lines), 1, 'the aborted build ran in the kept worker');
      assert.ok(!fs.existsSync(path.join(workDir, 'index.db.next')), 'the partial index is removed');
      await new Promise(setImmediate);
      const again = await runner.run(options());
      assert.ok(again.ingest.symbols > 0);
      assert.equal(howStarted(lines), 'ahead', 'the aborted worker was not kept');
      await new Promise(setImmediate);
      // An indexer that cannot start fails the build: that worker is not kept either.
      await assert.rejects(runner.run(options({ nodePath: path.join(workDir, 'no-such-node') })), /scip-typescript/);
      assert.equal(howStarted(lines), 1);
      await new Promise(setImmediate);
      await runner.run(options());
      assert.equal(howStarted(lines), 'ahead', 'the failed worker was not kept');
    } finally {
      await runner.dispose();
    }
  });
});
