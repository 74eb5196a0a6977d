// The stand-in model servers the real-client tests and the fixture recorder
// talk to, driven over real HTTP on 127.0.0.1: the shared server (body read
// whole, request log, JSON / SSE / status answers) and each API's routes on
// top of it (Anthropic Messages, OpenAI Responses, Gemini and OpenAI chat).
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { describe, it } from 'node:test';
import { startChatStandIn } from './chat-stand-in';
import { startStandIn } from './model-stand-in';
import { startResponsesStandIn } from './responses-stand-in';
import { serveStandIn, sseEvent } from './stand-in-server';

interface Got {
  status: number;
  type: string;
  text: string;
}

async function post(url: string, body: unknown, method = 'POST'): Promise<Got> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The events of an SSE body: each block's `event:` name (if any) and its data, parsed when it is JSON. */
function events(text: string): Array<{ event?: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const raw = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      let data: unknown = raw;
      try {
        data = JSON.parse(raw);
      } catch {
        // [DONE] and other plain data stay text.
      }
      return { event, data };
    });
}

/** Posts `parts` as one body in separate writes, so the server sees them as separate chunks. */
function postInParts(url: string, parts: Buffer[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.flushHeaders();
    let i = 0;
    const next = (): void => {
      if (i === parts.length) return void req.end();
      req.write(parts[i++], () => setImmediate(next));
    };
    next();
  });
}

describe('the shared stand-in server', () => {
  it('logs every request with its body, and writes JSON, SSE and bare-status answers', async () => {
    const server = await serveStandIn((req) =>
      req.url === '/json'
        ? { json: { echoed: req.body?.n } }
        : req.url === '/sse'
          ? { events: [sseEvent({ type: 'a' }, 'a'), sseEvent('[DONE]')] }
          : { status: 418 },
    );
    try {
      const json = await post(`${server.url}/json`, { n: 7 });
      assert.equal(json.status, 200);
      assert.match(json.type, /application\/json/);
      assert.deepEqual(JSON.parse(json.text), { echoed: 7 });
      const sse = await post(`${server.url}/sse`, {});
      assert.match(sse.type, /text\/event-stream/);
      assert.deepEqual(events(sse.text), [
        { event: 'a', data: { type: 'a' } },
        { event: undefined, data: '[DONE]' },
      ]);
      assert.equal((await post(`${server.url}/other`, 'not json')).status, 418);
      assert.deepEqual(
        server.log.map((r) => [r.method, r.url, r.body]),
        [
          ['POST', '/json', { n: 7 }],
          ['POST', '/sse', {}],
          ['POST', '/other', undefined],
        ],
      );
      assert.equal(server.log[2]!.raw, 'not json');
    } finally {
      await server.close();
    }
  });

  it('reads a body whole, even when a multi-byte character is split between two chunks', async () => {
    const server = await serveStandIn(() => ({ json: {} }));
    try {
      const body = Buffer.from(JSON.stringify({ text: 'café – naïve 日本' }));
      const cut = body.indexOf(Buffer.from('日')) + 1;
      await postInParts(server.url, [body.subarray(0, cut), body.subarray(cut)]);
      assert.deepEqual(server.log[0]!.body, { text: 'café – naïve 日本' });
    } finally {
      await server.close();
    }
  });
});

describe('the Anthropic Messages stand-in', () => {
  it('plays the script to requests with tools, answers the others aside, and refuses what is not JSON', async () => {
    const model = await startStandIn([{ tool: 'Bash', input: { command: 'ls' } }]);
    try {
      const tools = [{ name: 'Bash' }];
      const first = events((await post(`${model.url}/v1/messages`, { tools, messages: [{ role: 'user', content: 'hi' }] })).text);
      assert.deepEqual(
        first.map((e) => e.event),
        ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop'],
      );
      assert.ok(first.every((e) => (e.data as { type: string }).type === e.event));
      assert.deepEqual(first[1]!.data, { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} } });
      assert.equal((first[2]!.data as { delta: { partial_json: string } }).delta.partial_json, '{"command":"ls"}');
      const title = events((await post(`${model.url}/v1/messages`, { messages: [{ role: 'user', content: 'title?' }] })).text);
      assert.deepEqual((title[2]!.data as { delta: unknown }).delta, { type: 'text_delta', text: 'ok' });
      const past = events((await post(`${model.url}/v1/messages`, { tools, messages: [] })).text);
      assert.equal((past[4]!.data as { delta: { stop_reason: string } }).delta.stop_reason, 'end_turn');
      assert.deepEqual(JSON.parse((await post(`${model.url}/v1/messages/count_tokens`, {})).text), { input_tokens: 100 });
      assert.equal((await post(`${model.url}/v1/messages`, '{broken')).status, 400);
      assert.equal((await post(`${model.url}/v1/other`, {})).status, 404);
      assert.equal(model.requests.length, 2);
      assert.equal(model.side.length, 1);
    } finally {
      await model.close();
    }
  });
});

describe('the OpenAI Responses stand-in', () => {
  it('serves under /v1, streams a function call then a message, and play() starts a new script', async () => {
    const model = await startResponsesStandIn([{ tool: 'shell', input: { command: ['ls'] } }]);
    try {
      assert.match(model.url, /\/v1$/);
      const call = events((await post(`${model.url}/responses`, { input: [] })).text);
      assert.deepEqual(
        call.map((e) => e.event),
        ['response.created', 'response.output_item.added', 'response.output_item.done', 'response.completed'],
      );
      assert.deepEqual((call[1]!.data as { item: unknown }).item, {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'shell',
        arguments: '{"command":["ls"]}',
      });
      model.play([{ text: 'second session' }]);
      const said = events((await post(`${model.url}/responses`, { input: [{ type: 'message' }] })).text);
      assert.equal((said[2]!.data as { item: { content: Array<{ text: string }> } }).item.content[0]!.text, 'second session');
      assert.equal((await post(`${model.url}/responses`, 'nope')).status, 400);
      assert.deepEqual(model.requests, [{ input: [] }, { input: [{ type: 'message' }] }]);
    } finally {
      await model.close();
    }
  });
});

describe('the Gemini and OpenAI chat stand-in', () => {
  it('answers Gemini streams and OpenAI chunks from one script, and side requests with their short answers', async () => {
    const model = await startChatStandIn();
    try {
      model.play([{ tool: 'read_file', input: { file_path: 'a.ts' } }, { text: 'port 8443' }]);
      const gemini = events(
        (await post(`${model.url}/v1beta/models/m:streamGenerateContent?alt=sse`, { tools: [{ functionDeclarations: [{ name: 'read_file' }] }] })).text,
      );
      assert.deepEqual((gemini[0]!.data as { candidates: Array<{ content: { parts: unknown[] } }> }).candidates[0]!.content.parts, [
        { functionCall: { name: 'read_file', args: { file_path: 'a.ts' } } },
      ]);
      const openai = events((await post(`${model.url}/v1/chat/completions`, { stream: true, tools: [{ type: 'function' }] })).text);
      assert.equal(openai[openai.length - 1]!.data, '[DONE]');
      const text = openai.map((e) => (e.data as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content ?? '').join('');
      assert.equal(text, 'port 8443');
      const done = await post(`${model.url}/v1/chat/completions`, { tools: [{ type: 'function' }] });
      assert.equal((JSON.parse(done.text) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content, 'Done.');
      // Declarations listed but empty: Gemini's side calls (next-speaker check) carry no tools.
      const next = await post(`${model.url}/v1beta/models/m:generateContent`, {
        tools: [{ functionDeclarations: [] }],
        contents: 'who speaks next? next_speaker',
      });
      const nextText = (JSON.parse(next.text) as { candidates: Array<{ content: { parts: Array<{ text: string }> } }> }).candidates[0]!.content.parts[0]!.text;
      assert.equal((JSON.parse(nextText) as { next_speaker: string }).next_speaker, 'user');
      assert.deepEqual(JSON.parse((await post(`${model.url}/v1/models`, undefined, 'GET')).text), { object: 'list', data: [{ id: 'm', object: 'model' }] });
      assert.equal((await post(`${model.url}/v1/chat/completions`, '[')).status, 400);
      assert.equal(model.requests.length, 3);
      assert.equal(model.side.length, 1);
    } finally {
      await model.close();
    }
  });
});
