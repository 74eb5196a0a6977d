// A stand-in for the OpenAI Responses API on 127.0.0.1: the one fake in the
// Codex real-client test. The real Codex CLI (a model provider in its
// config.toml with this base_url and wire_api = "responses") posts to
// /v1/responses; each request is answered with the next scripted reply,
// streamed as SSE (a function_call item, or an assistant message), and every
// request body is kept, so a test reads what the model would have seen.
import { BAD_REQUEST, NOT_FOUND, Script, serveStandIn, sseEvent, type ScriptedReply } from './stand-in-server';

/** One scripted turn: call a tool with these arguments, or say something and end. */
export type Reply = ScriptedReply;

/** An item of a request's `input`: a message (role, content parts), a function_call, or its function_call_output. */
export interface InputItem {
  type: string;
  role?: string;
  content?: Array<{ type: string; text?: string }>;
  name?: string;
  arguments?: string;
  call_id?: string;
  output?: unknown;
}

export interface ResponsesRequest {
  model?: string;
  instructions?: string;
  tools?: Array<{ name?: string; type?: string }>;
  input: InputItem[];
}

export interface StandIn {
  /** The base_url for Codex's config.toml: ends in /v1. */
  url: string;
  requests: ResponsesRequest[];
  /** Plays `replies` from the next request on (one session's script). */
  play(replies: Reply[]): void;
  close(): Promise<void>;
}

/** Responses events carry their own type, which is also the SSE event name. */
const sse = (data: { type: string } & Record<string, unknown>): string => sseEvent(data, data.type);

function stream(reply: Reply, id: number): string[] {
  const item =
    'tool' in reply
      ? { type: 'function_call', id: `fc_${id}`, call_id: `call_${id}`, name: reply.tool, arguments: JSON.stringify(reply.input) }
      : { type: 'message', id: `msg_${id}`, role: 'assistant', content: [{ type: 'output_text', text: reply.text, annotations: [] }] };
  const usage = { input_tokens: 10, input_tokens_details: null, output_tokens: 5, output_tokens_details: null, total_tokens: 15 };
  return [
    sse({ type: 'response.created', response: { id: `resp_${id}` } }),
    sse({ type: 'response.output_item.added', output_index: 0, item }),
    sse({ type: 'response.output_item.done', output_index: 0, item }),
    sse({ type: 'response.completed', response: { id: `resp_${id}`, usage } }),
  ];
}

/** Serves `replies` in order; past the script, it ends the turn. */
export async function startResponsesStandIn(replies: Reply[] = []): Promise<StandIn> {
  const requests: ResponsesRequest[] = [];
  const script = new Script({ text: 'done' }, replies);
  let id = 0;
  const server = await serveStandIn((req) => {
    if (req.method !== 'POST' || !req.url.startsWith('/v1/responses')) return NOT_FOUND;
    if (!req.body) return BAD_REQUEST;
    requests.push(req.body as unknown as ResponsesRequest);
    return { events: stream(script.next(), ++id) };
  });
  return { url: `${server.url}/v1`, requests, play: (next) => script.play(next), close: () => server.close() };
}

/** Every text an input item gives the model: message parts, and a tool call's output. */
export function textOf(item: InputItem): string {
  if (item.type === 'function_call_output') return typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
  return (item.content ?? []).map((c) => c.text ?? '').join('\n');
}

/** What came after the latest function_call in a request: the developer messages hooks added and the tool's output. */
export function afterLastCall(req: ResponsesRequest | undefined): InputItem[] {
  if (!req) return [];
  const at = req.input.map((i) => i.type).lastIndexOf('function_call');
  return at < 0 ? [] : req.input.slice(at + 1);
}
