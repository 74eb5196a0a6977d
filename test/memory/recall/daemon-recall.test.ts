// Recall through a real daemon over a real session and a remembered note: an
// answer that shows a transcript's passage and then a remembered note's
// (whose path, `manual:…`, lies in no folder) arrives, and the daemon keeps
// answering. Naming the folder the shown files share once looped forever on
// such a pair and left the daemon spinning with the request unanswered
// (found through test/memory/anchors/state.test.ts); the wait below is
// bounded only so that a loop fails the test instead of hanging it.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RecallResult } from '../../../daemon/protocol';
import { daemonPid, isAlive, ROOT, scry, stopDaemon, tempDir, type CliResult } from '../../helpers';

const ENV = { SCRY_MEMORY_SWEEP: '0', SCRY_FIRST_INDEX: '0' };
/** A real Claude Code session (d-kimuson/claude-code-viewer, see test/fixtures/memory/SOURCES.md). */
const SESSION = path.join(ROOT, 'test', 'fixtures', 'memory', 'claude', 'real', 'd-kimuson-5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
/** Long enough for a loaded machine; only a request that never returns runs into it. */
const NO_ANSWER_MS = 120_000;

function bounded(p: Promise<CliResult>, what: string): Promise<CliResult> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${NO_ANSWER_MS / 1000} s (the daemon is stuck)`)), NO_ANSWER_MS);
  });
  return Promise.race([p, stuck]).finally(() => clearTimeout(timer));
}

describe('recall through a real daemon: a transcript and a remembered note in one answer', () => {
  let home: string;
  const run = async <T>(args: string[]): Promise<T> => {
    const r = await bounded(scry([...args, '--json'], { home, env: ENV }), `scry ${args.join(' ')}`);
    assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  };

  before(async () => {
    home = tempDir('recall-daemon-home');
    const ingested = await run<{ added: number }>(['memory', 'ingest', '--source', 'claude', '--path', SESSION]);
    assert.ok(ingested.added > 0, JSON.stringify(ingested));
  });
  after(async () => {
    // A spinning daemon never answers `scry stop`: after a bounded wait it is killed.
    const pid = daemonPid(home);
    await Promise.race([stopDaemon(home), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('answers, with the session passage first and the note after it, and keeps answering', async () => {
    const question = 'Which npm script did the project notes mention that does not exist?';
    const before = await run<RecallResult>(['memory', 'recall', question]);
    const first = before.passages?.[0];
    assert.ok(first && first.path === SESSION, JSON.stringify(before.passages?.map((p) => p.path)));
    // A note that shares one word with the question: it ranks below the session's passage, and is shown after it.
    await run(['memory', 'remember', 'The release checklist runs one script before tagging.']);
    const r = await run<RecallResult>(['memory', 'recall', question]);
    const paths = (r.passages ?? []).map((p) => p.path);
    assert.equal(paths[0], SESSION, JSON.stringify(paths));
    assert.ok(
      paths.some((p) => p.startsWith('manual:')),
      `the note is in the answer after the session's passage (else this test does not reach the case): ${JSON.stringify(paths)}`,
    );
    // The compact text of the same answer (the shared folder is named there too), then another request.
    const text = await bounded(scry(['memory', 'recall', question], { home, env: ENV }), 'scry memory recall (text)');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /checklist runs one script/);
    const status = await run<{ episodes?: number }>(['memory', 'status']);
    assert.ok(status, 'the daemon answers after the recall');
  });
});
