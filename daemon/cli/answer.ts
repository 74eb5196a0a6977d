// How the CLI shows what the daemon says: the answer in the chosen format,
// and a build's or an ingest's progress on stderr while it waits. Shared by
// the full CLI (main.ts) and the quick path (quick.ts), so neither loads the
// declarations for it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RpcClient, RpcError, type Notification } from '../client/rpc';
import { openSocket } from '../client/socket';
import type { ProgressEvent } from '../protocol/code';
import type { CompactParams, CompactResult } from '../protocol/daemon';
import { ErrorCode } from '../protocol/errors';
import type { MemoryProgress } from '../protocol/memory';
import type { OutputFormat } from './parse';

/** The terminal and compact formatters (dist/formatters.js), loaded only when an answer is not JSON. */
const loadFormatters = (): typeof import('./formatters') => require(path.join(__dirname, 'formatters.js')) as typeof import('./formatters');

/** The format when none is asked for: human on a terminal, JSON for a program. node:tty is loaded only then: a query given --json or --format needs none of it. */
export const defaultFormat = (): OutputFormat => ((require('node:tty') as typeof import('node:tty')).isatty(1) ? 'human' : 'json');

/** Writes a method's answer: JSON as is, or through its terminal (human) or compact formatter. */
export function print(method: string, format: OutputFormat, value: unknown): number {
  const code = unknownName(value) ? 1 : 0;
  if (format === 'json') {
    writeOut(`${JSON.stringify(value)}\n`);
    return code;
  }
  const { FORMATTERS, COMPACT_FORMATTERS } = loadFormatters();
  const human = FORMATTERS[method] ?? ((x: unknown) => `${JSON.stringify(x, null, 2)}\n`);
  writeOut((format === 'compact' ? (COMPACT_FORMATTERS[method] ?? human) : human)(value));
  return code;
}

/**
 * An answer about a name no symbol has (it carries `suggestions`): the CLI
 * exits 1 then, as grep does when nothing matched, so a script or an agent
 * can tell a typo from a symbol that exists and has no references (exit 0).
 */
const unknownName = (value: unknown): boolean => typeof value === 'object' && value !== null && Array.isArray((value as { suggestions?: unknown }).suggestions);

const SUGGESTIONS_KEY = Buffer.from('"suggestions":');
const NEWLINE = Buffer.from('\n');

/**
 * Writes an answer's JSON text as the daemon sent it (RpcClient.requestJson):
 * the same bytes print() writes from the parsed value, without parsing and
 * writing out again up to 100 KB. It is parsed only when it may carry
 * `suggestions` (a JSON string holds no unescaped quote, so the key's text
 * appears only as a key).
 */
export function printJson(json: Buffer): number {
  writeOut(Buffer.concat([json, NEWLINE]));
  return json.includes(SUGGESTIONS_KEY) && unknownName(JSON.parse(json.toString('utf8'))) ? 1 : 0;
}

/** Set once stdout took part of an answer through process.stdout: later output follows it there, in order. */
let viaStream = false;

/**
 * Writes text to stdout, all of it by the time it returns. process.stdout
 * would make a pipe a non-blocking stream, written later; the fd written
 * directly costs less and is done. A non-blocking stdout that is full
 * (EAGAIN) takes the rest through process.stdout; a reader that has gone
 * (EPIPE, as in `| head -1`) takes nothing more.
 */
function writeOut(text: string | Buffer): void {
  endProgress();
  if (viaStream) {
    process.stdout.write(text);
    return;
  }
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let offset = 0;
  try {
    while (offset < bytes.length) offset += fs.writeSync(1, bytes, offset);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') return;
    if (code !== 'EAGAIN') throw err;
    viaStream = true;
    process.stdout.write(bytes.subarray(offset));
  }
}
let wroteStderr = false;
const progressLine = (text: string): void => {
  wroteStderr = true;
  process.stderr.write(text);
};

/** Set while a progress line is drawn in place on the terminal and not yet ended by a newline. */
let progressOpen = false;

/** Ends the progress line drawn in place, so what follows (the answer, an error) starts on a line of its own. */
export function endProgress(): void {
  if (!progressOpen) return;
  progressOpen = false;
  progressLine('\n');
}

/**
 * Ends the process once what it printed is out (a pipe may still hold some):
 * waiting instead for the socket and every handle to close costs a query
 * about as much as the daemon's answer took.
 */
export function exitWhenWritten(code: number): void {
  process.exitCode = code;
  const streams = [...(viaStream ? [process.stdout] : []), ...(wroteStderr ? [process.stderr] : [])];
  if (streams.length === 0) return process.exit(code);
  let left = streams.length;
  for (const s of streams) s.write('', () => --left === 0 && process.exit(code));
}

/** The notifications a command shows while it waits: the code index's progress, and memory's ingest bar for a memory command. */
export interface Progress {
  code: Notification<ProgressEvent>;
  memory?: Notification<MemoryProgress>;
}

/**
 * Asks the daemon listening on `sock` and prints its answer, the request
 * written with the connect: a warm daemon answers with no round trip spent
 * on connecting first. undefined when nothing listens; then nothing was sent.
 */
export async function askRunning(
  sock: string,
  method: string,
  params: unknown,
  format: OutputFormat,
  progress: Progress,
  exiting = false,
): Promise<number | undefined> {
  const opened = openSocket(sock);
  if (!opened) return undefined;
  const answer = withConnection(
    new RpcClient(opened.socket),
    async (c) =>
      format === 'compact'
        ? printCompact(c, method, params)
        : format === 'json'
          ? printJson(await c.requestJson({ method, _: undefined }, params))
          : print(method, format, await c.request({ method, _: undefined }, params)),
    progress,
    exiting,
  );
  if (await opened.connected) return answer;
  answer.catch(() => undefined); // the connection failed, so the request never left
  return undefined;
}

/** The daemon's method that renders an answer's compact text (protocol/daemon.ts Compact), named here so the quick path evaluates no declaration. */
export const COMPACT_METHOD = 'scry/compact';

/**
 * A compact answer as the daemon renders it: the text crosses the socket, not
 * the whole JSON, and this process loads no formatter. A daemon from before
 * scry/compact gets the plain request, rendered here.
 */
async function printCompact(c: RpcClient, method: string, params: unknown): Promise<number> {
  let r: CompactResult;
  try {
    r = await c.request<CompactParams, CompactResult>({ method: COMPACT_METHOD, _: undefined }, { method, params });
  } catch (err) {
    if (!(err instanceof RpcError && err.code === ErrorCode.MethodNotFound)) throw err;
    return print(method, 'compact', await c.request({ method, _: undefined }, params));
  }
  writeOut(r.text);
  return r.unknown_name === true ? 1 : 0;
}

/**
 * Runs fn on the connection with its progress shown, then closes it.
 * `exiting`: the caller ends the process as soon as fn has answered, so an
 * answered connection is left to that: destroying a socket reads
 * process.stderr in Node's net module, which opens stderr (up to 2 ms of a
 * quick call on this machine).
 */
export async function withConnection(conn: RpcClient, fn: (c: RpcClient) => Promise<number>, progress: Progress, exiting = false): Promise<number> {
  // Read at the first event: opening process.stderr costs a query that shows none.
  let tty: boolean | undefined;
  const onTerminal = (): boolean => (tty ??= process.stderr.isTTY === true);
  const code = conn.onNotification(progress.code, (e) => {
    // On a terminal one line is rewritten in place; elsewhere each event is a line.
    if (onTerminal()) {
      progressLine(`\r\x1b[2Kscry: ${e.phase}: ${e.message}`);
      progressOpen = true;
    } else progressLine(`scry: ${e.phase}: ${e.message}\n`);
  });
  const memory = progress.memory
    ? conn.onNotification(progress.memory, (e) => {
        // A bar on a terminal only: a sweep of a long history is thousands of files.
        if (!onTerminal() || e.total === 0) return;
        const width = 24;
        const filled = Math.round((e.done / e.total) * width);
        progressLine(`\r\x1b[2Kscry: ${e.phase} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${e.done}/${e.total} ${e.message.slice(0, 40)}`);
        progressOpen = true;
      })
    : undefined;
  // A daemon that dies mid-request rejects the request (RpcClient fails every
  // pending one on close), so the CLI exits 1 with that error, never 0 silently.
  let answered = false;
  try {
    const exit = await fn(conn);
    answered = true;
    return exit;
  } finally {
    endProgress();
    code.dispose();
    memory?.dispose();
    if (!(answered && exiting)) conn.dispose();
  }
}
