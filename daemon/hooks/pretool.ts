// PreToolUse: a symbol search an agent runs, answered from the index. The
// Bash route reads the command with a shell parser (search/); the Grep and
// Glob routes (clients that still have those tools) read the tool's pattern.
// In `augment` mode the answer is added beside the search, which still runs;
// in `replace` mode the search is denied with the answer as the reason. A
// text search, a repo that is not indexed, a daemon that does not answer in
// time: nothing is printed and the agent's tool runs untouched. With no
// daemon at all, the repo is queued for the next one to index.
import * as path from 'node:path';
import { connectRunning } from '../client';
import { appendRepoQueue } from '../inbox';
import { answerCandidate, gitRoot, type Answer } from './answer';
import { deadlineMs, field, within, type HookIo } from './io';
import { runtimeSwitches } from './mode';
import { candidatesIn, PASS_THROUGH_ENV, symbolInPattern, type Candidate } from './search';
import type { SearchMode } from '../config/hooks';

/** The PreToolUse deadline: Claude Code waits for it before running the command. */
export const PRETOOL_DEADLINE_MS = 800;

export interface PreToolOutput {
  hookSpecificOutput: { hookEventName: 'PreToolUse'; additionalContext?: string; permissionDecision?: 'deny'; permissionDecisionReason?: string };
}

/** The searches a PreToolUse input asks for: a Bash command's, or a Grep/Glob pattern's. */
export function candidatesOf(input: Record<string, unknown>, cwd: string): Candidate[] {
  const tool = field(input, 'tool_name');
  const toolInput = input.tool_input;
  const where = field(input, 'cwd') ?? cwd;
  if (tool === 'Bash') {
    const command = field(toolInput, 'command');
    return command ? candidatesIn(command, where) : [];
  }
  if (tool === 'Grep') {
    const pattern = field(toolInput, 'pattern');
    const symbol = pattern ? symbolInPattern(pattern) : undefined;
    if (!symbol) return [];
    const dir = field(toolInput, 'path');
    const glob = field(toolInput, 'glob');
    const type = field(toolInput, 'type');
    const search = {
      kind: 'grep' as const,
      tool: 'rg' as const,
      patterns: [pattern!],
      fixed: false,
      word: false,
      ignoreCase: (toolInput as { '-i'?: unknown })['-i'] === true,
      notASearch: false,
      paths: dir ? [dir] : [],
      includes: glob ? [glob] : [],
      excludes: [],
      types: type ? [type] : [],
      dynamic: false,
      dir: where,
    };
    return [{ kind: 'symbol', symbol, search }];
  }
  if (tool === 'Glob') {
    const pattern = field(toolInput, 'pattern');
    const name = pattern ? path.posix.basename(pattern) : undefined;
    if (!name || /[*?[\]{}]/.test(name) || !name.includes('.')) return [];
    const dir = field(toolInput, 'path');
    return [{ kind: 'file', name, search: { kind: 'find', names: [name], paths: dir ? [dir] : ['.'], dir: where } }];
  }
  return [];
}

/** What the hook prints for these answers in this mode. */
export function preToolOutput(answers: readonly Answer[], mode: SearchMode): PreToolOutput | undefined {
  if (answers.length === 0 || mode === 'off') return undefined;
  const text = answers.map((a) => a.text).join('\n\n');
  if (mode === 'replace') {
    const reason = `${text}\n(The search was not run: the index answered it. For a plain text search run it again as \`${PASS_THROUGH_ENV}=1 <command>\`.)`;
    return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
  }
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: `${text}\n(The search runs as well.)` } };
}

/** `scry hook pretooluse`, given its parsed input. */
export async function runPreToolUse(io: HookIo, input: Record<string, unknown>): Promise<number> {
  const started = Date.now();
  const candidates = candidatesOf(input, io.cwd);
  if (candidates.length === 0) return 0;
  const mode = runtimeSwitches(io.home, io.env).search;
  if (mode === 'off') return 0;
  const total = deadlineMs(io.env, PRETOOL_DEADLINE_MS);
  const client = await within(connectRunning(io.home), total);
  if (!client) {
    // No daemon: nothing to answer with, and no index is started from here. The next daemon builds the repo's.
    const repo = gitRoot(candidates[0]!.search.dir);
    if (repo) {
      try {
        appendRepoQueue(io.home, repo);
      } catch {
        // An unwritable SCRY_HOME must not fail the agent's command.
      }
    }
    return 0;
  }
  try {
    const left = Math.max(1, total - (Date.now() - started));
    const answers = await within(Promise.all(candidates.map((c) => answerCandidate(client, c).catch(() => undefined))), left);
    const out = preToolOutput(
      (answers ?? []).filter((a): a is Answer => a !== undefined),
      mode,
    );
    if (out) io.write(`${JSON.stringify(out)}\n`);
  } finally {
    client.dispose();
  }
  return 0;
}
