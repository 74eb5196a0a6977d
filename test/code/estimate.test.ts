import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { percentOf } from '../../daemon/code/indexers/estimate';

describe('progress estimate', () => {
  const cases: Array<[number, number, number | undefined]> = [
    [0, 10, 0],
    [5, 10, 50],
    [10, 10, 99],
    [12, 10, 99],
    [3, 0, undefined],
  ];
  for (const [done, expected, want] of cases) {
    it(`${done} of ${expected} -> ${want}`, () => assert.equal(percentOf(done, expected), want));
  }
});
