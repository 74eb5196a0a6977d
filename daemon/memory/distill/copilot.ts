// VS Code's chat sessions (Copilot Chat and every chat participant):
// `User/workspaceStorage/<hash>/chatSessions/<id>.json`, the whole session
// as one JSON object (ISerializableChatData, version 3), and since VS Code
// 1.109 `<id>.jsonl`, an append log of edits to that same object: a line
// `{kind:0,v}` holds the whole state, `{kind:1,k:path,v}` sets a property,
// `{kind:2,k:path,v?:[…],i?}` truncates an array at i and pushes items,
// `{kind:3,k:path}` deletes one (VS Code's objectMutationLog.ts). Replayed,
// the log is the JSON form. A request is one user message and its response
// parts; request i (0-based) is "line" 2i+1 and its response 2i+2, spans an
// appended request never moves. The working folder is the
// workspace's `workspace.json` (`folder`, a file URI).
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DistilledSession } from '../episode';
import { clip, displayPath } from './breadcrumb';
import { UnknownFormatError } from './format-error';
import { asRecord, asString } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

const KNOWN_VERSIONS = new Set([1, 2, 3]);
const EXPECTED_JSON = 'a VS Code chat session object with version 1, 2 or 3 and a requests array';
const EXPECTED_LOG = 'a VS Code chat session log: JSON lines of {kind: 0|1|2|3}, starting with the whole session (kind 0) at version 1, 2 or 3';

export async function distillCopilot(file: string): Promise<DistilledSession> {
  const abs = path.resolve(file);
  return distillCopilotBuffer(await fsp.readFile(abs), abs);
}

export function distillCopilotBuffer(buf: Buffer, file: string): DistilledSession {
  const log = file.endsWith('.jsonl');
  const { state, consumed, lines } = log ? replayLog(buf, file) : { state: parseWhole(buf, file), consumed: buf.length, lines: 1 };
  const version = state.version;
  const requests = state.requests;
  if (typeof version !== 'number' || !KNOWN_VERSIONS.has(version) || !Array.isArray(requests))
    throw new UnknownFormatError(file, log ? EXPECTED_LOG : EXPECTED_JSON);

  const cwd = workspaceFolder(file);
  const b = new TurnBuilder();
  const unknownTypes: Record<string, number> = {};
  let endedAt: string | undefined;
  requests.forEach((r, i) => {
    const req = asRecord(r);
    if (!req) return;
    const at = isoOf(req.timestamp);
    if (at && (!endedAt || at > endedAt)) endedAt = at;
    const message = asRecord(req.message);
    const said = asString(message?.text) ?? asString(req.message);
    if (said) b.user(said, 2 * i + 1, at);
    for (const part of Array.isArray(req.response) ? req.response : []) responsePart(b, asRecord(part), 2 * i + 2, at, cwd, unknownTypes);
  });
  const { turns, redactions } = b.finish();
  const startedAt = isoOf(state.creationDate) ?? turns[0]?.at;
  return assembleSession(
    {
      source: 'copilot',
      path: file,
      sessionId: asString(state.sessionId) ?? path.basename(file).replace(/\.jsonl?$/, ''),
      turns,
      consumedBytes: consumed,
      lines: log ? lines : 2 * requests.length,
      unknownTypes,
      malformedLines: 0,
      redactions,
    },
    { cwd, startedAt, endedAt, title: asString(state.customTitle) },
  );
}

/** One part of a response: markdown text, a tool call, an edit, a reference; the rest (thinking, progress, code block URIs) is dropped. */
function responsePart(
  b: TurnBuilder,
  part: Record<string, unknown> | undefined,
  line: number,
  at: string | undefined,
  cwd: string | undefined,
  unknownTypes: Record<string, number>,
): void {
  if (!part) return;
  const kind = asString(part.kind);
  if (kind === undefined) {
    // A markdown string ({value, …}) is stored bare, without a kind.
    const text = asString(part.value);
    if (text) b.assistant(text, line, at);
    return;
  }
  switch (kind) {
    case 'markdownContent': {
      const text = asString(asRecord(part.content)?.value);
      if (text) b.assistant(text, line, at);
      return;
    }
    case 'inlineReference': {
      const name = asString(part.name) ?? uriPath(asRecord(part.inlineReference)) ?? uriPath(asRecord(asRecord(part.inlineReference)?.uri));
      if (name) b.assistant(displayPath(name, cwd), line, at);
      return;
    }
    case 'toolInvocationSerialized':
      b.tool(asString(part.toolCallId), toolCrumb(part, cwd), line, at);
      return;
    case 'textEditGroup':
    case 'notebookEditGroup': {
      const p = uriPath(asRecord(part.uri));
      b.tool(undefined, p ? `[edited ${displayPath(p, cwd)}]` : '[edited (file)]', line, at);
      return;
    }
    case 'thinking':
    case 'codeblockUri':
    case 'progressMessage':
    case 'progressTaskSerialized':
    case 'undoStop':
    case 'confirmation':
    case 'warning':
    case 'command':
    case 'extensions':
    case 'mcpServersStarting':
    case 'prepareToolInvocation':
    case 'elicitationSerialized':
    case 'hook':
    case 'markdownVuln':
    case 'multiDiffData':
    case 'clearToPreviousToolInvocation':
    case 'pullRequest':
    case 'treeData':
    case 'workspaceEdit':
    case 'questionCarousel':
    case 'disabledClaudeHooks':
      return;
    default:
      unknownTypes[kind] = (unknownTypes[kind] ?? 0) + 1;
  }
}

function toolCrumb(part: Record<string, unknown>, cwd: string | undefined): string {
  const data = asRecord(part.toolSpecificData);
  if (data?.kind === 'terminal') {
    const cmd = asString(asRecord(data.commandLine)?.original) ?? asString(data.command);
    if (cmd) return `[ran: ${clip(cmd)}]`;
  }
  const id = asString(part.toolId) ?? 'tool';
  // The past-tense message names what was done ("Read [](file:///…/a.ts)"): its file when it names one.
  const said = messageText(part.pastTenseMessage) ?? messageText(part.invocationMessage);
  const file = said ? /file:\/\/[^\s)]+/.exec(said)?.[0] : undefined;
  if (file && /read|search|find|list/i.test(id)) return `[read ${displayPath(safeFilePath(file) ?? file, cwd)}]`;
  return `[used ${id}]`;
}

const messageText = (m: unknown): string | undefined => asString(m) ?? asString(asRecord(m)?.value);

function parseWhole(buf: Buffer, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(buf.toString('utf8'));
  } catch {
    throw new UnknownFormatError(file, EXPECTED_JSON);
  }
  const rec = asRecord(value);
  if (!rec) throw new UnknownFormatError(file, EXPECTED_JSON);
  return rec;
}

/** Replays the edit log over complete lines; a last line still being written waits for the next pass. */
function replayLog(buf: Buffer, file: string): { state: Record<string, unknown>; consumed: number; lines: number } {
  let state: Record<string, unknown> | undefined;
  let pos = 0;
  let line = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl === -1) break;
    const text = buf.toString('utf8', pos, nl);
    pos = nl + 1;
    line++;
    if (text.trim() === '') continue;
    let entry: Record<string, unknown> | undefined;
    try {
      entry = asRecord(JSON.parse(text));
    } catch {
      entry = undefined;
    }
    if (!entry) throw new UnknownFormatError(`${file}:${line}`, EXPECTED_LOG);
    const keyPath = Array.isArray(entry.k) ? (entry.k as unknown[]) : [];
    switch (entry.kind) {
      case 0:
        state = asRecord(entry.v);
        break;
      case 1:
      case 3:
        if (!state) throw new UnknownFormatError(`${file}:${line}`, EXPECTED_LOG);
        setAt(state, keyPath, entry.kind === 1 ? entry.v : undefined);
        break;
      case 2:
        if (!state) throw new UnknownFormatError(`${file}:${line}`, EXPECTED_LOG);
        pushAt(state, keyPath, Array.isArray(entry.v) ? entry.v : [], typeof entry.i === 'number' ? entry.i : undefined);
        break;
      default:
        throw new UnknownFormatError(`${file}:${line}`, EXPECTED_LOG);
    }
  }
  if (!state) throw new UnknownFormatError(file, EXPECTED_LOG);
  return { state, consumed: pos, lines: line };
}

type Container = Record<string, unknown> | unknown[];

function containerAt(root: Container, keys: readonly unknown[]): Container | undefined {
  let cur: unknown = root;
  for (const k of keys) {
    if (Array.isArray(cur) && typeof k === 'number') cur = cur[k];
    else if (asRecord(cur) && typeof k === 'string') cur = (cur as Record<string, unknown>)[k];
    else return undefined;
  }
  return Array.isArray(cur) || asRecord(cur) ? (cur as Container) : undefined;
}

function setAt(root: Record<string, unknown>, keys: readonly unknown[], value: unknown): void {
  if (keys.length === 0) return;
  const parent = containerAt(root, keys.slice(0, -1));
  const last = keys[keys.length - 1];
  if (Array.isArray(parent) && typeof last === 'number') parent[last] = value;
  else if (parent && !Array.isArray(parent) && typeof last === 'string') {
    if (value === undefined) delete parent[last];
    else parent[last] = value;
  }
}

function pushAt(root: Record<string, unknown>, keys: readonly unknown[], items: unknown[], from: number | undefined): void {
  let arr = containerAt(root, keys);
  if (!Array.isArray(arr)) {
    // Pushing onto a property not yet there creates the array, as the writer's reader does.
    arr = [];
    setAt(root, keys, arr);
  }
  if (from !== undefined) arr.length = Math.min(arr.length, from);
  arr.push(...items);
}

/** The workspace's folder, from `workspaceStorage/<hash>/workspace.json` beside `chatSessions/`. */
function workspaceFolder(file: string): string | undefined {
  const meta = path.join(path.dirname(path.dirname(file)), 'workspace.json');
  try {
    const uri = asString(asRecord(JSON.parse(fs.readFileSync(meta, 'utf8')))?.folder);
    return uri ? safeFilePath(uri) : undefined;
  } catch {
    return undefined;
  }
}

function safeFilePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** A serialized URI ({scheme, path, fsPath…}) as a path, for file URIs. */
function uriPath(u: Record<string, unknown> | undefined): string | undefined {
  if (!u) return undefined;
  if (u.scheme !== undefined && u.scheme !== 'file') return asString(u.path);
  return asString(u.fsPath) ?? asString(u.path);
}

function isoOf(v: unknown): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
