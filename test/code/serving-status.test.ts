// The one status rule the daemon's answers, its glance and the CLI's own
// cold-path answer share (daemon/code/serving-status.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerStatus } from '../../daemon/code/serving-status';
import type { IndexStatus } from '../../daemon/protocol/code';

describe('answerStatus', () => {
  const cases: Array<[string, { status: IndexStatus; syntactic?: boolean }, boolean, IndexStatus]> = [
    ['first index while the precise build runs', { status: 'ready', syntactic: true }, true, 'building'],
    ['partial glance while the precise build runs', { status: 'partial', syntactic: true }, true, 'building'],
    ['first index with no build running', { status: 'ready', syntactic: true }, false, 'ready'],
    ['partial glance with no build running', { status: 'partial', syntactic: true }, false, 'partial'],
    ['precise index while a rebuild runs', { status: 'ready', syntactic: false }, true, 'ready'],
    ['precise index, stale, while a rebuild runs', { status: 'stale' }, true, 'stale'],
  ];
  for (const [what, index, building, want] of cases) {
    it(what, () => assert.equal(answerStatus(index, building), want));
  }
});
