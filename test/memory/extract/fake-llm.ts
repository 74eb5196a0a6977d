// A local HTTP server speaking the Anthropic Messages and OpenAI chat
// completions APIs with canned replies, and a stub `claude` executable: the
// edge of the machine, faked; everything inside is real.
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

export type Canned =
  | { kind: 'reply'; text: string }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'slow'; ms: number }
  /** The reply for the prompt (the last user message), or HTTP 400 when it has none. */
  | { kind: 'by-prompt'; reply: (prompt: string) => string | undefined };

/** The last user message of an Anthropic or OpenAI request body. */
export function lastPrompt(body: unknown): string {
  const messages = (body as { messages?: Array<{ role?: string; content?: unknown }> } | undefined)?.messages ?? [];
  const content = messages.filter((m) => m.role === 'user').pop()?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((c: { text?: string }) => c.text ?? '').join('') : '';
}

export interface SeenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export const VALID_REPLY = JSON.stringify({
  entities: [
    { name: 'Hermes', type: 'service', aliases: ['hermes-api'] },
    { name: 'web-1', type: 'machine' },
  ],
  facts: [{ source: 'Hermes', relation: 'hosted on', target: 'web-1', fact: 'The Hermes API is hosted on web-1', confidence: 0.9, valid_from: null }],
});

export const WRONG_TYPE_REPLY = JSON.stringify({ entities: [{ name: 'Hermes', type: 'spaceship' }], facts: [] });

export class FakeLlm {
  readonly seen: SeenRequest[] = [];
  /** What each API answers next (by path); the last entry repeats. */
  readonly plan = new Map<string, Canned[]>();
  private server = http.createServer((req, res) => void this.handle(req, res));
  private timers = new Set<NodeJS.Timeout>();
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  answer(apiPath: '/v1/messages' | '/v1/chat/completions', ...canned: Canned[]): void {
    this.plan.set(apiPath, canned);
  }

  hits(apiPath: string): number {
    return this.seen.filter((s) => s.path === apiPath).length;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const p = req.url ?? '';
    this.seen.push({ path: p, headers: req.headers, body: raw ? (JSON.parse(raw) as unknown) : undefined });
    const queue = this.plan.get(p) ?? [{ kind: 'status', status: 404 }];
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (next.kind === 'slow') {
      const t = setTimeout(() => {
        this.timers.delete(t);
        if (!res.destroyed) this.reply(p, res, VALID_REPLY);
      }, next.ms);
      this.timers.add(t);
      return;
    }
    if (next.kind === 'by-prompt') {
      const text = next.reply(lastPrompt(this.seen[this.seen.length - 1]!.body));
      if (text !== undefined) this.reply(p, res, text);
      else {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'error', message: 'no canned reply for this prompt' } }));
      }
      return;
    }
    if (next.kind === 'status') {
      res.writeHead(next.status, { 'content-type': 'application/json', ...(next.retryAfter ? { 'retry-after': next.retryAfter } : {}) });
      res.end(JSON.stringify({ error: { type: 'error', message: `canned ${next.status}` } }));
      return;
    }
    this.reply(p, res, next.text);
  }

  private reply(p: string, res: http.ServerResponse, text: string): void {
    const body =
      p === '/v1/messages'
        ? { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text }], usage: { input_tokens: 100, output_tokens: 50 } }
        : {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 100, completion_tokens: 50 },
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}

/**
 * Writes a stub `claude` into `dir` that logs its argv, cwd, SCRY_EXTRACTOR and
 * the glibc allocator settings it inherited (MALLOC_*) to `log` and prints `envelope` as its JSON output (exit code `code`).
 */
export function stubClaude(dir: string, envelope: unknown, code = 0): { bin: string; log: string } {
  fs.mkdirSync(dir, { recursive: true });
  const log = path.join(dir, 'claude.log');
  const bin = path.join(dir, 'claude');
  fs.writeFileSync(
    bin,
    `#!${process.execPath}
const fs = require('node:fs');
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const malloc = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MALLOC_')));
  fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), extractor: process.env.SCRY_EXTRACTOR, promptStart: input.slice(0, 40), malloc }) + '\\n');
  process.stdout.write(${JSON.stringify(JSON.stringify(envelope))});
  process.exit(${code});
});
`,
    { mode: 0o755 },
  );
  return { bin, log };
}
