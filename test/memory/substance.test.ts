// The floor is substance, not turns, on real transcripts ingested into a
// real store: one prompt with a substantial answer is kept, a prompt that
// was never answered or was abandoned after one line and one tool call is
// not, and the answer that arrives later is not lost.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { distillClaude } from '../../daemon/memory/distill';
import { ingestFile } from '../../daemon/memory/ingest';
import { MemoryStore } from '../../daemon/memory/store';
import { tempDir } from '../helpers';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'memory');
const lines = (rel: string): string[] =>
  fs
    .readFileSync(path.join(FIXTURES, rel), 'utf8')
    .split('\n')
    .filter((l) => l.trim());

describe('the substance floor on real transcripts', () => {
  const home = tempDir('substance');
  const store = new MemoryStore(path.join(home, 'memory', 'memory.db'));
  after(() => {
    store.close();
    fs.rmSync(home, { recursive: true, force: true });
  });
  /** A real transcript cut to its first `n` lines, as a session file of its own. */
  const cut = (rel: string, n: number, name: string): string => {
    const file = path.join(home, 'projects', `${name}.jsonl`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, lines(rel).slice(0, n).join('\n') + '\n');
    return file;
  };
  const episodesOf = (file: string): Array<{ summary: string; text: string }> =>
    store.db.prepare('SELECT summary, text FROM episodes WHERE source_path = ?').all(file) as Array<{ summary: string; text: string }>;

  it('keeps one prompt with a substantial answer (two turns: the old three-turn floor dropped it)', async () => {
    const file = cut('claude/real/daaain-representative_messages.jsonl', 2, 'one-exchange');
    const session = await distillClaude(file);
    assert.deepEqual(
      session.turns.map((t) => t.role),
      ['user', 'assistant'],
    );
    const r = await ingestFile(store, 'claude', file, { home });
    assert.equal(r.outcome, 'ingested');
    const [ep] = episodesOf(file);
    assert.match(ep!.summary, /^Hello Claude! Can you help me understand how Python decorators work\? → /);
    assert.match(ep!.text, /decorator/i);
  });

  it('skips a prompt nobody answered', async () => {
    const file = path.join(FIXTURES, 'codex/real/simonw-sample_codex_session.jsonl');
    const r = await ingestFile(store, 'codex', file, { home });
    assert.equal(r.outcome, 'too-short');
    assert.deepEqual(episodesOf(file), []);
  });

  it('skips an aborted one-liner: a short prompt, an announcement and one tool call; the rest of the session, once written, is kept', async () => {
    const file = cut('claude/real/simonw-sample_session.jsonl', 3, 'aborted');
    const session = await distillClaude(file);
    assert.deepEqual(
      session.turns.map((t) => t.text),
      ['Create a hello world function', "I'll create that function for you.\n[edited hello.py]"],
    );
    assert.equal((await ingestFile(store, 'claude', file, { home })).outcome, 'too-short');
    assert.deepEqual(episodesOf(file), []);
    // The session goes on: the same file grows to the real transcript's end.
    fs.writeFileSync(file, lines('claude/real/simonw-sample_session.jsonl').join('\n') + '\n');
    const grown = await ingestFile(store, 'claude', file, { home });
    assert.equal(grown.outcome, 'ingested');
    const [ep] = episodesOf(file);
    assert.equal(ep!.summary, 'Create a hello world function → The hello function is ready.');
    assert.match(ep!.text, /^user: Create a hello world function/, 'the episode starts at the first prompt, not at what was appended');
  });
});
