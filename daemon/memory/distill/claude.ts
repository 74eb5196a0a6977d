// Claude Code transcripts (~/.claude/projects/<encoded cwd>/<session>.jsonl,
// and subagents' agent-*.jsonl) distilled into turns: what the user asked,
// what the model said, one breadcrumb per tool call, compaction summaries as
// the model's. Tool results, thinking, images and harness wrappers go.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { clip, toolBreadcrumb } from './breadcrumb';
import { asRecord, asString, readJsonl } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';
import { stripWrappers } from './wrappers';

/** Line types that carry nothing to distill; anything not here and not handled is counted as unknown. */
const IGNORED_TYPES = new Set([
  'system',
  'file-history-snapshot',
  'attachment',
  'progress',
  'queue-operation',
  'custom-title',
  'agent-name',
  'tag',
  'last-prompt',
  'pr-link',
  'permission-mode',
]);

// Before `isCompactSummary` existed the summary line was recognisable only by its opening.
const CONTINUED_PREFIX = 'This session is being continued from a previous conversation';

/** Distills one Claude Code session or subagent file. */
export async function distillClaude(file: string): Promise<DistilledSession> {
  return distillClaudeBuffer(await fs.readFile(file), path.resolve(file));
}

export function distillClaudeBuffer(buf: Buffer, file: string): DistilledSession {
  const base = path.basename(file, '.jsonl');
  const fileAgent = base.startsWith('agent-') ? base.slice('agent-'.length) : undefined;
  let builder: TurnBuilder | undefined;
  const unknownTypes: Record<string, number> = {};
  const seenUuids = new Set<string>();
  // Streaming writes one line per content block and sometimes repeats a block: keep each once per message.
  const seenBlocks = new Map<string, Set<string>>();
  let sessionId: string | undefined;
  let agentId: string | undefined;
  let sidechain = false;
  let cwd: string | undefined;
  let gitBranch: string | undefined;
  let title: string | undefined;
  let startedAt: string | undefined;
  let endedAt: string | undefined;
  let afterCompactBoundary = false;

  const stats = readJsonl(buf, (value, line) => {
    const rec = asRecord(value);
    if (!rec) {
      unknownTypes['(not an object)'] = (unknownTypes['(not an object)'] ?? 0) + 1;
      return;
    }
    const type = asString(rec.type) ?? '(no type)';
    const uuid = asString(rec.uuid);
    if (uuid !== undefined) {
      if (seenUuids.has(uuid)) return;
      seenUuids.add(uuid);
    }
    const at = asString(rec.timestamp);
    // Min and max rather than first and last: resumed and forked sessions append out of order.
    if (at) {
      if (startedAt === undefined || at < startedAt) startedAt = at;
      if (endedAt === undefined || at > endedAt) endedAt = at;
    }
    sessionId ??= asString(rec.sessionId);
    const lineCwd = asString(rec.cwd) || undefined;
    cwd ??= lineCwd;
    const branch = asString(rec.gitBranch);
    if (branch) gitBranch = branch;
    if (rec.isSidechain === true) sidechain = true;
    agentId ??= asString(rec.agentId);
    // The subagent id is known from the first line on; the builder stamps it on every turn.
    builder ??= new TurnBuilder(fileAgent ?? (sidechain ? agentId : undefined));
    const b = builder;
    const here = lineCwd ?? cwd;

    switch (type) {
      case 'user': {
        if (rec.isMeta === true) return;
        const msg = asRecord(rec.message);
        const content = msg?.content;
        const texts: string[] = [];
        if (typeof content === 'string') texts.push(content);
        else if (Array.isArray(content)) {
          for (const block of content) {
            const blk = asRecord(block);
            if (!blk) continue;
            if (blk.type === 'text') {
              const t = asString(blk.text);
              if (t) texts.push(t);
            } else if (blk.type === 'tool_result') {
              b.toolResult(asString(blk.tool_use_id), blk.is_error === true, line);
            }
          }
        }
        if (texts.length === 0) return;
        const joined = texts.join('\n');
        const isSummary = rec.isCompactSummary === true || afterCompactBoundary || joined.startsWith(CONTINUED_PREFIX);
        afterCompactBoundary = false;
        if (isSummary) {
          b.summary(joined, line, at);
          return;
        }
        b.user(cleanUserText(joined), line, at);
        return;
      }
      case 'assistant': {
        if (rec.isApiErrorMessage === true) return;
        const msg = asRecord(rec.message);
        const id = asString(msg?.id);
        const content = msg?.content;
        if (typeof content === 'string') {
          b.assistant(content, line, at, id);
          return;
        }
        if (!Array.isArray(content)) return;
        let seen: Set<string> | undefined;
        if (id !== undefined) {
          seen = seenBlocks.get(id);
          if (!seen) seenBlocks.set(id, (seen = new Set()));
        }
        for (const block of content) {
          const blk = asRecord(block);
          if (!blk) continue;
          if (blk.type === 'text') {
            const t = asString(blk.text) ?? '';
            if (seen) {
              if (seen.has('t:' + t)) continue;
              seen.add('t:' + t);
            }
            b.assistant(t, line, at, id);
          } else if (blk.type === 'tool_use') {
            const toolId = asString(blk.id);
            if (seen && toolId) {
              if (seen.has('u:' + toolId)) continue;
              seen.add('u:' + toolId);
            }
            b.tool(toolId, toolBreadcrumb(asString(blk.name) ?? 'tool', blk.input, here), line, at, id);
          }
          // thinking, redacted_thinking, images and server tool results carry nothing to keep.
        }
        return;
      }
      case 'summary': {
        title ??= asString(rec.summary);
        return;
      }
      case 'system': {
        if (rec.subtype === 'compact_boundary') afterCompactBoundary = true;
        return;
      }
      default:
        if (!IGNORED_TYPES.has(type)) unknownTypes[type] = (unknownTypes[type] ?? 0) + 1;
    }
  });

  const { turns, redactions } = (builder ?? new TurnBuilder()).finish();
  const isSubagent = fileAgent !== undefined || (sidechain && agentId !== undefined);
  return assembleSession(
    {
      source: 'claude',
      path: file,
      sessionId: isSubagent ? (agentId ?? fileAgent ?? base) : (sessionId ?? base),
      turns,
      consumedBytes: stats.consumedBytes,
      lines: stats.lines,
      unknownTypes,
      malformedLines: stats.malformedLines,
      redactions,
    },
    { parentSessionId: isSubagent ? sessionId : undefined, cwd, gitBranch, startedAt, endedAt, title },
  );
}

/** The user's own words: harness wrappers dropped, a bash-mode command kept as the breadcrumb of what ran. */
function cleanUserText(text: string): string {
  return stripWrappers(text, (cmd) => `[ran: ${clip(cmd)}]`);
}
