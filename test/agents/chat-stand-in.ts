// A stand-in on 127.0.0.1 for the two model APIs the other terminal agents
// speak: Google's Gemini API (Gemini CLI: `:streamGenerateContent?alt=sse`
// and `:generateContent`) and OpenAI's chat completions (OpenCode and Qwen
// Code through an OpenAI-compatible provider). It is the only fake when the
// real CLIs write the memory fixtures: each main-loop request (one that
// offers tools) gets the next scripted reply; side requests (titles, routing,
// next-speaker checks) get a short answer. Every request body is kept.
import { BAD_REQUEST, NOT_FOUND, Script, serveStandIn, sseEvent, type ScriptedReply } from './stand-in-server';

/** One scripted turn: call a tool, or say something and end. */
export type ChatReply = ScriptedReply;

export interface ChatStandIn {
  url: string;
  /** Main-loop request bodies, in order. */
  requests: unknown[];
  side: unknown[];
  /** Queues the replies of the next session. */
  play(replies: ChatReply[]): void;
  close(): Promise<void>;
}

function hasTools(body: Record<string, unknown>): boolean {
  const tools = body.tools;
  if (!Array.isArray(tools) || tools.length === 0) return false;
  // Gemini sends [{functionDeclarations: [...]}]; OpenAI a flat list.
  return tools.some((t) => {
    const decl = (t as { functionDeclarations?: unknown[] }).functionDeclarations;
    return decl === undefined || decl.length > 0;
  });
}

function geminiChunk(reply: ChatReply): unknown {
  const part = 'tool' in reply ? { functionCall: { name: reply.tool, args: reply.input } } : { text: reply.text };
  return {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'stand-in',
  };
}

function openaiStream(reply: ChatReply, id: number): string[] {
  const base = { id: `chatcmpl-${id}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: 'stand-in' };
  const chunk = (delta: unknown, finish: string | null): string => sseEvent({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const out: string[] = [chunk({ role: 'assistant', content: '' }, null)];
  if ('tool' in reply) {
    out.push(
      chunk({ tool_calls: [{ index: 0, id: `call_${id}`, type: 'function', function: { name: reply.tool, arguments: JSON.stringify(reply.input) } }] }, null),
    );
    out.push(chunk({}, 'tool_calls'));
  } else {
    out.push(chunk({ content: reply.text }, null));
    out.push(chunk({}, 'stop'));
  }
  out.push(sseEvent({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }));
  out.push(sseEvent('[DONE]'));
  return out;
}

function openaiJson(reply: ChatReply, id: number): unknown {
  const message =
    'tool' in reply
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_${id}`, type: 'function', function: { name: reply.tool, arguments: JSON.stringify(reply.input) } }],
        }
      : { role: 'assistant', content: reply.text };
  return {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'stand-in',
    choices: [{ index: 0, message, finish_reason: 'tool' in reply ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
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
  const script = new Script({ text: 'Done.' });
  let id = 0;
  const server = await serveStandIn(({ method, url, raw, body }) => {
    if (method === 'GET' && url.includes('/models')) return { json: { object: 'list', data: [{ id: 'm', object: 'model' }] } };
    if (!body) return BAD_REQUEST;
    const main = hasTools(body);
    if (main) requests.push(body);
    else side.push(body);
    const reply: ChatReply = main ? script.next() : { text: sideAnswer(raw) };
    id++;
    if (url.includes(':countTokens')) return { json: { totalTokens: 100 } };
    if (url.includes(':streamGenerateContent')) return { events: [sseEvent(geminiChunk(reply))] };
    if (url.includes(':generateContent')) return { json: geminiChunk(reply) };
    if (url.includes('/chat/completions')) return body.stream === true ? { events: openaiStream(reply, id) } : { json: openaiJson(reply, id) };
    return NOT_FOUND;
  });
  return { url: server.url, requests, side, play: (replies) => script.play(replies), close: () => server.close() };
}
