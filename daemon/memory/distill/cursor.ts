// Cursor's agent transcripts (~/.cursor/projects/<folder slug>/
// agent-transcripts/): plain text (`user:` / `assistant:` blocks, the
// user's words inside <user_query>, `[Thinking]`, `[Tool call] Name` with
// indented `key: value` arguments, `[Tool result] Name`) and JSONL (one
// `{role, message: {content: [...]}}` a line). Neither records times, so a
// session runs from the file's creation to its last write. The project
// folder is the slug decoded against the disk (cursor-project.ts).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { UnknownFormatError } from './format-error';
import { agentToolCrumb } from './agent-tools';
import { projectOfCursorTranscript } from './cursor-project';
import { asRecord, asString, readJsonl } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

export const CURSOR_TRANSCRIPT_EXPECTED =
  'a Cursor agent transcript: text with `user:` and `assistant:` blocks, or JSONL lines of {role, message: {content: [...]}}';

const ROLE_LINE = /^(user|assistant|A):\s*$/;
const MARKER = /^\[(Thinking|Tool call|Tool result)\]\s*(.*)$/;

export async function distillCursorTranscript(file: string): Promise<DistilledSession> {
  const resolved = path.resolve(file);
  const [buf, st] = await Promise.all([fs.readFile(resolved), fs.stat(resolved)]);
  const cwd = projectOfCursorTranscript(resolved);
  const b = new TurnBuilder();
  const unknownTypes: Record<string, number> = {};
  const read = resolved.endsWith('.jsonl') ? readJsonlTranscript(buf, resolved, b, cwd, unknownTypes) : readTextTranscript(buf, resolved, b, cwd);
  const { turns, redactions } = b.finish();
  const born = st.birthtimeMs > 0 ? st.birthtimeMs : st.mtimeMs;
  return assembleSession(
    {
      source: 'cursor',
      path: resolved,
      sessionId: path.basename(resolved).replace(/\.(txt|jsonl)$/, ''),
      turns,
      consumedBytes: read.consumedBytes,
      lines: read.lines,
      unknownTypes,
      malformedLines: read.malformedLines,
      redactions,
    },
    { cwd, startedAt: new Date(born).toISOString(), endedAt: new Date(st.mtimeMs).toISOString() },
  );
}

/** The user's words: inside <user_query> when the block has one, else the block without Cursor's own tags. */
export function userWords(text: string): string {
  const q = /<user_query>\s*([\s\S]*?)\s*<\/user_query>/.exec(text);
  return q ? q[1]! : text.replace(/<\/?[a-z_]+>/g, '').trim();
}

function readTextTranscript(
  buf: Buffer,
  file: string,
  b: TurnBuilder,
  cwd: string | undefined,
): { consumedBytes: number; lines: number; malformedLines: number } {
  const text = buf.toString('utf8');
  // Only complete lines: the last one may still be being written.
  const end = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, end).split('\n').slice(0, -1);
  const firstRole = lines.findIndex((l) => l.trim().length > 0);
  if (firstRole !== -1 && !ROLE_LINE.test(lines[firstRole]!))
    throw new UnknownFormatError(file, CURSOR_TRANSCRIPT_EXPECTED, `its first line is '${lines[firstRole]!.slice(0, 40)}'`);
  let role: 'user' | 'assistant' | undefined;
  let start = 0;
  let body: string[] = [];
  let mode: 'text' | 'skip' | 'args' = 'text';
  let call: { name: string; args: Record<string, string>; line: number } | undefined;
  const flushText = (): void => {
    const t = body.join('\n').trim();
    body = [];
    if (!t || !role) return;
    if (role === 'user') b.user(userWords(t), start, undefined);
    else b.assistant(t, start, undefined);
  };
  const flushCall = (): void => {
    if (call) b.tool(undefined, agentToolCrumb(call.name, call.args, cwd), call.line, undefined);
    call = undefined;
  };
  lines.forEach((l, i) => {
    const n = i + 1;
    const r = ROLE_LINE.exec(l);
    if (r) {
      flushCall();
      flushText();
      role = r[1] === 'user' ? 'user' : 'assistant';
      start = n;
      mode = 'text';
      return;
    }
    const m = role === 'assistant' ? MARKER.exec(l) : null;
    if (m) {
      flushCall();
      flushText();
      start = n;
      if (m[1] === 'Tool call') {
        call = { name: m[2]!.trim() || 'tool', args: {}, line: n };
        mode = 'args';
      } else mode = 'skip';
      return;
    }
    if (mode === 'args') {
      const kv = /^\s+([\w.-]+):\s?(.*)$/.exec(l);
      if (kv) {
        call!.args[kv[1]!] = kv[2]!;
        return;
      }
      flushCall();
      mode = 'text';
    }
    // Thinking and tool output run to the next blank line.
    if (mode === 'skip') {
      if (l.trim() === '') mode = 'text';
      return;
    }
    if (body.length === 0) start = n;
    body.push(l);
  });
  flushCall();
  flushText();
  return { consumedBytes: Buffer.byteLength(text.slice(0, end)), lines: lines.length, malformedLines: 0 };
}

function readJsonlTranscript(
  buf: Buffer,
  file: string,
  b: TurnBuilder,
  cwd: string | undefined,
  unknownTypes: Record<string, number>,
): { consumedBytes: number; lines: number; malformedLines: number } {
  let first = true;
  return readJsonl(buf, (value, line) => {
    const rec = asRecord(value);
    const role = asString(rec?.role);
    const content = asRecord(rec?.message)?.content;
    if (first) {
      first = false;
      if (!role || !(Array.isArray(content) || typeof content === 'string'))
        throw new UnknownFormatError(file, CURSOR_TRANSCRIPT_EXPECTED, 'its first line has no role and message.content');
    }
    if (role !== 'user' && role !== 'assistant') {
      unknownTypes[role ?? '(no role)'] = (unknownTypes[role ?? '(no role)'] ?? 0) + 1;
      return;
    }
    const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content.map(asRecord) : [];
    for (const block of blocks) {
      const type = asString(block?.type);
      if (type === 'text') {
        const t = asString(block?.text) ?? '';
        if (role === 'user') b.user(userWords(t), line, undefined);
        else b.assistant(t, line, undefined);
      } else if (type === 'tool_use' && role === 'assistant')
        b.tool(asString(block?.id), agentToolCrumb(asString(block?.name) ?? 'tool', block?.input, cwd), line, undefined);
    }
  });
}
