// Codex rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl) distilled
// into turns. A rollout records each message twice (as a response item and
// as an event), injects AGENTS.md and environment context as user messages,
// and pairs tool calls with outputs by call_id: keep one copy, drop the
// injections, keep one breadcrumb per call.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { clip, displayPath, toolBreadcrumb, toolDisplayName } from './breadcrumb';
import { asRecord, asString, readJsonl } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';
import { stripWrappers } from './wrappers';

const RESPONSE_TYPES = new Set([
  'message',
  'reasoning',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
  'web_search_call',
  'ghost_snapshot',
  'compaction',
]);
// User-role messages that Codex writes itself, not the user.
const INJECTED_PREFIXES = [
  '# AGENTS.md instructions',
  '<environment_context>',
  '<user_instructions>',
  '<INSTRUCTIONS>',
  '<permissions instructions>',
  '<user_shell_command>',
  '<turn_aborted>',
  '<subagent_notification>',
];
const SHELLS = new Set(['bash', 'sh', 'zsh', '/bin/bash', '/bin/sh', '/bin/zsh', 'pwsh', 'powershell', 'powershell.exe']);
const PATCH_FILE_RE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;
const EXIT_RE = /(?:"exit_code"\s*:\s*|Exit code:\s*|exited with code\s+)(-?\d+)/;

export async function distillCodex(file: string): Promise<DistilledSession> {
  return distillCodexBuffer(await fs.readFile(file), path.resolve(file));
}

interface Pending {
  role: string;
  text: string;
  fromEvent: boolean;
}

export function distillCodexBuffer(buf: Buffer, file: string): DistilledSession {
  const b = new TurnBuilder();
  const unknownTypes: Record<string, number> = {};
  let sessionId: string | undefined;
  let cwd: string | undefined;
  let gitBranch: string | undefined;
  let startedAt: string | undefined;
  let endedAt: string | undefined;
  // Messages seen once from one side (response item or event) and waiting for their twin.
  const pending: Pending[] = [];
  const isTwin = (role: string, text: string, fromEvent: boolean): boolean => {
    const i = pending.findIndex((p) => p.role === role && p.text === text && p.fromEvent !== fromEvent);
    if (i !== -1) {
      pending.splice(i, 1);
      return true;
    }
    pending.push({ role, text, fromEvent });
    if (pending.length > 16) pending.shift();
    return false;
  };
  const message = (role: string, text: string, line: number, at: string | undefined, fromEvent: boolean): void => {
    // Both copies of a message are cleaned alike, so they still pair up as twins.
    const t = role === 'user' ? stripWrappers(text, (cmd) => `[ran: ${clip(cmd)}]`) : text.trim();
    if (t.length === 0 || isTwin(role, t, fromEvent)) return;
    if (role === 'user') b.user(t, line, at);
    else b.assistant(t, line, at);
  };

  const responseItem = (p: Record<string, unknown>, line: number, at: string | undefined): void => {
    const type = asString(p.type);
    switch (type) {
      case 'message': {
        const role = asString(p.role);
        if (role !== 'user' && role !== 'assistant') return; // developer and system are instructions
        const texts: string[] = [];
        for (const item of Array.isArray(p.content) ? p.content : []) {
          const t = asString(asRecord(item)?.text);
          if (t !== undefined && !(role === 'user' && isInjected(t))) texts.push(t);
        }
        message(role, texts.join('\n'), line, at, false);
        return;
      }
      case 'function_call':
      case 'custom_tool_call': {
        const name = asString(p.name) ?? 'tool';
        const input = type === 'function_call' ? parseArgs(asString(p.arguments)) : asString(p.input);
        const id = asString(p.call_id);
        for (const crumb of codexCrumbs(name, input, cwd)) b.tool(id, crumb, line, at);
        return;
      }
      case 'local_shell_call': {
        const action = asRecord(p.action);
        const id = asString(p.call_id) ?? asString(p.id);
        for (const crumb of codexCrumbs('local_shell', action, cwd)) b.tool(id, crumb, line, at);
        if (p.status === 'failed') b.toolResult(id, true, line);
        return;
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
        b.toolResult(asString(p.call_id), outputFailed(p.output), line);
        return;
      case 'web_search_call': {
        const q = asString(asRecord(p.action)?.query);
        b.tool(undefined, q ? `[searched "${clip(q)}"]` : '[used web_search]', line, at);
        return;
      }
      default:
      // reasoning, ghost snapshots and compaction items carry nothing to keep.
    }
  };

  const stats = readJsonl(buf, (value, line) => {
    const rec = asRecord(value);
    if (!rec) {
      unknownTypes['(not an object)'] = (unknownTypes['(not an object)'] ?? 0) + 1;
      return;
    }
    const at = asString(rec.timestamp);
    // Min and max rather than first and last: resumed and forked sessions append out of order.
    if (at) {
      if (startedAt === undefined || at < startedAt) startedAt = at;
      if (endedAt === undefined || at > endedAt) endedAt = at;
    }
    const type = asString(rec.type);
    const payload = asRecord(rec.payload);
    if (type === undefined || payload === undefined) {
      // Rollouts from before the {type, payload} envelope: a bare meta line, then bare response items.
      if (type !== undefined && RESPONSE_TYPES.has(type)) responseItem(rec, line, at);
      else if (type === undefined && line === 1 && asString(rec.id)) sessionId ??= asString(rec.id);
      else if (rec.record_type === undefined) {
        const key = type ?? '(no type)';
        unknownTypes[key] = (unknownTypes[key] ?? 0) + 1;
      }
      return;
    }
    switch (type) {
      case 'session_meta': {
        sessionId ??= asString(payload.id);
        cwd ??= asString(payload.cwd) || undefined;
        const branch = asString(asRecord(payload.git)?.branch) ?? asString(payload.git_branch);
        if (branch) gitBranch = branch;
        const ts = asString(payload.timestamp);
        if (ts && (!startedAt || ts < startedAt)) startedAt = ts;
        return;
      }
      case 'turn_context':
        cwd ??= asString(payload.cwd) || undefined;
        return;
      case 'response_item':
        responseItem(payload, line, at);
        return;
      case 'event_msg': {
        const ev = asString(payload.type);
        if (ev === 'user_message') {
          const t = asString(payload.message) ?? '';
          if (!isInjected(t)) message('user', t, line, at, true);
        } else if (ev === 'agent_message') message('assistant', asString(payload.message) ?? '', line, at, true);
        return;
      }
      case 'compacted': {
        const t = asString(payload.message);
        if (t) b.summary(t, line, at);
        return;
      }
      default:
        unknownTypes[type] = (unknownTypes[type] ?? 0) + 1;
    }
  });

  const { turns, redactions } = b.finish();
  return assembleSession(
    {
      source: 'codex',
      path: file,
      sessionId: sessionId ?? idFromName(file),
      turns,
      consumedBytes: stats.consumedBytes,
      lines: stats.lines,
      unknownTypes,
      malformedLines: stats.malformedLines,
      redactions,
    },
    { cwd, gitBranch, startedAt, endedAt },
  );
}

function isInjected(text: string): boolean {
  const t = text.trimStart();
  return INJECTED_PREFIXES.some((p) => t.startsWith(p));
}

function parseArgs(args: string | undefined): unknown {
  if (args === undefined) return undefined;
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

/** The command line a shell tool ran: `["bash","-lc","npm test"]` → `npm test`. */
function shellCommand(cmd: unknown): string | undefined {
  if (typeof cmd === 'string') return cmd;
  if (!Array.isArray(cmd) || !cmd.every((c): c is string => typeof c === 'string')) return undefined;
  if (cmd.length >= 3 && SHELLS.has(cmd[0]!) && /^-\w*c$/.test(cmd[1]!)) return cmd.slice(2).join(' ');
  return cmd.join(' ');
}

function patchCrumbs(patch: string, cwd: string | undefined): string[] {
  const files = [...patch.matchAll(PATCH_FILE_RE)].map((m) => `[edited ${displayPath(m[1]!.trim(), cwd)}]`);
  return files.length > 0 ? files : ['[edited (patch)]'];
}

/** Breadcrumbs for one Codex tool call; a patch yields one per file it touches. */
export function codexCrumbs(name: string, input: unknown, cwd: string | undefined): string[] {
  const args = asRecord(input);
  switch (name) {
    case 'shell':
    case 'container.exec':
    case 'local_shell':
    case 'exec_command':
    case 'shell_command': {
      const cmd = shellCommand(args?.command ?? args?.cmd);
      if (cmd === undefined) return [`[used ${name}]`];
      if (/^\s*apply_patch\b/.test(cmd) || cmd.includes('*** Begin Patch')) return patchCrumbs(cmd, cwd);
      return [`[ran: ${clip(cmd)}]`];
    }
    case 'apply_patch': {
      const patch = typeof input === 'string' ? input : (asString(args?.input) ?? asString(args?.patch));
      return patch ? patchCrumbs(patch, cwd) : ['[edited (patch)]'];
    }
    case 'view_image': {
      const p = asString(args?.path);
      return [p ? `[read ${displayPath(p, cwd)}]` : '[used view_image]'];
    }
    case 'web_search':
    case 'search': {
      const q = asString(args?.query);
      return [q ? `[searched "${clip(q)}"]` : `[used ${name}]`];
    }
    default:
      // Claude-style names (some Codex setups expose them) get the same breadcrumbs.
      return [name.startsWith('mcp__') ? `[used ${toolDisplayName(name)}]` : toolBreadcrumb(name, input, cwd)];
  }
}

function outputFailed(output: unknown): boolean {
  const rec = asRecord(output);
  if (rec) return rec.success === false;
  if (typeof output !== 'string') return false;
  // Exit codes sit at the start (newer "Exit code: N") or the end (older JSON metadata) of a possibly huge log.
  const probe = output.length > 600 ? output.slice(0, 300) + output.slice(-300) : output;
  const m = EXIT_RE.exec(probe);
  return m !== null && m[1] !== '0';
}

function idFromName(file: string): string {
  const base = path.basename(file, '.jsonl');
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(base);
  return m ? m[1]! : base;
}
