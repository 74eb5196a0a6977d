// The name a search pattern looks for, the way agents write them: bare, in
// word boundaries, as a call, a member, a declaration or qualified by its
// owner; and what names no symbol (text, alternations, globs, paths).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { symbolInPattern } from '../../daemon/hooks/search';

describe('symbolInPattern', () => {
  const cases: Array<[string, string | undefined, { fixed?: boolean }?]> = [
    ['processOrder', 'processOrder'],
    ['\\bprocessOrder\\b', 'processOrder'],
    ['\\<processOrder\\>', 'processOrder'],
    ['processOrder\\(', 'processOrder'],
    ['processOrder(', 'processOrder'],
    ['processOrder\\s*\\(', 'processOrder'],
    ['\\.processOrder', 'processOrder'],
    ['::processOrder', 'processOrder'],
    ['function processOrder', 'processOrder'],
    ['export function processOrder', 'processOrder'],
    ['def process_order', 'process_order'],
    ['class OrderService', 'OrderService'],
    ['interface OrderRepo', 'OrderRepo'],
    ['func (s *Server) Handle', 'Handle'],
    ['func (s \\*ManualCommitStrategy) CondenseSession', 'CondenseSession'],
    ['func.*InitializeSession', 'InitializeSession'],
    ['^func.*SaveChanges', 'SaveChanges'],
    ['type State struct', 'State'],
    ['func GetStrategy()', 'GetStrategy'],
    ['NewLanguage(string(', 'NewLanguage'],
    ['readArchivedSessions[^F]', 'readArchivedSessions'],
    ['func getTestBinary\\|var getTestBinary\\|getTestBinary =', 'getTestBinary'],
    ['function logWarning|const logWarning', 'logWarning'],
    ['func handleStop\\|handleStart', undefined],
    ['workspace', undefined],
    ['\\bworkspace\\b', 'workspace'],
    ['workspace(', 'workspace'],
    ['pub fn parse_args', 'parse_args'],
    ['OrderService.processOrder', 'OrderService.processOrder'],
    ['OrderService\\.processOrder', 'OrderService.processOrder'],
    ['DB::table', 'DB.table'],
    ['auth->user', 'auth.user'],
    ['OrderService#processOrder', 'OrderService.processOrder'],
    ['valid?', 'valid?'],
    ['MAX_RETRIES', 'MAX_RETRIES'],
    ['processOrder(', 'processOrder', { fixed: true }],
    ['TODO', undefined],
    ['fixme', undefined],
    ['ab', undefined],
    ['process.*Order', undefined],
    ['foo|bar', undefined],
    ['foo\\|bar', undefined],
    ['foo bar', undefined],
    ['"quoted"', undefined],
    ['**/*.ts', undefined],
    ['src/index.ts', undefined],
    ['@supabase/supabase-js', undefined],
    ['/api/teams', undefined],
    ['9lives', undefined],
    ['[Oo]rder', undefined],
  ];
  for (const [pattern, want, opts] of cases) {
    it(`${JSON.stringify(pattern)}${opts?.fixed ? ' (fixed)' : ''} -> ${want ?? 'nothing'}`, () => {
      const got = symbolInPattern(pattern, opts);
      assert.equal(got ? (got.qualified ?? got.name) : undefined, want);
    });
  }
});
