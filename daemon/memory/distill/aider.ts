// Aider's chat history (.aider.chat.history.md, in the folder Aider ran in):
// markdown, appended to for every session. Each session opens with
// `# aider chat started at YYYY-MM-DD HH:MM:SS` (the writer's local time,
// the only time the file records); the user's input is on `#### ` lines,
// Aider's own notices on `> ` lines, and the model's reply is plain text.
// One file holds every session run there: one DistilledSession whose turns
// carry their own session's start time. Lines are the file's lines.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { clip } from './breadcrumb';
import { UnknownFormatError } from './format-error';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

const HEADER_RE = /^# aider chat started at (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\s*$/;
const EXPECTED = "a markdown chat history opening with '# aider chat started at YYYY-MM-DD HH:MM:SS'";
/** Aider's yes/no prompts, echoed into the history as if the user typed them. */
const PROMPT_RE = /\((?:Y)es\/\(N\)o[^\]]*\]: ?\S*\s*$/;
const THINK_OPEN_RE = /^<thinking-content-[0-9a-f]+>\s*$/;
const THINK_CLOSE_RE = /^<\/thinking-content-[0-9a-f]+>\s*$/;
const EDIT_RE = /^Applied edit to (.+)$/;
const RUN_RE = /^Running (.+)$/;

export async function distillAider(file: string): Promise<DistilledSession> {
  const abs = path.resolve(file);
  return distillAiderBuffer(await fs.readFile(abs), abs);
}

export function distillAiderBuffer(buf: Buffer, file: string): DistilledSession {
  const text = buf.toString('utf8');
  const lines = text.split('\n');
  // Complete lines only: a last line without its newline may still be being written.
  const complete = lines.length - 1;
  const firstText = lines.findIndex((l) => l.trim().length > 0);
  if (firstText === -1 || !HEADER_RE.test(lines[firstText]!)) throw new UnknownFormatError(file, EXPECTED);

  const b = new TurnBuilder();
  const cwd = path.dirname(file);
  let at: string | undefined;
  let startedAt: string | undefined;
  let endedAt: string | undefined;
  let thinking = false;
  let fenced = false;
  // A fenced block is held until it closes: an edit block (SEARCH/REPLACE) is dropped, as the `Applied edit` notice says it.
  let block: Array<[string, number]> = [];
  const flush = (): void => {
    if (!block.some(([l]) => l.startsWith('<<<<<<< SEARCH'))) for (const [l, n] of block) b.assistant(l, n, at);
    block = [];
  };
  for (let i = 0; i < complete; i++) {
    const line = i + 1;
    const raw = lines[i]!.replace(/\r$/, '');
    const header = fenced ? null : HEADER_RE.exec(raw);
    if (header) {
      at = localTime(header);
      startedAt ??= at;
      endedAt = at;
      b.boundary();
      thinking = false;
      continue;
    }
    if (raw.startsWith('#### ') || raw === '####') {
      const said = stripBreak(raw.slice(5));
      if (PROMPT_RE.test(said)) continue;
      userLine(b, said, line, at, cwd);
      continue;
    }
    if (!fenced && (raw.startsWith('> ') || raw === '>')) {
      const note = stripBreak(raw.slice(2));
      const edit = EDIT_RE.exec(note);
      const run = RUN_RE.exec(note);
      if (edit) b.tool(undefined, `[edited ${edit[1]!.trim()}]`, line, at);
      else if (run) b.tool(undefined, `[ran: ${clip(run[1]!)}]`, line, at);
      continue;
    }
    if (THINK_OPEN_RE.test(raw)) thinking = true;
    else if (THINK_CLOSE_RE.test(raw)) thinking = false;
    else if (!thinking) {
      if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
      block.push([raw, line]);
      if (!fenced) flush();
    }
  }
  flush();
  const { turns, redactions } = b.finish();
  const consumed = Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1));
  return assembleSession(
    {
      source: 'aider',
      path: file,
      // Aider names no session: the history file is one per folder.
      sessionId: `aider-${createHash('sha256').update(file).digest('hex').slice(0, 16)}`,
      turns,
      consumedBytes: consumed,
      lines: complete,
      unknownTypes: {},
      malformedLines: 0,
      redactions,
    },
    { cwd, startedAt, endedAt, title: `aider in ${path.basename(cwd)}` },
  );
}

/** A `#### ` line: the user's words, or a command; `/run` and `/add` leave breadcrumbs, the rest of Aider's commands are bookkeeping. */
function userLine(b: TurnBuilder, said: string, line: number, at: string | undefined, cwd: string): void {
  const cmd = /^\/([a-z-]+)\s*(.*)$/.exec(said);
  if (!cmd) {
    b.user(said, line, at);
    return;
  }
  const [, name, rest] = cmd;
  if (name === 'run' || name === 'test') b.tool(undefined, `[ran: ${clip(rest!)}]`, line, at);
  else if (name === 'add' || name === 'read-only')
    for (const f of rest!.split(/\s+/).filter(Boolean)) b.tool(undefined, `[read ${relative(f, cwd)}]`, line, at);
  else if ((name === 'ask' || name === 'code' || name === 'architect' || name === 'copy-context') && rest) b.user(rest, line, at);
}

function relative(p: string, cwd: string): string {
  if (!path.isAbsolute(p)) return p;
  const rel = path.relative(cwd, p);
  return rel && !rel.startsWith('..') ? rel : p;
}

/** Aider ends each logged line with two spaces (a markdown line break). */
const stripBreak = (s: string): string => s.replace(/ {2}$/, '');

/** The header's wall-clock time, read in this machine's time zone (Aider writes local time without a zone). */
function localTime(m: RegExpExecArray): string {
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s).toISOString();
}
