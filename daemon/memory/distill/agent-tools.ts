// Breadcrumbs for the tools of agents other than Claude Code and Codex
// (Gemini CLI, Qwen Code, OpenCode, Cursor): their names and argument keys
// mapped onto the Claude Code tool of the same meaning, so every agent's
// activity reads alike (`[ran: npm test]`, `[read src/app.ts]`).
import { toolBreadcrumb, toolDisplayName } from './breadcrumb';
import { asRecord, asString } from './jsonl';

const AS_CLAUDE: Record<string, string> = {
  run_shell_command: 'Bash',
  shell: 'Bash',
  bash: 'Bash',
  run_terminal_cmd: 'Bash',
  run_terminal_command: 'Bash',
  read_file: 'Read',
  read: 'Read',
  read_many_files: 'Read',
  list_directory: 'LS',
  list: 'LS',
  ls: 'LS',
  list_dir: 'LS',
  write_file: 'Write',
  write: 'Write',
  replace: 'Edit',
  edit: 'Edit',
  edit_file: 'Edit',
  search_replace: 'Edit',
  multiedit: 'Edit',
  patch: 'Edit',
  delete_file: 'Edit',
  glob: 'Glob',
  file_search: 'Glob',
  grep: 'Grep',
  search_file_content: 'Grep',
  grep_search: 'Grep',
  codebase_search: 'Grep',
  web_fetch: 'WebFetch',
  webfetch: 'WebFetch',
  google_web_search: 'WebSearch',
  web_search: 'WebSearch',
  websearch: 'WebSearch',
  task: 'Task',
  agent: 'Task',
};

/** Argument keys these agents use for what Claude Code's tools call file_path, path, pattern and query. */
const KEYS: Array<[string, string]> = [
  ['absolute_path', 'file_path'],
  ['filePath', 'file_path'],
  ['target_file', 'file_path'],
  ['dir_path', 'path'],
  ['target_directory', 'path'],
  ['relative_workspace_path', 'path'],
  ['search_term', 'query'],
];

/** The breadcrumb for one tool call of Gemini CLI, Qwen Code, OpenCode or Cursor. */
export function agentToolCrumb(name: string, input: unknown, cwd: string | undefined): string {
  const claudeName = AS_CLAUDE[name] ?? AS_CLAUDE[name.toLowerCase()];
  if (!claudeName) return `[used ${toolDisplayName(name)}]`;
  const args: Record<string, unknown> = { ...(asRecord(input) ?? {}) };
  for (const [from, to] of KEYS) if (args[to] === undefined && args[from] !== undefined) args[to] = args[from];
  if (args.file_path === undefined && Array.isArray(args.paths)) args.file_path = args.paths.filter((p): p is string => typeof p === 'string').join(', ');
  if (claudeName === 'Grep' && asString(args.pattern) === undefined && asString(args.query) === undefined) args.pattern = asString(args.regex);
  return toolBreadcrumb(claudeName, args, cwd);
}
