// A daemon killed with SIGKILL while scip-typescript indexes a real package
// (rxjs): its indexer goes with it, without waiting for a next start; and one
// that survives anyway (its guard's watcher killed too) is killed by the next
// start, found through the pid file under SCRY_HOME.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { scipTypescriptMain } from '../../daemon/code/indexers/typescript';
import { GUARD_NAME, GUARD_SCRIPT } from '../../daemon/code/indexers/run';
import { groupMembers } from '../../daemon/code/live';
import { repoDir } from '../../daemon/paths';
import { daemonPid, isAlive, rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';
import { waitFor } from '../live/wait';

/**
 * The running scip-typescript of this repo's build, which the guard's shell
 * became (the pid file's pid, its group's leader), and the guard's watcher:
 * the group's other member.
 */
async function indexerUnderWay(dir: string): Promise<{ watcher: number; indexer: number }> {
  return waitFor(() => {
    const indexer = Number(fs.readFileSync(path.join(dir, 'indexer.pid'), 'utf8'));
    if (!(indexer > 0) || !cmdline(indexer).includes('scip-typescript')) return undefined;
    const watcher = groupMembers(indexer).find((pid) => pid !== indexer);
    return watcher !== undefined ? { watcher, indexer } : undefined;
  }, 'scip-typescript to run');
}

const cmdline = (pid: number): string => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

describe('indexers die with the daemon', { skip: process.platform !== 'linux' && 'reads /proc for process groups' }, () => {
  let home: string;
  let repo: string;
  let dir: string;

  before(() => {
    home = tempDir('orphan-home');
    repo = rxjsRepo();
    dir = repoDir(home, fs.realpathSync(repo));
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('SIGKILL of the daemon mid-index: the indexer is gone with no daemon started again', async () => {
    const building = scry(['index', '--repo', repo, '--json'], { home });
    const { watcher, indexer } = await indexerUnderWay(dir);
    const daemon = daemonPid(home)!;
    assert.ok(cmdline(indexer).includes(fs.realpathSync(repo)), `the indexer works on this repo: ${cmdline(indexer)}`);
    const started = performance.now();
    process.kill(daemon, 'SIGKILL');
    await waitFor(() => !isAlive(indexer) && !isAlive(watcher), "the indexer and its guard's watcher to die");
    console.log(`indexer ${indexer} gone ${Math.round(performance.now() - started)} ms after the daemon's SIGKILL`);
    assert.notEqual((await building).code, 0, 'the client of the killed build is told');
    assert.equal(isAlive(daemon), false);
    assert.equal(daemonPid(home), daemon, 'no daemon was started again');
  });

  it("an indexer that outlived its daemon and its guard's watcher is killed by the next start, found by its pid file", async () => {
    await stopDaemon(home);
    // The state a daemon and the guard's watcher killed together leave
    // behind: a real scip-typescript on rxjs, alone in its process group, and
    // its pid in the repo's pid file. (Its output goes nowhere, so it does not
    // die of a broken pipe first.)
    const scratch = tempDir('orphan-out');
    const guardProcess = spawn(
      '/bin/sh',
      [
        '-c',
        GUARD_SCRIPT,
        GUARD_NAME,
        process.execPath,
        scipTypescriptMain(),
        'index',
        '--cwd',
        repo,
        '--output',
        path.join(scratch, 'out.scip'),
        '--no-progress-bar',
      ],
      {
        cwd: repo,
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
      },
    );
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'indexer.pid'), String(guardProcess.pid));
    const { watcher, indexer } = await indexerUnderWay(dir);
    assert.equal(indexer, guardProcess.pid, 'the guard became the indexer');
    process.kill(watcher, 'SIGKILL');
    await waitFor(() => !isAlive(watcher), "the guard's watcher to die");
    guardProcess.stdin?.destroy();
    assert.equal(isAlive(indexer), true, 'the indexer outlived its watcher');
    try {
      const r = await scry(['start'], { home });
      assert.equal(r.code, 0, r.stderr);
      await waitFor(() => !isAlive(indexer), 'the next start to kill the orphan');
      const log = fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8');
      assert.match(log, new RegExp(`killed orphaned indexer ${indexer} of an interrupted build`));
      assert.ok(!fs.existsSync(path.join(dir, 'indexer.pid')), 'the pid file is removed');
    } finally {
      if (isAlive(indexer)) process.kill(indexer, 'SIGKILL');
      guardProcess.stdin?.destroy();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
