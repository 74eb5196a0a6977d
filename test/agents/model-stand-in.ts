// A stand-in for the Anthropic Messages API on 127.0.0.1: the one fake in the
// real-client tests. The real Claude Code CLI (ANTHROPIC_BASE_URL pointed
// here) sends its requests; each main-loop request is answered with the next
// scripted reply, streamed as SSE (a tool_use block, or text), and every
// request body is kept, so a test reads what the model would have seen.
import { BAD_REQUEST, NOT_FOUND, Script, serveStandIn, sseEvent, type ScriptedReply } from './stand-in-server';

/** One scripted turn: call a tool, or say something and end. */
export type Reply = ScriptedReply;

export interface MessagesRequest {
  model?: string;
  system?: unknown;
  tools?: Array<{ name: string; description?: string }>;
  messages: Array<{ role: string; content: unknown }>;
}

export interface StandIn {
  url: string;
  /** Every main-loop request, in order (requests without tools, such as title generation, are answered and left out). */
  requests: MessagesRequest[];
  /** The requests without tools (titles, summaries, tool selection), answered with a short text. */
  side: MessagesRequest[];
  close(): Promise<void>;
}

/** Anthropic's events carry their own type, which is also the SSE event name. */
const sse = (data: { type: string } & Record<string, unknown>): string => sseEvent(data, data.type);

function stream(reply: Reply, id: number): string[] {
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const parts = [
    sse({
      type: 'message_start',
      message: { id: `msg_${id}`, type: 'message', role: 'assistant', model: 'stand-in', content: [], stop_reason: null, stop_sequence: null, usage },
    }),
  ];
  if ('tool' in reply) {
    parts.push(sse({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: `toolu_${id}`, name: reply.tool, input: {} } }));
    parts.push(sse({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(reply.input) } }));
  } else {
    parts.push(sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
    parts.push(sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: reply.text } }));
  }
  parts.push(sse({ type: 'content_block_stop', index: 0 }));
  parts.push(
    sse({ type: 'message_delta', delta: { stop_reason: 'tool' in reply ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } }),
  );
  parts.push(sse({ type: 'message_stop' }));
  return parts;
}

/** Serves `replies` in order to the main loop; past the script, it ends the turn. */
export async function startStandIn(replies: Reply[]): Promise<StandIn> {
  const requests: MessagesRequest[] = [];
  const side: MessagesRequest[] = [];
  const script = new Script({ text: 'done' }, replies);
  let id = 0;
  const server = await serveStandIn((req) => {
    if (req.method !== 'POST' || !req.url.startsWith('/v1/messages')) return NOT_FOUND;
    if (req.url.startsWith('/v1/messages/count_tokens')) return { json: { input_tokens: 100 } };
    if (!req.body) return BAD_REQUEST;
    const parsed = req.body as unknown as MessagesRequest;
    const main = Array.isArray(parsed.tools) && parsed.tools.length > 0;
    if (main) requests.push(parsed);
    else side.push(parsed);
    return { events: stream(main ? script.next() : { text: 'ok' }, ++id) };
  });
  return { url: server.url, requests, side, close: () => server.close() };
}

/** Every text the model is given in a request (system prompt, messages, tool results, system reminders), flattened. */
export function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    if (typeof o.text === 'string') return [o.text];
    if ('content' in o) return textsOf(o.content);
  }
  return [];
}

/** What the latest tool result in a request said, with the system reminders that came with it. */
export function lastUserTexts(req: MessagesRequest): string[] {
  const last = req.messages[req.messages.length - 1];
  return last ? textsOf(last.content) : [];
}
