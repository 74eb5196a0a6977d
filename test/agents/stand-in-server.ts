// The HTTP side every model stand-in shares (model-stand-in.ts for the
// Anthropic Messages API, responses-stand-in.ts for OpenAI's Responses API,
// chat-stand-in.ts for Gemini and OpenAI chat completions): listen on a free
// port of 127.0.0.1, read each request's body whole, keep it in a log, hand it
// to the API's route, and write the route's answer as JSON or as SSE. Each API
// module adds only its routes and its stream shapes on top.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted model turn: call a tool with this input, or say something and end. */
export type ScriptedReply = { tool: string; input: Record<string, unknown> } | { text: string };

/** A request as a route sees it: the body read whole, and parsed when it is a JSON object. */
export interface Incoming {
  method: string;
  url: string;
  raw: string;
  /** The body as a JSON object; undefined when it is empty, not JSON, or not an object. */
  body: Record<string, unknown> | undefined;
}

/** What a route answers: a JSON value (status 200 unless told), an SSE stream of ready-written events, or a bare status. */
export type Answer = { json: unknown; status?: number } | { events: string[] } | { status: number };

export const NOT_FOUND: Answer = { json: {}, status: 404 };
export const BAD_REQUEST: Answer = { status: 400 };

export interface StandInServer {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string;
  /** Every request the server received, in order, whatever the route made of it. */
  log: Incoming[];
  close(): Promise<void>;
}

/**
 * One SSE event. Named (`event: <type>` before the data) for the Anthropic and
 * Responses streams, whose events carry their type; data only for the Gemini
 * and OpenAI chat streams.
 */
export function sseEvent(data: unknown, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

function parseObject(raw: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function write(res: http.ServerResponse, answer: Answer): void {
  if ('events' in answer) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }).end(answer.events.join(''));
  } else if ('json' in answer) {
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
  } else res.writeHead(answer.status).end();
}

/** Starts a server on 127.0.0.1 (a free port) that answers every request with `route`. */
export async function serveStandIn(route: (req: Incoming) => Answer): Promise<StandInServer> {
  const log: Incoming[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const incoming: Incoming = { method: req.method ?? 'GET', url: req.url ?? '/', raw, body: parseObject(raw) };
      log.push(incoming);
      write(res, route(incoming));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A session's scripted replies, served in order; past the end, `fallback`. `play` starts a new script. */
export class Script {
  private queue: ScriptedReply[];
  constructor(
    private readonly fallback: ScriptedReply,
    replies: ScriptedReply[] = [],
  ) {
    this.queue = [...replies];
  }
  play(replies: ScriptedReply[]): void {
    this.queue = [...replies];
  }
  next(): ScriptedReply {
    return this.queue.shift() ?? this.fallback;
  }
}
