// Gemini CLI chats (~/.gemini/tmp/<project>/chats/session-*.jsonl), and the
// one-JSON-file-per-session form older versions wrote (session-*.json).
// The JSONL form: a metadata line (sessionId, projectHash, startTime), then
// message lines and `{"$set": …}` records. A message is written again under
// its id when it changes (its tool calls arrive), and a resumed session
// writes a fresh metadata line and `$set`s the whole history: each message
// is kept once, in first-seen order, at its latest version. Qwen Code writes
// the same shapes (its distiller passes its own source id and model role).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { UnknownFormatError } from './format-error';
import { agentToolCrumb } from './agent-tools';
import { asRecord, asString, readJsonl } from './jsonl';
import { projectOfGeminiChat } from './gemini-project';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

export const GEMINI_EXPECTED =
  'a Gemini CLI chat: a .jsonl whose first line holds sessionId and startTime (then message and $set lines), or a .json object with sessionId, startTime and a messages list';

interface Message {
  record: Record<string, unknown>;
  line: number;
}

export interface GeminiDialect {
  source: string;
  /** The message types of the model's turns ('gemini'). */
  modelTypes: ReadonlySet<string>;
  expected: string;
  /** User messages the CLI writes itself, not the user (the session context it sends first). */
  injected: RegExp;
}

export const GEMINI: GeminiDialect = { source: 'gemini', modelTypes: new Set(['gemini']), expected: GEMINI_EXPECTED, injected: /^\s*<session_context>/ };
const QUIET_TYPES = new Set(['info', 'error', 'warning']);

export async function distillGemini(file: string, dialect: GeminiDialect = GEMINI): Promise<DistilledSession> {
  const resolved = path.resolve(file);
  return distillGeminiBuffer(await fs.readFile(resolved), resolved, dialect);
}

export function distillGeminiBuffer(buf: Buffer, file: string, dialect: GeminiDialect = GEMINI): DistilledSession {
  const messages = new Map<string, Message>();
  const unknownTypes: Record<string, number> = {};
  const meta: { sessionId?: string; startedAt?: string; endedAt?: string; projectHash?: string; title?: string } = {};
  const keep = (m: unknown, line: number, bump: boolean): void => {
    const rec = asRecord(m);
    const id = asString(rec?.id);
    if (!rec || !id) return;
    // A tool call's response is written as a user message under the call's message id: key by type too.
    const key = `${asString(rec.type) ?? ''}:${id}`;
    const had = messages.get(key);
    // A `$set` of the whole history (a resume) restates known messages with new times: the first record stands.
    if (had && !bump) return;
    messages.set(key, { record: rec, line: had ? Math.max(had.line, line) : line });
  };
  const header = (rec: Record<string, unknown>): boolean => {
    const id = asString(rec.sessionId);
    const start = asString(rec.startTime);
    if (!id || !start) return false;
    meta.sessionId ??= id;
    if (!meta.startedAt || start < meta.startedAt) meta.startedAt = start;
    meta.projectHash ??= asString(rec.projectHash);
    if (Array.isArray(rec.messages)) rec.messages.forEach((m, i) => keep(m, i + 1, true));
    meta.title ??= asString(rec.summary);
    return true;
  };

  let stats = { consumedBytes: buf.length, lines: 0, malformedLines: 0 };
  if (file.endsWith('.json')) {
    let whole: unknown;
    try {
      whole = JSON.parse(buf.toString('utf8'));
    } catch {
      // A half-written file waits for the next pass; its bytes are not consumed.
      stats.consumedBytes = 0;
    }
    const rec = asRecord(whole);
    if (stats.consumedBytes > 0 && (!rec || !header(rec) || !Array.isArray(rec.messages)))
      throw new UnknownFormatError(file, dialect.expected, 'no sessionId, startTime and messages');
    stats.lines = messages.size;
  } else {
    let first = true;
    stats = readJsonl(buf, (value, line) => {
      const rec = asRecord(value);
      if (first) {
        first = false;
        if (!rec || !header(rec)) throw new UnknownFormatError(file, dialect.expected, 'its first line is not the metadata record');
        return;
      }
      if (!rec) return;
      const set = asRecord(rec.$set);
      if (set) {
        if (Array.isArray(set.messages)) for (const m of set.messages) keep(m, line, false);
        if (asString(set.summary)) meta.title = asString(set.summary);
        return;
      }
      if (asString(rec.type) && asString(rec.id)) keep(rec, line, true);
      else if (!header(rec)) unknownTypes['(no type)'] = (unknownTypes['(no type)'] ?? 0) + 1;
    });
  }

  const b = new TurnBuilder();
  const project = projectOfGeminiChat(file, meta.projectHash);
  let cwd = project;
  for (const { record: m, line } of messages.values()) {
    const type = asString(m.type) ?? '';
    const at = asString(m.timestamp);
    if (at && (!meta.endedAt || at > meta.endedAt)) meta.endedAt = at;
    if (type === 'user') {
      const text = textOf(m.content);
      if (dialect.injected.test(text)) {
        cwd ??= workspaceOf(text);
        continue;
      }
      b.user(text, line, at);
    } else if (dialect.modelTypes.has(type)) {
      b.assistant(textOf(m.content), line, at, asString(m.id));
      for (const call of Array.isArray(m.toolCalls) ? m.toolCalls : []) {
        const c = asRecord(call);
        if (!c) continue;
        const id = asString(c.id);
        b.tool(id, agentToolCrumb(asString(c.name) ?? 'tool', c.args, cwd), line, asString(c.timestamp) ?? at, asString(m.id));
        const status = asString(c.status);
        if (status === 'error' || status === 'cancelled') b.toolResult(id, true, line);
      }
    } else if (!QUIET_TYPES.has(type)) unknownTypes[type || '(no type)'] = (unknownTypes[type || '(no type)'] ?? 0) + 1;
  }

  const { turns, redactions } = b.finish();
  return assembleSession(
    {
      source: dialect.source,
      path: file,
      sessionId: meta.sessionId ?? path.basename(file).replace(/\.jsonl?$/, ''),
      turns,
      consumedBytes: stats.consumedBytes,
      lines: stats.lines,
      unknownTypes,
      malformedLines: stats.malformedLines,
      redactions,
    },
    { cwd, startedAt: meta.startedAt, endedAt: meta.endedAt, title: meta.title },
  );
}

/** A message's text: a string, or the text parts of a parts list (function calls and responses are tool traffic). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => asString(asRecord(p)?.text))
    .filter((t): t is string => t !== undefined)
    .join('\n');
}

/** The first workspace directory the session context names, for chats whose project folder is not recorded. */
function workspaceOf(context: string): string | undefined {
  const m = /Workspace Directories:\*{0,2}\s*\n\s*-\s*(\S[^\n]*)/.exec(context) ?? /I'm currently working in the directory:\s*(\S[^\n]*)/.exec(context);
  const dir = m?.[1]?.trim();
  return dir && path.isAbsolute(dir) ? dir : undefined;
}
