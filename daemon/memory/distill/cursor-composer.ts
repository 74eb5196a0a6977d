// A Cursor composer (chat or agent session) from the global state.vscdb,
// for sessions that have no agent transcript: its record
// (`composerData:<id>`: `_v`, createdAt, lastUpdatedAt, name, and the
// bubbles in order in fullConversationHeadersOnly, or inline in
// `conversation` in older records) and its bubbles (`bubbleId:<id>:<bubble>`:
// type 1 the user, 2 the model; text; toolFormerData for a tool call).
// Each bubble is one "line", in conversation order. The folder comes from
// the workspace whose own state.vscdb lists the composer.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { splitAddress } from './db-address';
import { UnknownFormatError } from './format-error';
import { cursorComposer, workspaceComposers } from './sqlite/cursor';
import type { ForeignReads } from './sqlite/read';
import { agentToolCrumb } from './agent-tools';
import { asRecord, asString } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

/** The composerData versions this reader knows; a newer one is reported, not guessed at. */
export const COMPOSER_VERSIONS = [1, 2, 3];
export const COMPOSER_EXPECTED = `a Cursor composerData record with _v ${COMPOSER_VERSIONS.join(', ')} or none, its bubbles listed in fullConversationHeadersOnly or conversation`;

const parse = (text: string | undefined): Record<string, unknown> | undefined => {
  try {
    return text === undefined ? undefined : asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
};

/** The bubble ids a composer lists, in order. */
export function bubbleIdsOf(data: Record<string, unknown>): string[] {
  const headers = Array.isArray(data.fullConversationHeadersOnly) ? data.fullConversationHeadersOnly : [];
  return headers.map((h) => asString(asRecord(h)?.bubbleId)).filter((b): b is string => b !== undefined);
}

/** Throws when the record is not one this reader knows. */
export function checkComposer(address: string, data: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!data) throw new UnknownFormatError(address, COMPOSER_EXPECTED, 'no composerData JSON');
  const v = data._v;
  if (v !== undefined && !(typeof v === 'number' && COMPOSER_VERSIONS.includes(v)))
    throw new UnknownFormatError(address, COMPOSER_EXPECTED, `_v ${JSON.stringify(v)}`);
  return data;
}

const time = (v: unknown): string | undefined =>
  typeof v === 'number' && v > 0 ? new Date(v).toISOString() : typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined;

export async function distillCursorComposer(address: string, reads?: ForeignReads): Promise<DistilledSession> {
  await Promise.resolve();
  const { store, session } = splitAddress(address);
  if (session === undefined) throw new UnknownFormatError(address, COMPOSER_EXPECTED, 'no composer id in the address');
  const read = cursorComposer(store, session, (text) => bubbleIdsOf(parse(text) ?? {}), reads);
  const data = checkComposer(address, parse(read.data));
  const inline = Array.isArray(data.conversation) ? data.conversation.map(asRecord) : [];
  const bubbles = bubbleIdsOf(data).length > 0 ? bubbleIdsOf(data).map((id) => parse(read.bubbles.get(id))) : inline;
  const cwd = workspaceOf(store, session, reads);
  const b = new TurnBuilder();
  const unknownTypes: Record<string, number> = {};
  bubbles.forEach((bubble, i) => {
    const line = i + 1;
    if (!bubble) return;
    const at = time(bubble.createdAt);
    const text = asString(bubble.text) ?? '';
    if (bubble.type === 1) b.user(text, line, at);
    else if (bubble.type === 2) {
      b.assistant(text, line, at);
      const tool = asRecord(bubble.toolFormerData);
      if (tool) {
        const raw = asString(tool.rawArgs);
        let args: unknown = asRecord(tool.params) ?? {};
        try {
          if (raw) args = JSON.parse(raw) as unknown;
        } catch {
          // Arguments still streaming: the call is kept by name.
        }
        b.tool(asString(tool.toolCallId), agentToolCrumb(asString(tool.name) ?? 'tool', args, cwd), line, at);
        if (asString(tool.status) === 'error') b.toolResult(asString(tool.toolCallId), true, line);
      }
    } else unknownTypes[`bubble type ${String(bubble.type)}`] = (unknownTypes[`bubble type ${String(bubble.type)}`] ?? 0) + 1;
  });
  const { turns, redactions } = b.finish();
  return assembleSession(
    {
      source: 'cursor',
      path: address,
      sessionId: session,
      turns,
      consumedBytes: bubbles.length,
      lines: bubbles.length,
      unknownTypes,
      malformedLines: 0,
      redactions,
    },
    { cwd, startedAt: time(data.createdAt), endedAt: time(data.lastUpdatedAt) ?? time(data.createdAt), title: asString(data.name) },
  );
}

/**
 * The folder of the workspace whose state.vscdb lists the composer
 * (globalStorage's sibling workspaceStorage/<hash>/). The map of every
 * workspace's composers is built once per sweep, not once per composer.
 */
function workspaceOf(globalDb: string, composer: string, reads: ForeignReads | undefined): string | undefined {
  const storage = path.join(path.dirname(path.dirname(globalDb)), 'workspaceStorage');
  const folders = reads ? reads.once(`cursor workspaces ${storage}`, () => workspaceFolders(storage, reads)) : workspaceFolders(storage, undefined, composer);
  return folders.get(composer) ?? undefined;
}

/**
 * Each composer a workspace lists, to that workspace's folder: the first
 * workspace (in folder order) with a local folder wins; one whose
 * workspace.json cannot be read leaves its composers without a folder (null).
 * Asked for one composer (`only`, no sweep to share the map with), it stops once that one is placed.
 */
function workspaceFolders(storage: string, reads?: ForeignReads, only?: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  let dirs: string[];
  try {
    dirs = fs.readdirSync(storage);
  } catch {
    return out;
  }
  for (const d of dirs) {
    const list = parse(workspaceComposers(path.join(storage, d, 'state.vscdb'), reads));
    const ids = (Array.isArray(list?.allComposers) ? list.allComposers : [])
      .map((c) => asString(asRecord(c)?.composerId))
      .filter((id): id is string => id !== undefined && !out.has(id));
    if (ids.length === 0) continue;
    let folder: string | null | undefined;
    try {
      const uri = asString(asRecord(JSON.parse(fs.readFileSync(path.join(storage, d, 'workspace.json'), 'utf8')))?.folder);
      folder = uri?.startsWith('file://') ? decodeURIComponent(new URL(uri).pathname) : undefined;
    } catch {
      folder = null;
    }
    // A remote or folderless workspace names no local folder: a later one listing the composer may.
    if (folder !== undefined) for (const id of ids) out.set(id, folder);
    if (only !== undefined && out.has(only)) break;
  }
  return out;
}
