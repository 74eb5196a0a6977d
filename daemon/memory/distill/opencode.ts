// OpenCode sessions, from its SQLite store (opencode.db, 1.2 and later:
// session, message and part rows whose `data` column holds the JSON) or
// from the JSON tree older versions wrote (storage/session/<project>/
// <session>.json, storage/message/<session>/*.json, storage/part/
// <message>/*.json, the same shapes with their ids inside). Each message
// and each part is one "line", numbered in the order they were written,
// so a session that grows keeps its earlier line numbers.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { splitAddress } from './db-address';
import { UnknownFormatError } from './format-error';
import { opencodeSession } from './sqlite/opencode';
import type { ForeignReads } from './sqlite/read';
import { agentToolCrumb } from './agent-tools';
import { asRecord, asString } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

export const OPENCODE_JSON_EXPECTED =
  'an OpenCode storage/session/<project>/<session>.json with id, directory and time.created, its messages in storage/message/<session>/ and parts in storage/part/<message>/';

interface Message {
  id: string;
  role: string;
  created: number;
  parts: Array<Record<string, unknown>>;
}

interface Session {
  id: string;
  directory?: string;
  title?: string;
  parentId?: string;
  created: number;
  updated: number;
}

// Part types that carry nothing to keep: model reasoning, step markers, file snapshots, diffs, attachments.
const QUIET_PARTS = new Set(['reasoning', 'step-start', 'step-finish', 'snapshot', 'patch', 'file', 'agent', 'subtask', 'retry', 'compaction']);

export async function distillOpencode(address: string, reads?: ForeignReads): Promise<DistilledSession> {
  const { store, session } = splitAddress(address);
  await Promise.resolve();
  return session !== undefined ? fromDb(address, store, session, reads) : fromJsonTree(address);
}

function fromDb(address: string, store: string, id: string, reads: ForeignReads | undefined): DistilledSession {
  const rows = opencodeSession(store, id, reads);
  if (!rows.session) throw new UnknownFormatError(address, 'a session of that id in the database', 'the session is gone');
  const byMessage = new Map<string, Array<Record<string, unknown>>>();
  for (const p of rows.parts) {
    const data = parse(p.data);
    if (data) (byMessage.get(p.message_id) ?? byMessage.set(p.message_id, []).get(p.message_id)!).push(data);
  }
  const messages = rows.messages.map((m) => {
    const data = parse(m.data) ?? {};
    return { id: m.id, role: asString(data.role) ?? '', created: m.time_created, parts: byMessage.get(m.id) ?? [] };
  });
  const s = rows.session;
  return opencodeTurns(
    address,
    { id: s.id, directory: s.directory, title: s.title, parentId: s.parent_id ?? undefined, created: s.time_created, updated: s.time_updated },
    messages,
  );
}

function fromJsonTree(file: string): DistilledSession {
  const rec = readJson(file);
  const time = asRecord(rec?.time);
  const id = asString(rec?.id);
  if (!rec || !id || typeof time?.created !== 'number') throw new UnknownFormatError(file, OPENCODE_JSON_EXPECTED, 'no id or time.created');
  const storage = path.dirname(path.dirname(path.dirname(file)));
  const messages: Message[] = jsonFiles(path.join(storage, 'message', id))
    .map((m) => ({
      id: asString(m.id) ?? '',
      role: asString(m.role) ?? '',
      created: Number(asRecord(m.time)?.created ?? 0),
      parts: [] as Array<Record<string, unknown>>,
    }))
    .sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  for (const m of messages) m.parts = jsonFiles(path.join(storage, 'part', m.id)).sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
  const updated = typeof time.updated === 'number' ? time.updated : time.created;
  return opencodeTurns(
    file,
    { id, directory: asString(rec.directory), title: asString(rec.title), parentId: asString(rec.parentID), created: time.created, updated },
    messages,
  );
}

function opencodeTurns(file: string, session: Session, messages: readonly Message[]): DistilledSession {
  const b = new TurnBuilder();
  const unknownTypes: Record<string, number> = {};
  const cwd = session.directory;
  let line = 0;
  for (const m of messages) {
    line++;
    const at = iso(m.created);
    for (const p of m.parts) {
      line++;
      const type = asString(p.type) ?? '(no type)';
      if (type === 'text') {
        // Synthetic text is what OpenCode adds itself (file contents, reminders), not the user's words.
        if (p.synthetic === true || p.ignored === true) continue;
        const text = asString(p.text) ?? '';
        if (m.role === 'user') b.user(text, line, at);
        else b.assistant(text, line, at, m.id);
      } else if (type === 'tool') {
        const state = asRecord(p.state);
        const callId = asString(p.callID) ?? asString(p.id);
        b.tool(callId, agentToolCrumb(asString(p.tool) ?? 'tool', state?.input, cwd), line, at, m.id);
        if (asString(state?.status) === 'error') b.toolResult(callId, true, line);
      } else if (!QUIET_PARTS.has(type)) unknownTypes[type] = (unknownTypes[type] ?? 0) + 1;
    }
  }
  const { turns, redactions } = b.finish();
  return assembleSession(
    { source: 'opencode', path: file, sessionId: session.id, turns, consumedBytes: line, lines: line, unknownTypes, malformedLines: 0, redactions },
    { cwd, parentSessionId: session.parentId, startedAt: iso(session.created), endedAt: iso(session.updated), title: session.title },
  );
}

const iso = (ms: number): string | undefined => (Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : undefined);

function parse(text: string): Record<string, unknown> | undefined {
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function jsonFiles(dir: string): Array<Record<string, unknown>> {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((n) => readJson(path.join(dir, n))).filter((r): r is Record<string, unknown> => r !== undefined);
}
