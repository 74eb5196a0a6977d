import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Backoff } from '../../extension/backoff';

describe('Backoff', () => {
  it('doubles from the initial delay up to the cap, then stays there', () => {
    const b = new Backoff({ initialMs: 100, maxMs: 1000 });
    assert.deepEqual(
      Array.from({ length: 7 }, () => b.next()),
      [100, 200, 400, 800, 1000, 1000, 1000],
    );
  });

  const cases: Array<{ upMs: number; expectNext: number; why: string }> = [
    { upMs: 0, expectNext: 400, why: 'died at once: keeps slowing down' },
    { upMs: 59_999, expectNext: 400, why: 'just short of stable' },
    { upMs: 60_000, expectNext: 100, why: 'stayed up long enough: starts over' },
  ];
  for (const c of cases) {
    it(`after going down when up ${c.upMs} ms (${c.why})`, () => {
      const b = new Backoff({ initialMs: 100, maxMs: 10_000, stableMs: 60_000 });
      b.next();
      b.next();
      b.wentDownAfter(c.upMs);
      assert.equal(b.next(), c.expectNext);
    });
  }

  it('reset() starts over', () => {
    const b = new Backoff({ initialMs: 50 });
    b.next();
    b.next();
    b.reset();
    assert.equal(b.attempts, 0);
    assert.equal(b.next(), 50);
  });
});
