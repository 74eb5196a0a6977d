// recall's query rewrite (issue 37, item 6) through a spawned daemon: with
// memory.recall.rewrite on, the first model provider (an OpenAI-compatible
// local server, the machine's edge) rewords a question that shares no word
// with what the session said, and recall finds it; the request carries the
// question redacted; a reply is asked once per query; a failing or slow
// provider costs only the rewording, never the answer; without the switch, or
// with no model provider, nothing is asked. Extraction stays offline
// (daily_episodes: 0), so every request the server sees is a rewrite.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IngestResult, MemoryStatus, RecallResult } from '../../daemon/protocol';
import { scry, stopDaemon, tempDir } from '../helpers';
import { FakeLlm, lastPrompt } from './extract/fake-llm';

const ENV = { SCRY_MEMORY_SWEEP: '0' };
const QUESTION = 'Where do the pending chores survive a restart?';
const TOKEN = `ghp_${'R8x2Lq7Vn4Tz9Kw3Pb6Yc1Md5Hf0Js2Ga8Ue'}`;
const COMPLETIONS = '/v1/chat/completions';

function session(): string {
  const base = { sessionId: 'rewrite', cwd: '/work/todo-app', gitBranch: 'main' };
  const turn = (i: number, role: 'user' | 'assistant', text: string): string =>
    JSON.stringify({
      ...base,
      type: role,
      uuid: `${role[0]}${i}`,
      timestamp: `2026-03-01T09:0${i}:00Z`,
      message: role === 'user' ? { role, content: text } : { id: `m${i}`, role, content: [{ type: 'text', text }] },
    });
  return [
    turn(1, 'user', 'The todo list is empty again after I reload the page. Can you fix it?'),
    turn(2, 'assistant', 'Fixed: the todo items are now written to localStorage under the key todos-v2, so they outlive a page reload.'),
    turn(3, 'user', 'Also make the header sticky.'),
    turn(4, 'assistant', 'Done: the header uses position sticky with top 0 and a white background.'),
  ].join('\n');
}

function configure(home: string, llm: FakeLlm, recall: string): void {
  fs.writeFileSync(
    path.join(home, 'config.yaml'),
    [
      'memory:',
      '  providers:',
      '    - type: openai',
      '      name: rewriter',
      `      base_url: ${llm.url}/v1`,
      '      model: small',
      '      cooldown_ms: 600000',
      '    - type: offline',
      '  budget:',
      '    daily_episodes: 0',
      ...(recall ? ['  recall:', ...recall.split('\n').map((l) => `    ${l}`)] : []),
      '',
    ].join('\n'),
  );
}

async function recallOf(home: string, query: string): Promise<{ json: RecallResult; text: string }> {
  const j = await scry(['memory', 'recall', query, '--json'], { home, env: ENV });
  assert.equal(j.code, 0, j.stderr);
  const t = await scry(['memory', 'recall', query, '--format', 'compact'], { home, env: ENV });
  assert.equal(t.code, 0, t.stderr);
  return { json: JSON.parse(j.stdout) as RecallResult, text: t.stdout };
}

describe('recall with a model rewording the query', () => {
  let home: string;
  let llm: FakeLlm;

  before(async () => {
    home = tempDir('recall-rewrite');
    llm = await new FakeLlm().start();
    const dir = tempDir('recall-rewrite-src');
    fs.writeFileSync(path.join(dir, '6f0c2e11-0000-4000-8000-000000000000.jsonl'), session());
    configure(home, llm, '');
    const r = await scry(['memory', 'ingest', '--source', 'claude', '--path', dir, '--json'], { home, env: ENV });
    assert.equal(r.code, 0, r.stderr);
    assert.ok((JSON.parse(r.stdout) as IngestResult).added >= 1, r.stdout);
  });

  after(async () => {
    await stopDaemon(home);
    await llm.stop();
  });

  it('asks nothing while memory.recall.rewrite is off, and the question alone misses the answer', async () => {
    llm.answer(COMPLETIONS, { kind: 'reply', text: 'todo localStorage reload persist' });
    const { json, text } = await recallOf(home, QUESTION);
    assert.equal(llm.hits(COMPLETIONS), 0);
    assert.equal(json.rewrite, undefined);
    const status = await scry(['memory', 'status', '--json'], { home, env: ENV });
    assert.deepEqual((JSON.parse(status.stdout) as MemoryStatus).recall_rewrite, { enabled: false, provider: 'rewriter' });
    assert.doesNotMatch(text, /localStorage/);
  });

  it('finds what the rewording names, asking once per query with the question redacted', async () => {
    configure(home, llm, 'rewrite: true');
    llm.answer(COMPLETIONS, {
      kind: 'by-prompt',
      reply: (p) =>
        p.includes(QUESTION)
          ? 'Search terms: todo items, localStorage, reload, persist'
          : p.includes('deploy token')
            ? `deploy token ${TOKEN} GITHUB_TOKEN`
            : undefined,
    });
    const { json, text } = await recallOf(home, QUESTION);
    assert.deepEqual(json.rewrite, { provider: 'rewriter', terms: 'todo items localStorage reload persist' });
    assert.match(json.passages?.[0]?.snippet ?? '', /localStorage under the key todos-v2/);
    assert.match(text, /localStorage under the key todos-v2/);
    assert.match(text, /\(also searched, reworded by rewriter: todo items localStorage reload persist\)/);
    const status = await scry(['memory', 'status', '--json'], { home, env: ENV });
    assert.deepEqual((JSON.parse(status.stdout) as MemoryStatus).recall_rewrite, { enabled: true, provider: 'rewriter' });
    // The CLI's text call asked the same query again: the reply was kept, not asked twice.
    assert.equal(llm.hits(COMPLETIONS), 1);
    const body = llm.seen.find((s) => s.path === COMPLETIONS)!.body as { model: string; max_tokens: number };
    assert.equal(body.model, 'small');
    assert.ok(body.max_tokens > 0);
    assert.match(lastPrompt(body), /^Question: Where do the pending chores survive a restart\?$/m);

    // A name is looked up as it is: nothing asked.
    const asked = llm.hits(COMPLETIONS);
    assert.equal((await recallOf(home, 'todos-v2')).json.rewrite, undefined);
    assert.equal(llm.hits(COMPLETIONS), asked);

    const secret = await recallOf(home, `Where did we put the deploy token ${TOKEN}?`);
    const sent = lastPrompt(llm.seen[llm.seen.length - 1]!.body);
    assert.match(sent, /^Question: Where did we put the deploy token /m);
    assert.ok(!sent.includes(TOKEN), `the provider was sent the token: ${sent}`);
    // A secret in the model's reply is redacted before the answer shows it.
    assert.match(secret.json.rewrite?.terms ?? '', /^deploy token .*GITHUB_TOKEN$/);
    assert.ok(!secret.json.rewrite!.terms!.includes(TOKEN), secret.json.rewrite!.terms);
    assert.match(secret.text, /^Memory has nothing on .*\n\(also searched, reworded by rewriter: deploy token .*GITHUB_TOKEN\)\n$/);
  });

  it('answers from the question alone when the provider fails, and skips it while it cools down', async () => {
    llm.answer(COMPLETIONS, { kind: 'status', status: 429 });
    const before = llm.hits(COMPLETIONS);
    const r = await scry(['memory', 'recall', 'How is the header kept in view while scrolling?', '--format', 'compact'], { home, env: ENV });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /position sticky/);
    assert.match(r.stdout, /\(no rewording: provider 'rewriter': HTTP 429/);
    assert.equal(llm.hits(COMPLETIONS), before + 1);
    // Cooling down (for extraction too): the next query asks nothing and says nothing of a rewording.
    const next = await recallOf(home, 'What colour is the header background?');
    assert.equal(llm.hits(COMPLETIONS), before + 1);
    assert.equal(next.json.rewrite, undefined);
    const status = await scry(['memory', 'status', '--json'], { home, env: ENV });
    assert.match(status.stdout, /HTTP 429/);
  });

  it('gives up on a slow provider after rewrite_timeout_ms and still answers', async () => {
    await stopDaemon(home);
    // A fresh daemon: the cooldown is durable, so clear it by naming the provider anew.
    fs.writeFileSync(
      path.join(home, 'config.yaml'),
      fs
        .readFileSync(path.join(home, 'config.yaml'), 'utf8')
        .replace('name: rewriter', 'name: slow')
        .replace('rewrite: true', 'rewrite: true\n    rewrite_timeout_ms: 300'),
    );
    llm.answer(COMPLETIONS, { kind: 'slow', ms: 30_000 });
    const r = await recallOf(home, 'Why was the todo list empty after a reload?');
    assert.match(r.json.rewrite?.error ?? '', /provider 'slow': no reply within 300 ms/);
    assert.match(r.text, /todos-v2/);
  });

  it('asks nothing when the only provider is offline', async () => {
    fs.writeFileSync(path.join(home, 'config.yaml'), 'memory:\n  providers:\n    - type: offline\n  recall:\n    rewrite: true\n');
    llm.answer(COMPLETIONS, { kind: 'reply', text: 'todo' });
    const before = llm.hits(COMPLETIONS);
    const r = await recallOf(home, 'Which key holds the saved items?');
    assert.equal(llm.hits(COMPLETIONS), before);
    assert.equal(r.json.rewrite, undefined);
  });
});
