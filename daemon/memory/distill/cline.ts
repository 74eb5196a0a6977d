// Cline and Roo Code task folders (`<globalStorage>/<extension id>/tasks/<id>/`).
// The writer (Cline's src/core/storage/disk.ts, inherited by Roo) keeps
// `ui_messages.json`, the conversation as the user saw it: a JSON array of
// {ts (epoch ms), type: 'ask'|'say', ask|say: kind, text} rewritten whole
// after every message, beside `api_conversation_history.json` (the model's
// view) and `task_metadata.json`. The UI messages carry every message's
// time, so they are read; a message's "line" is its place in the array
// (1-based), which an appended message never moves. The working folder is
// the environment details Cline sends the model ("# Current Working
// Directory (…) Files"; Roo says "Workspace"), or the task history's
// `cwdOnTaskInitialization`.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession } from '../episode';
import { clip, displayPath } from './breadcrumb';
import { UnknownFormatError } from './format-error';
import { asRecord, asString } from './jsonl';
import { assembleSession } from './session';
import { TurnBuilder } from './turns';

const EXPECTED = "a JSON array of task messages, each {ts: epoch ms, type: 'ask' | 'say', ask | say: kind, text} (Cline's ui_messages.json)";
const CWD_RE = /# Current (?:Working|Workspace) Directory \(([^)\n]+)\) Files/;
const EDIT_TOOLS = new Set([
  'editedExistingFile',
  'newFileCreated',
  'appliedDiff',
  'insertContent',
  'searchAndReplace',
  'fileDeleted',
  'applyPatch',
  'newFileCreatedWithContent',
]);
const READ_TOOLS = new Set(['readFile', 'listFilesTopLevel', 'listFilesRecursive', 'listCodeDefinitionNames', 'fetchInstructions']);
const SEARCH_TOOLS = new Set(['searchFiles', 'codebaseSearch']);
/** Kinds that carry nothing to keep: API bookkeeping, streaming, checkpoints, errors, resumption prompts. */
const SILENT = new Set([
  'api_req_started',
  'api_req_finished',
  'api_req_retried',
  'api_req_retry_delayed',
  'api_req_failed',
  'api_req_deleted',
  'deleted_api_reqs',
  'reasoning',
  'command_output',
  'checkpoint_created',
  'checkpoint_saved',
  'error',
  'info',
  'task_progress',
  'shell_integration_warning',
  'diff_error',
  'mcp_server_request_started',
  'mcp_server_response',
  'mcp_notification',
  'hook',
  'hook_output',
  'condense',
  'condense_context',
  'condense_context_error',
  'resume_task',
  'resume_completed_task',
  'mistake_limit_reached',
  'auto_approval_max_req_reached',
  'browser_action',
  'browser_action_result',
  'clineignore_error',
  'rooignore_error',
  'load_mcp_documentation',
  'user_feedback_diff',
  'report_bug',
  'new_task',
  'subtask_result',
  'codebase_search_result',
  'too_many_tools_warning',
  'user_edit_todos',
  'image',
  'text_response',
  'completion_result_empty',
]);

export type TaskAgent = 'cline' | 'roo';

export function distillTask(agent: TaskAgent): (file: string) => Promise<DistilledSession> {
  return async (file) => {
    const abs = path.resolve(file);
    return distillTaskBuffer(agent, await fsp.readFile(abs), abs);
  };
}

export function distillTaskBuffer(agent: TaskAgent, buf: Buffer, file: string): DistilledSession {
  let messages: unknown;
  try {
    messages = JSON.parse(buf.toString('utf8'));
  } catch {
    throw new UnknownFormatError(file, EXPECTED);
  }
  if (!Array.isArray(messages) || !messages.every((m) => typeof asRecord(m)?.ts === 'number' && (asRecord(m)?.type === 'ask' || asRecord(m)?.type === 'say')))
    throw new UnknownFormatError(file, EXPECTED);

  const b = new TurnBuilder();
  const unknownTypes: Record<string, number> = {};
  let cwd: string | undefined;
  let lastCrumb = '';
  const crumb = (text: string, line: number, at: string): void => {
    // Cline asks before a command and may say it again once run: one breadcrumb.
    if (text !== lastCrumb) b.tool(undefined, text, line, at);
    lastCrumb = text;
  };
  (messages as Array<Record<string, unknown>>).forEach((m, i) => {
    const line = i + 1;
    const at = new Date(m.ts as number).toISOString();
    const kind = asString(m.type === 'say' ? m.say : m.ask) ?? '(none)';
    const text = asString(m.text) ?? '';
    if (kind !== 'command' && kind !== 'tool') lastCrumb = '';
    switch (kind) {
      case 'task':
      case 'user_feedback':
        b.user(text, line, at);
        return;
      case 'text':
        // Roo says the user's task as a plain text message, first in the task.
        if (i === 0) b.user(text, line, at);
        else b.assistant(text, line, at);
        return;
      case 'completion_result':
        // Cline's `ask` for a follow-up after completion repeats nothing; an empty text is skipped by the builder.
        if (m.type === 'say' || text) b.assistant(text, line, at);
        return;
      case 'followup':
      case 'plan_mode_respond': {
        const j = parseJson(text);
        b.assistant(asString(j?.question) ?? asString(j?.response) ?? text, line, at);
        return;
      }
      case 'command':
        if (text) crumb(`[ran: ${clip(text)}]`, line, at);
        return;
      case 'tool':
        crumb(toolCrumb(parseJson(text), cwd), line, at);
        return;
      case 'use_mcp_server': {
        const j = parseJson(text);
        crumb(`[used ${asString(j?.serverName) ?? 'mcp'}.${asString(j?.toolName) ?? asString(j?.uri) ?? 'tool'}]`, line, at);
        return;
      }
      case 'browser_action_launch':
        if (text) crumb(`[fetched ${clip(text, 200)}]`, line, at);
        return;
      case 'api_req_started':
        cwd ??= CWD_RE.exec(asString(parseJson(text)?.request) ?? '')?.[1];
        return;
      default:
        if (!SILENT.has(kind)) unknownTypes[kind] = (unknownTypes[kind] ?? 0) + 1;
    }
  });
  cwd ??= cwdFromApiHistory(file) ?? cwdFromTaskHistory(file);
  const { turns, redactions } = b.finish();
  const times = (messages as Array<{ ts: number }>).map((m) => m.ts);
  return assembleSession(
    {
      source: agent,
      path: file,
      sessionId: path.basename(path.dirname(file)),
      turns,
      consumedBytes: buf.length,
      lines: messages.length,
      unknownTypes,
      malformedLines: 0,
      redactions,
    },
    {
      cwd,
      startedAt: times.length ? new Date(Math.min(...times)).toISOString() : undefined,
      endedAt: times.length ? new Date(Math.max(...times)).toISOString() : undefined,
    },
  );
}

function toolCrumb(j: Record<string, unknown> | undefined, cwd: string | undefined): string {
  const tool = asString(j?.tool) ?? 'tool';
  const p = asString(j?.path);
  const shown = p ? displayPath(cwd && !path.isAbsolute(p) ? path.join(cwd, p) : p, cwd) : undefined;
  if (EDIT_TOOLS.has(tool)) return shown ? `[edited ${shown}]` : `[used ${tool}]`;
  if (READ_TOOLS.has(tool)) return shown ? `[read ${shown}]` : `[used ${tool}]`;
  if (SEARCH_TOOLS.has(tool)) {
    const q = asString(j?.regex) ?? asString(j?.query);
    return q ? `[searched "${clip(q)}"]` : `[used ${tool}]`;
  }
  if (tool === 'webFetch') {
    const url = asString(j?.url) ?? p;
    return url ? `[fetched ${clip(url, 200)}]` : `[used ${tool}]`;
  }
  return `[used ${tool}]`;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The environment details of the first request the model was sent, beside the UI messages. */
function cwdFromApiHistory(file: string): string | undefined {
  try {
    const fd = fs.openSync(path.join(path.dirname(file), 'api_conversation_history.json'), 'r');
    try {
      // The first request holds them: its head is enough, however long the task.
      const buf = Buffer.alloc(256 * 1024);
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      return CWD_RE.exec(buf.toString('utf8', 0, n).replace(/\\n/g, '\n'))?.[1];
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** Newer Cline records the folder a task started in, in `<extension storage>/state/taskHistory.json`. */
function cwdFromTaskHistory(file: string): string | undefined {
  const taskId = path.basename(path.dirname(file));
  try {
    const items = JSON.parse(fs.readFileSync(path.join(path.dirname(file), '..', '..', 'state', 'taskHistory.json'), 'utf8')) as unknown;
    if (!Array.isArray(items)) return undefined;
    const item = items.map(asRecord).find((x) => x?.id === taskId);
    return asString(item?.cwdOnTaskInitialization);
  } catch {
    return undefined;
  }
}
