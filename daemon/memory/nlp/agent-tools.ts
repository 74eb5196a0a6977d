// The agent's own traffic, which is never an entity: the tools Claude Code
// and Codex call, MCP tool ids, and the everyday shell verbs of its commands.
// A session that runs `grep` or calls TodoWrite is not talking about them.

/** Claude Code's built-in tools (as they appear in transcripts and in prose about the transcript). */
const CLAUDE_TOOLS = [
  'Bash',
  'BashOutput',
  'KillBash',
  'KillShell',
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'Glob',
  'Grep',
  'LS',
  'TodoWrite',
  'TodoRead',
  'Task',
  'TaskOutput',
  'TaskCreate',
  'TaskUpdate',
  'TaskList',
  'TaskGet',
  'TaskStop',
  'Agent',
  'WebFetch',
  'WebSearch',
  'NotebookEdit',
  'NotebookRead',
  'ExitPlanMode',
  'EnterPlanMode',
  'SlashCommand',
  'Skill',
  'AskUserQuestion',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
  'LSP',
];

/** Codex's tools and response item types. */
const CODEX_TOOLS = [
  'exec_command',
  'write_stdin',
  'shell',
  'apply_patch',
  'update_plan',
  'local_shell_call',
  'local_shell',
  'web_search_call',
  'web_search',
  'view_image',
  'read_file',
  'list_dir',
  'grep_files',
  'unified_exec',
  'function_call',
  'custom_tool_call',
  'container.exec',
  'list_mcp_resources',
];

/** Shell verbs and git subcommands: what a command does, never what a session is about. */
const SHELL_VERBS = [
  'ls',
  'cd',
  'cat',
  'grep',
  'egrep',
  'rg',
  'sed',
  'awk',
  'echo',
  'printf',
  'mkdir',
  'rmdir',
  'rm',
  'cp',
  'mv',
  'touch',
  'chmod',
  'chown',
  'find',
  'head',
  'tail',
  'less',
  'more',
  'pwd',
  'which',
  'xargs',
  'sort',
  'uniq',
  'wc',
  'diff',
  'tee',
  'kill',
  'pkill',
  'ps',
  'env',
  'export',
  'source',
  'sudo',
  'true',
  'false',
  'test',
  'sleep',
  'date',
  'tr',
  'cut',
  'ln',
  'du',
  'df',
  'tar',
  'unzip',
  'zip',
  'file',
  'stat',
  'whoami',
  'clear',
  'add',
  'commit',
  'push',
  'pull',
  'status',
  'log',
  'checkout',
  'switch',
  'rebase',
  'merge',
  'clone',
  'fetch',
  'stash',
  'reset',
  'branch',
  'show',
  'tag',
  'init',
  'restore',
  'cherry-pick',
  'blame',
  'remote',
  'worktree',
];

const EXACT = new Set([...CLAUDE_TOOLS, ...CODEX_TOOLS]);
const LOWER = new Set([...CODEX_TOOLS, ...SHELL_VERBS].map((s) => s.toLowerCase()));

/** `mcp__github__create_issue`, `github__create_issue`, `task-master-ai__get_task`. */
const MCP_ID = /^(?:mcp__)?[\w.-]+__[\w.-]+$/;

/** True when the name is the agent's own traffic: a built-in tool, an MCP tool id, a shell verb. */
export function isAgentTool(name: string, usedHere: ReadonlySet<string> = new Set()): boolean {
  const n = name.trim();
  return EXACT.has(n) || LOWER.has(n.toLowerCase()) || MCP_ID.test(n) || usedHere.has(n) || usedHere.has(n.toLowerCase());
}

/** The names one episode's `[used X]` breadcrumbs carry, each with its server and tool parts (`github.create_issue`). */
export function toolNamesUsed(used: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const u of used) {
    out.add(u);
    out.add(u.toLowerCase());
    const parts = u.replace(/^mcp__/, '').split(/__|[.:/]/);
    if (parts.length > 1) for (const p of parts.slice(1)) (out.add(p), out.add(p.toLowerCase()));
  }
  return out;
}
