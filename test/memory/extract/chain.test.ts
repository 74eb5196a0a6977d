// Providers against a local server speaking the Anthropic and OpenAI APIs and
// a stub `claude`; the chain falls through, cools down, and loses nothing.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { DEFAULT_CONFIG, parseConfig } from '../../../daemon/memory/config';
import {
  AnthropicProvider,
  ClaudeCliProvider,
  createProviders,
  EmptyReplyError,
  ExtractionChain,
  ExtractionWorker,
  extractorCwd,
  isExtractorSession,
  MalformedReplyError,
  OpenAiProvider,
  PROMPT_MARKER,
  ProviderError,
  ProviderHttpError,
  ProviderTimeoutError,
  ProviderUnavailableError,
  ReplySchemaError,
  type Provider,
} from '../../../daemon/memory/extract';
import { MemoryStore } from '../../../daemon/memory/store';
import { tempDir } from '../../helpers';
import { DEPLOY_SESSION, draft } from './episodes';
import { FakeLlm, stubClaude, VALID_REPLY, WRONG_TYPE_REPLY } from './fake-llm';

const ENV = { TEST_ANTHROPIC_KEY: 'test-key-anthropic', TEST_OPENAI_KEY: 'test-key-openai', PATH: process.env.PATH ?? '' };

describe('extraction providers and chain', () => {
  let llm: FakeLlm;
  let home: string;
  let store: MemoryStore;
  let clock: Date;
  const now = (): Date => clock;

  before(async () => {
    llm = await new FakeLlm().start();
  });
  after(async () => llm.stop());
  beforeEach(() => {
    home = tempDir('chain');
    clock = new Date('2025-06-01T12:00:00.000Z');
    store = new MemoryStore(path.join(home, 'memory', 'memory.db'), { now });
    llm.seen.length = 0;
    llm.plan.clear();
  });
  afterEach(() => store.close());

  const anthropic = (o: { timeoutMs?: number; cooldownMs?: number } = {}): AnthropicProvider =>
    new AnthropicProvider({ baseUrl: llm.url, apiKeyEnv: 'TEST_ANTHROPIC_KEY', timeoutMs: o.timeoutMs ?? 5000, cooldownMs: o.cooldownMs ?? 600_000, env: ENV });
  const openai = (o: { timeoutMs?: number } = {}): OpenAiProvider =>
    new OpenAiProvider({
      baseUrl: `${llm.url}/v1`,
      apiKeyEnv: 'TEST_OPENAI_KEY',
      model: 'llama3',
      timeoutMs: o.timeoutMs ?? 5000,
      cooldownMs: 600_000,
      env: ENV,
    });

  const episode = (over: Parameters<typeof draft>[1] = {}) => {
    const d = draft(DEPLOY_SESSION, over);
    store.addEpisode(d);
    return store.episode(d.id)!;
  };
  const request = { glossary: [], referenceTime: '2025-03-01T10:00:00.000Z' };
  const signal = (): AbortSignal => new AbortController().signal;

  it('anthropic: sends the key and version headers and parses a valid reply', async () => {
    llm.answer('/v1/messages', { kind: 'reply', text: '```json\n' + VALID_REPLY + '\n```' });
    const reply = await anthropic().extract({ episode: episode(), ...request }, signal());
    assert.equal(reply.extraction.facts[0]!.relation, 'hosted on');
    assert.equal(reply.tokens, 150);
    const [req] = llm.seen;
    assert.equal(req!.headers['x-api-key'], 'test-key-anthropic');
    assert.equal(req!.headers['anthropic-version'], '2023-06-01');
    const body = req!.body as { messages: Array<{ content: string }> };
    assert.ok(body.messages[0]!.content.startsWith(PROMPT_MARKER));
    assert.match(body.messages[0]!.content, /Reference time \(when this session happened\): 2025-03-01T10:00:00.000Z/);
  });

  it('openai: sends a Bearer key to base_url/chat/completions', async () => {
    llm.answer('/v1/chat/completions', { kind: 'reply', text: VALID_REPLY });
    const reply = await openai().extract({ episode: episode(), ...request }, signal());
    assert.equal(reply.extraction.entities.length, 2);
    assert.equal(llm.seen[0]!.headers.authorization, 'Bearer test-key-openai');
    assert.equal((llm.seen[0]!.body as { model: string }).model, 'llama3');
  });

  const failures: Array<[string, Parameters<FakeLlm['answer']>[1], new (...args: never[]) => ProviderError, boolean]> = [
    ['empty reply', { kind: 'reply', text: '' }, EmptyReplyError, false],
    ['malformed JSON', { kind: 'reply', text: '{"entities": [' }, MalformedReplyError, false],
    ['wrong entity type', { kind: 'reply', text: WRONG_TYPE_REPLY }, ReplySchemaError, false],
    ['401', { kind: 'status', status: 401 }, ProviderHttpError, true],
    ['403', { kind: 'status', status: 403 }, ProviderHttpError, true],
    ['429', { kind: 'status', status: 429, retryAfter: '120' }, ProviderHttpError, true],
    ['500', { kind: 'status', status: 500 }, ProviderHttpError, false],
    ['slow', { kind: 'slow', ms: 3000 }, ProviderTimeoutError, false],
  ];
  for (const [what, canned, type, cooldown] of failures) {
    for (const api of ['anthropic', 'openai'] as const) {
      it(`${api}: ${what} → ${type.name}${cooldown ? ' (cools down)' : ''}`, async () => {
        llm.answer(api === 'anthropic' ? '/v1/messages' : '/v1/chat/completions', canned);
        const p = api === 'anthropic' ? anthropic({ timeoutMs: 300 }) : openai({ timeoutMs: 300 });
        const err = await p.extract({ episode: episode(), ...request }, signal()).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(err instanceof type, `got ${String(err)}`);
        assert.equal((err as ProviderError).cooldown, cooldown);
      });
    }
  }

  it('a missing key is the provider unavailable, not a request', async () => {
    const p = new AnthropicProvider({ baseUrl: llm.url, apiKeyEnv: 'NOT_SET_ANYWHERE', timeoutMs: 1000, cooldownMs: 1000, env: ENV });
    await assert.rejects(p.extract({ episode: episode(), ...request }, signal()), ProviderUnavailableError);
    assert.equal(llm.seen.length, 0);
  });

  it('falls through to the next provider and cools down the one that failed on auth', async () => {
    llm.answer('/v1/messages', { kind: 'status', status: 401 });
    llm.answer('/v1/chat/completions', { kind: 'reply', text: VALID_REPLY });
    const chain = new ExtractionChain([anthropic({ cooldownMs: 600_000 }), openai()], store, { now });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 10_000, now });
    const first = episode();
    assert.equal(await worker.step(), 'extracted');
    assert.equal(store.episode(first.id)?.extractedBy, 'openai');
    assert.ok(store.findEntity('hermes-api', 'service'));
    const state = store.providerState('anthropic')!;
    assert.equal(state.cooldownUntil, '2025-06-01T12:10:00.000Z');
    assert.match(state.lastError ?? '', /HTTP 401/);

    // The second episode does not hit the cooled-down provider.
    const second = episode();
    assert.equal(await worker.step(), 'extracted');
    assert.equal(llm.hits('/v1/messages'), 1);
    assert.equal(llm.hits('/v1/chat/completions'), 2);
    assert.equal(store.episode(second.id)?.extraction, 'done');
    const status = worker.status();
    assert.deepEqual(
      status.providers.map((p) => [p.name, p.coolingDown, p.successes, p.failures]),
      [
        ['anthropic', true, 0, 1],
        ['openai', false, 2, 0],
      ],
    );

    // After the cooldown, it is tried again.
    clock = new Date('2025-06-01T12:11:00.000Z');
    llm.answer('/v1/messages', { kind: 'reply', text: VALID_REPLY });
    episode();
    assert.equal(await worker.step(), 'extracted');
    assert.equal(llm.hits('/v1/messages'), 2);
  });

  it('honours Retry-After on 429', async () => {
    llm.answer('/v1/messages', { kind: 'status', status: 429, retryAfter: '90' });
    const chain = new ExtractionChain([anthropic({ cooldownMs: 600_000 })], store, { now });
    const r = await chain.extract(episode(), request, signal());
    assert.equal(r.ok, false);
    assert.equal(store.providerState('anthropic')?.cooldownUntil, '2025-06-01T12:01:30.000Z');
  });

  it('keeps an episode no provider could process, and retry brings it back', async () => {
    llm.answer('/v1/messages', { kind: 'reply', text: 'I cannot help with that.' });
    llm.answer('/v1/chat/completions', { kind: 'status', status: 503 });
    const chain = new ExtractionChain([anthropic(), openai()], store, { now });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 10_000, now });
    const ep = episode();
    const events: string[] = [];
    worker.onProgress((e) => events.push(e.type));
    assert.equal(await worker.step(), 'failed');
    assert.equal(store.episode(ep.id)?.extraction, 'failed');
    const item = store.queueItem(ep.id)!;
    assert.equal(item.status, 'failed');
    assert.deepEqual(item.providersTried, ['anthropic', 'openai']);
    assert.match(item.lastError ?? '', /not JSON.*HTTP 503/s);
    assert.equal(await worker.step(), 'empty', 'a failed episode is not retried by itself');

    llm.answer('/v1/messages', { kind: 'reply', text: VALID_REPLY });
    assert.equal(store.retryFailed(), 1);
    assert.deepEqual(await worker.drain(), { extracted: 1, failed: 0, deferred: 0, empty: 1 });
    assert.equal(store.episode(ep.id)?.extraction, 'done');
    assert.deepEqual(events, ['failed', 'extracted']);
  });

  it('defers, rather than fails, an episode when every provider is cooling down', async () => {
    llm.answer('/v1/messages', { kind: 'status', status: 402 });
    const chain = new ExtractionChain([anthropic({ cooldownMs: 60_000 })], store, { now });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 10_000, now });
    episode();
    assert.equal(await worker.step(), 'failed', 'the episode that met the failure');
    const waiting = episode();
    assert.equal(await worker.step(), 'deferred');
    assert.equal(store.queueItem(waiting.id)?.status, 'pending');
    assert.equal(store.queueItem(waiting.id)?.nextAttemptAt, '2025-06-01T12:01:00.000Z');
    assert.equal(llm.hits('/v1/messages'), 1);
  });

  it('over the daily budget skips model providers and lets offline run', async () => {
    llm.answer('/v1/messages', { kind: 'reply', text: VALID_REPLY });
    const providers = createProviders(
      parseConfig(
        'memory:\n  providers:\n    - type: anthropic\n      base_url: ' + llm.url + '\n      api_key_env: TEST_ANTHROPIC_KEY\n    - type: offline\n',
        'config.yaml',
      ),
      { home, env: ENV },
    );
    const chain = new ExtractionChain(providers, store, { now, budget: { dailyEpisodes: 1 } });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 10_000, now, budget: { dailyEpisodes: 1 } });
    const a = episode();
    const b = episode();
    await worker.drain();
    assert.equal(store.episode(a.id)?.extractedBy, 'anthropic');
    assert.equal(store.episode(b.id)?.extractedBy, 'offline');
    assert.equal(llm.hits('/v1/messages'), 1);
    assert.equal(worker.status().budget.over, true);
  });

  it('over budget without offline, the episode waits for the next day', async () => {
    const chain = new ExtractionChain([anthropic()], store, { now, budget: { dailyTokens: 0 } });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 10_000, now });
    const ep = episode();
    assert.equal(await worker.step(), 'deferred');
    assert.equal(store.queueItem(ep.id)?.nextAttemptAt, '2025-06-02T00:00:00.000Z');
    assert.equal(llm.seen.length, 0);
  });

  it('the per-episode deadline stops a slow chain', async () => {
    llm.answer('/v1/messages', { kind: 'slow', ms: 5000 });
    const chain = new ExtractionChain([anthropic({ timeoutMs: 60_000 })], store, { now });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 200, now });
    const ep = episode();
    assert.equal(await worker.step(), 'failed');
    assert.match(store.queueItem(ep.id)?.lastError ?? '', /no reply within/);
  });

  it('stopping the worker mid-extraction leaves the episode pending', async () => {
    llm.answer('/v1/messages', { kind: 'slow', ms: 5000 });
    const chain = new ExtractionChain([anthropic({ timeoutMs: 60_000 })], store, { now });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 60_000, now, pollMs: 50 });
    const ep = episode();
    worker.start();
    while (llm.seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    assert.equal(store.queueItem(ep.id)?.status, 'pending');
    assert.equal(store.episode(ep.id)?.extraction, 'pending');
  });

  describe('claude-cli', () => {
    const envelope = (result: string, isError = false) => ({
      type: 'result',
      subtype: isError ? 'error' : 'success',
      is_error: isError,
      result,
      usage: { input_tokens: 10, output_tokens: 5 },
    });
    const withStub = (env: ReturnType<typeof stubClaude>) => ({ ...ENV, PATH: `${path.dirname(env.bin)}${path.delimiter}${ENV.PATH}` });

    it('runs the stub claude with the prompt on stdin, in the extractor cwd, marked', async () => {
      const stub = stubClaude(path.join(home, 'bin'), envelope(VALID_REPLY));
      const p = new ClaudeCliProvider({ home, model: 'haiku', timeoutMs: 10_000, cooldownMs: 1000, env: withStub(stub) });
      const reply = await p.extract({ episode: episode(), ...request }, signal());
      assert.equal(reply.extraction.facts.length, 1);
      assert.equal(reply.tokens, 15);
      const call = JSON.parse(fs.readFileSync(stub.log, 'utf8').trim()) as { argv: string[]; cwd: string; extractor: string; promptStart: string };
      assert.deepEqual(call.argv, ['-p', '--output-format', 'json', '--model', 'haiku']);
      assert.equal(fs.realpathSync(call.cwd), fs.realpathSync(extractorCwd(home)));
      assert.equal(call.extractor, '1');
      assert.ok(call.promptStart.startsWith(PROMPT_MARKER));
      assert.equal(isExtractorSession(extractorCwd(home), home), true);
      assert.equal(isExtractorSession('/home/ana/src/hermes', home), false);
    });

    it('a usage-limit error cools it down; a missing binary is unavailable', async () => {
      const stub = stubClaude(path.join(home, 'bin'), envelope('Claude AI usage limit reached', true), 1);
      const p = new ClaudeCliProvider({ home, timeoutMs: 10_000, cooldownMs: 1000, env: withStub(stub) });
      const err = await p.extract({ episode: episode(), ...request }, signal()).catch((e: unknown) => e);
      assert.ok(err instanceof ProviderUnavailableError, String(err));
      const missing = new ClaudeCliProvider({ home, command: 'claude-not-installed-here', timeoutMs: 10_000, cooldownMs: 1000, env: ENV });
      await assert.rejects(missing.extract({ episode: episode(), ...request }, signal()), ProviderUnavailableError);
    });

    it('a non-JSON result falls through to the next provider', async () => {
      const stub = stubClaude(path.join(home, 'bin'), envelope('Sure! Here are the entities: Hermes.'));
      llm.answer('/v1/chat/completions', { kind: 'reply', text: VALID_REPLY });
      const chain = new ExtractionChain([new ClaudeCliProvider({ home, timeoutMs: 10_000, cooldownMs: 1000, env: withStub(stub) }), openai()], store, { now });
      const r = await chain.extract(episode(), request, signal());
      assert.equal(r.ok && r.provider, 'openai');
      assert.deepEqual(
        r.attempts.map((a) => a.outcome),
        ['failed', 'ok'],
      );
    });
  });

  it('with no configuration, only offline runs and no request leaves', async () => {
    // Keys in the environment must not be enough to make a call: only config.yaml enables a provider.
    const env = { ...ENV, ANTHROPIC_API_KEY: 'present', OPENAI_API_KEY: 'present', OPENAI_BASE_URL: llm.url, ANTHROPIC_BASE_URL: llm.url };
    const providers: Provider[] = createProviders(DEFAULT_CONFIG, { home, env });
    assert.deepEqual(
      providers.map((p) => p.type),
      ['offline'],
    );
    const chain = new ExtractionChain(providers, store, { now });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 10_000, now });
    for (let i = 0; i < 5; i++) episode();
    assert.equal((await worker.drain()).extracted, 5);
    assert.equal(llm.seen.length, 0);
    assert.match(worker.status().hint ?? '', /memory\.providers/);
  });
});
