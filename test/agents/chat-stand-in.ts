// A stand-in on 127.0.0.1 for the two model APIs the other terminal agents
// speak: Google's Gemini API (Gemini CLI: `:streamGenerateContent?alt=sse`
// and `:generateContent`) and OpenAI's chat completions (OpenCode and Qwen
// Code through an OpenAI-compatible provider). It is the only fake when the
// real CLIs write the memory fixtures: each main-loop request (one that
// offers tools) gets the next scripted reply; side requests (titles, routing,
// next-speaker checks) get a short answer. Every request body is kept.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted turn: call a tool, or say something and end. */
export type ChatReply = { tool: string; input: Record<string, unknown> } | { text: string };

export interface ChatStandIn {
  url: string;
  /** Main-loop request bodies, in order. */
  requests: unknown[];
  side: unknown[];
  /** Queues the replies of the next session. */
  play(replies: ChatReply[]): void;
  close(): Promise<void>;
}

const sse = (data: unknown): string => `data: ${JSON.stringify(data)}\n\n`;

function hasTools(body: Record<string, unknown>): boolean {
  const tools = body.tools;
  if (!Array.isArray(tools) || tools.length === 0) return false;
  // Gemini sends [{functionDeclarations: [...]}]; OpenAI a flat list.
  return tools.some((t) => {
    const decl = (t as { functionDeclarations?: unknown[] }).functionDeclarations;
    return decl === undefined || decl.length > 0;
  });
}

function geminiChunk(reply: ChatReply, sideText: string | undefined): unknown {
  const part = sideText !== undefined ? { text: sideText } : 'tool' in reply ? { functionCall: { name: reply.tool, args: reply.input } } : { text: reply.text };
  return {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'stand-in',
  };
}

function openaiStream(reply: ChatReply, id: number): string {
  const base = { id: `chatcmpl-${id}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: 'stand-in' };
  const out: string[] = [sse({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })];
  if ('tool' in reply) {
    out.push(sse({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: `call_${id}`, type: 'function', function: { name: reply.tool, arguments: JSON.stringify(reply.input) } }] }, finish_reason: null }] }));
    out.push(sse({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }));
  } else {
    out.push(sse({ ...base, choices: [{ index: 0, delta: { content: reply.text }, finish_reason: null }] }));
    out.push(sse({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
  }
  out.push(sse({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }));
  out.push('data: [DONE]\n\n');
  return out.join('');
}

function openaiJson(reply: ChatReply, id: number): unknown {
  const message = 'tool' in reply ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${id}`, type: 'function', function: { name: reply.tool, arguments: JSON.stringify(reply.input) } }] } : { role: 'assistant', content: reply.text };
  return { id: `chatcmpl-${id}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: 'stand-in', choices: [{ index: 0, message, finish_reason: 'tool' in reply ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };
}

/** A side request's answer: Gemini's next-speaker check wants JSON, titles want a few words. */
function sideAnswer(raw: string): string {
  if (raw.includes('next_speaker')) return JSON.stringify({ reasoning: 'The model finished its answer.', next_speaker: 'user' });
  if (/complexity|router|classif/i.test(raw) && raw.includes('model_choice')) return JSON.stringify({ reasoning: 'simple', model_choice: 'flash' });
  return 'Session notes';
}

export async function startChatStandIn(): Promise<ChatStandIn> {
  const requests: unknown[] = [];
  const side: unknown[] = [];
  let queue: ChatReply[] = [];
  let id = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method === 'GET' && url.includes('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        res.writeHead(400).end();
        return;
      }
      const main = hasTools(body);
      if (main) requests.push(body);
      else side.push(body);
      const reply: ChatReply = main ? queue.shift() ?? { text: 'Done.' } : { text: sideAnswer(raw) };
      const sideText = main ? undefined : sideAnswer(raw);
      id++;
      if (url.includes(':countTokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ totalTokens: 100 }));
      } else if (url.includes(':streamGenerateContent')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end(sse(geminiChunk(reply, sideText)));
      } else if (url.includes(':generateContent')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(geminiChunk(reply, sideText)));
      } else if (url.includes('/chat/completions')) {
        if (body.stream === true) res.writeHead(200, { 'content-type': 'text/event-stream' }).end(openaiStream(reply, id));
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(openaiJson(reply, id)));
      } else res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    side,
    play: (replies) => {
      queue = [...replies];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
