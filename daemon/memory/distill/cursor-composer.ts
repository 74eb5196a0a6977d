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
  if (v !== undefined && !(typeof v === 'number' && COMPOSER_VERSIONS.includes(v))) throw new UnknownFormatError(address, COMPOSER_EXPECTED, `_v ${JSON.stringify(v)}`);
  return data;
}

const time = (v: unknown): string | undefined => (typeof v === 'number' && v > 0 ? new Date(v).toISOString() : typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined);

export async function distillCursorComposer(address: string): Promise<DistilledSession> {
  await Promise.resolve();
  const { store, session } = splitAddress(address);
  if (session === undefined) throw new UnknownFormatError(address, COMPOSER_EXPECTED, 'no composer id in the address');
  const read = cursorComposer(store, session, (text) => bubbleIdsOf(parse(text) ?? {}));
  const data = checkComposer(address, parse(read.data));
  const inline = Array.isArray(data.conversation) ? data.conversation.map(asRecord) : [];
  const bubbles = bubbleIdsOf(data).length > 0 ? bubbleIdsOf(data).map((id) => parse(read.bubbles.get(id))) : inline;
  const cwd = workspaceOf(store, session);
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
    { source: 'cursor', path: address, sessionId: session, turns, consumedBytes: bubbles.length, lines: bubbles.length, unknownTypes, malformedLines: 0, redactions },
    { cwd, startedAt: time(data.createdAt), endedAt: time(data.lastUpdatedAt) ?? time(data.createdAt), title: asString(data.name) },
  );
}

/** The folder of the workspace whose state.vscdb lists the composer (globalStorage's sibling workspaceStorage/<hash>/). */
function workspaceOf(globalDb: string, composer: string): string | undefined {
  const storage = path.join(path.dirname(path.dirname(globalDb)), 'workspaceStorage');
  let dirs: string[];
  try {
    dirs = fs.readdirSync(storage);
  } catch {
    return undefined;
  }
  for (const d of dirs) {
    const list = parse(workspaceComposers(path.join(storage, d, 'state.vscdb')));
    const all = Array.isArray(list?.allComposers) ? list.allComposers : [];
    if (!all.some((c) => asString(asRecord(c)?.composerId) === composer)) continue;
    try {
      const folder = asString(asRecord(JSON.parse(fs.readFileSync(path.join(storage, d, 'workspace.json'), 'utf8')))?.folder);
      if (folder?.startsWith('file://')) return decodeURIComponent(new URL(folder).pathname);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
