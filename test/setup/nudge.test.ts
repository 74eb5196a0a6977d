import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pretoolUseNudge, symbolInPattern } from '../../daemon/setup/nudge';

describe('symbolInPattern', () => {
  const cases: Array<[string, string | undefined]> = [
    ['processOrder', 'processOrder'],
    ['\\bprocessOrder\\b', 'processOrder'],
    ['OrderService.processOrder', 'OrderService.processOrder'],
    ['DB::table', 'DB::table'],
    ['auth->user', 'auth->user'],
    ['OrderService#processOrder', 'OrderService#processOrder'],
    ['_private$', '_private$'],
    ['MAX_RETRIES', 'MAX_RETRIES'],
    ['TODO', undefined],
    ['fixme', undefined],
    ['ab', undefined],
    ['process.*Order', undefined],
    ['foo bar', undefined],
    ['"quoted"', undefined],
    ['**/*.ts', undefined],
    ['src/index.ts', undefined],
    ['9lives', undefined],
  ];
  for (const [pattern, want] of cases) it(`${JSON.stringify(pattern)} -> ${want ?? 'nothing'}`, () => assert.equal(symbolInPattern(pattern), want));
});

describe('pretoolUseNudge', () => {
  it('only answers Grep and Glob with a string pattern', () => {
    assert.ok(pretoolUseNudge({ tool_name: 'Glob', tool_input: { pattern: 'OrderService' } }));
    assert.equal(pretoolUseNudge({ tool_name: 'Read', tool_input: { pattern: 'OrderService' } }), undefined);
    assert.equal(pretoolUseNudge({ tool_name: 'Grep', tool_input: { pattern: 42 } }), undefined);
    assert.equal(pretoolUseNudge({ tool_name: 'Grep' }), undefined);
    assert.equal(pretoolUseNudge(null), undefined);
  });
});
