// Build slots: at most N precise builds at once, the rest in order, each told
// how many wait ahead of it; an abandoned wait leaves the queue.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BuildSlots, maxBuildsFromEnv } from '../../../daemon/code/build/slots';

describe('build slots', () => {
  it('runs at most max at once and hands each freed slot to the next in line', async () => {
    const slots = new BuildSlots(2);
    const order: string[] = [];
    const queued: Array<[string, number]> = [];
    const a = await slots.acquire(() => queued.push(['a', -1]));
    const b = await slots.acquire(() => queued.push(['b', -1]));
    const c = slots.acquire((ahead) => queued.push(['c', ahead])).then((r) => (order.push('c'), r));
    const d = slots.acquire((ahead) => queued.push(['d', ahead])).then((r) => (order.push('d'), r));
    assert.deepEqual(queued, [
      ['c', 0],
      ['d', 1],
    ]);
    assert.equal(slots.queued, 2);
    a();
    a(); // a second release of the same slot changes nothing
    const releaseC = await c;
    assert.deepEqual(order, ['c']);
    b();
    const releaseD = await d;
    assert.deepEqual(order, ['c', 'd']);
    releaseC();
    releaseD();
    // Both slots free again: two acquire at once without waiting.
    const waited: number[] = [];
    (await slots.acquire(() => waited.push(1)))();
    assert.deepEqual(waited, []);
  });

  it('an aborted wait leaves the queue and rejects', async () => {
    const slots = new BuildSlots(1);
    const held = await slots.acquire();
    const aborter = new AbortController();
    const waiting = slots.acquire(undefined, aborter.signal);
    assert.equal(slots.queued, 1);
    aborter.abort(new Error('daemon stopping'));
    await assert.rejects(waiting, /daemon stopping/);
    assert.equal(slots.queued, 0);
    held();
  });

  it('reads SCRY_MAX_BUILDS, else half the cores and at least one', () => {
    assert.equal(maxBuildsFromEnv({ SCRY_MAX_BUILDS: '3' }), 3);
    assert.ok(maxBuildsFromEnv({}) >= 1);
    assert.ok(maxBuildsFromEnv({ SCRY_MAX_BUILDS: 'lots' }) >= 1);
  });
});
