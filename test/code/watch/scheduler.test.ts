// Rebuild scheduling: a storm of changes becomes one rebuild, changes during a
// build cause exactly one more after it, and a cooldown separates builds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RebuildScheduler } from '../../../daemon/code/watch';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function harness(cooldownMs = 0) {
  const builds: Array<() => void> = [];
  let s!: RebuildScheduler;
  s = new RebuildScheduler(
    () => {
      s.buildStarted();
      return new Promise<void>((resolve) =>
        builds.push(() => {
          s.buildEnded();
          resolve();
        }),
      );
    },
    { debounceMs: 30, cooldownMs, maxWaitMs: 60_000 },
  );
  return { s, builds };
}

describe('RebuildScheduler', () => {
  it('turns a storm of saves into one rebuild', async () => {
    const { s, builds } = harness();
    for (let i = 0; i < 50; i++) s.changed(`f${i % 7}.ts`);
    assert.equal(s.pendingChanges, 7);
    await until(() => builds.length === 1, 'the rebuild');
    assert.equal(s.pendingChanges, 0, 'the build covers every pending change');
    await sleep(100);
    assert.equal(builds.length, 1);
    builds[0]!();
    await sleep(100);
    assert.equal(builds.length, 1, 'no change, no second build');
    s.dispose();
  });

  it('rebuilds once more for changes made during a build', async () => {
    const { s, builds } = harness();
    s.changed('a.ts');
    await until(() => builds.length === 1, 'the first rebuild');
    for (let i = 0; i < 10; i++) s.changed('b.ts');
    await sleep(100);
    assert.equal(builds.length, 1, 'never two builds at once');
    assert.equal(s.pendingChanges, 1);
    builds[0]!();
    await until(() => builds.length === 2, 'the follow-up rebuild');
    builds[1]!();
    s.dispose();
  });

  it('waits out the cooldown after a build', async () => {
    const { s, builds } = harness(60_000);
    s.changed('a.ts');
    await until(() => builds.length === 1, 'the first rebuild');
    builds[0]!();
    s.changed('a.ts');
    await sleep(200);
    assert.equal(builds.length, 1, 'still cooling down');
    assert.equal(s.pendingChanges, 1);
    s.dispose();
  });
});
