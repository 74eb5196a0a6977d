// Qwen Code sessions (~/.qwen/projects/<cwd slug>/chats/<session>.jsonl):
// one record a line, each with uuid, sessionId, timestamp, cwd, the CLI's
// version and a type: `user` and `assistant` carry a Gemini-style message
// ({role, parts}: text, thought and functionCall parts), `tool_result` the
// answer to a call with its status, `system` the CLI's own bookkeeping
// (telemetry, attribution snapshots). Older Qwen Code wrote Gemini CLI's
// chat files under ~/.qwen/tmp; those go through the Gemini distiller.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { UnknownFormatError } from './format-error';
import { agentToolCrumb } from './agent-tools';
import { distillGemini, GEMINI } from './gemini';
import { asRecord, asString, readJsonl } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

export const QWEN_EXPECTED =
  'a Qwen Code session .jsonl: one record a line with uuid, sessionId, timestamp and type (user, assistant, tool_result, system), messages as {role, parts}';

const QWEN_GEMINI = { ...GEMINI, source: 'qwen', modelTypes: new Set(['gemini', 'qwen', 'model']), expected: `${GEMINI.expected} (older Qwen Code)` };

export async function distillQwen(file: string): Promise<DistilledSession> {
  const resolved = path.resolve(file);
  if (path.basename(resolved).startsWith('session-')) return distillGemini(resolved, QWEN_GEMINI);
  return distillQwenBuffer(await fs.readFile(resolved), resolved);
}

export function distillQwenBuffer(buf: Buffer, file: string): DistilledSession {
  const b = new TurnBuilder();
  const unknownTypes: Record<string, number> = {};
  const facts: { sessionId?: string; cwd?: string; startedAt?: string; endedAt?: string } = {};
  let first = true;
  const stats = readJsonl(buf, (value, line) => {
    const rec = asRecord(value);
    const type = asString(rec?.type);
    if (first) {
      first = false;
      if (!rec || !type || !asString(rec.sessionId) || !asString(rec.uuid))
        throw new UnknownFormatError(file, QWEN_EXPECTED, 'its first line has no uuid, sessionId and type');
    }
    if (!rec || !type) return;
    facts.sessionId ??= asString(rec.sessionId);
    facts.cwd ??= asString(rec.cwd);
    const at = asString(rec.timestamp);
    if (at) {
      if (!facts.startedAt || at < facts.startedAt) facts.startedAt = at;
      if (!facts.endedAt || at > facts.endedAt) facts.endedAt = at;
    }
    const parts = asRecord(rec.message)?.parts;
    const list = Array.isArray(parts) ? parts.map(asRecord).filter((p): p is Record<string, unknown> => p !== undefined) : [];
    const text = list
      .filter((p) => p.thought !== true)
      .map((p) => asString(p.text))
      .filter((t): t is string => t !== undefined)
      .join('\n');
    switch (type) {
      case 'user':
        b.user(text, line, at);
        return;
      case 'assistant':
        b.assistant(text, line, at, asString(rec.uuid));
        for (const p of list) {
          const call = asRecord(p.functionCall);
          if (call) b.tool(asString(call.id), agentToolCrumb(asString(call.name) ?? 'tool', call.args, facts.cwd), line, at, asString(rec.uuid));
        }
        return;
      case 'tool_result': {
        const result = asRecord(rec.toolCallResult);
        const status = asString(result?.status);
        b.toolResult(asString(result?.callId), status === 'error' || status === 'cancelled', line);
        return;
      }
      case 'system':
        return;
      default:
        unknownTypes[type] = (unknownTypes[type] ?? 0) + 1;
    }
  });
  const { turns, redactions } = b.finish();
  return assembleSession(
    {
      source: 'qwen',
      path: file,
      sessionId: facts.sessionId ?? path.basename(file, '.jsonl'),
      turns,
      consumedBytes: stats.consumedBytes,
      lines: stats.lines,
      unknownTypes,
      malformedLines: stats.malformedLines,
      redactions,
    },
    { cwd: facts.cwd, startedAt: facts.startedAt, endedAt: facts.endedAt },
  );
}
