// The tool names of Claude Code and Codex, written from their documentation
// and transcripts (not from the extractor's own list): never an entity of
// memory, though the real fixtures call them all the time.

/** The tools both agents document. */
export const AGENT_TOOLS: ReadonlySet<string> = new Set([
  'bash',
  'bashoutput',
  'killbash',
  'read',
  'write',
  'edit',
  'multiedit',
  'glob',
  'grep',
  'ls',
  'todowrite',
  'task',
  'webfetch',
  'websearch',
  'notebookedit',
  'exitplanmode',
  'exec_command',
  'write_stdin',
  'shell',
  'apply_patch',
  'update_plan',
  'local_shell_call',
  'web_search_call',
]);

/** Those and the rest their transcripts name (older and newer tools, the wrappers Codex logs calls in). */
export const AGENT_TOOLS_SEEN: ReadonlySet<string> = new Set([
  ...AGENT_TOOLS,
  'killshell',
  'todoread',
  'agent',
  'notebookread',
  'slashcommand',
  'skill',
  'askuserquestion',
  'listmcpresourcestool',
  'readmcpresourcetool',
  'view_image',
  'function_call',
  'custom_tool_call',
]);
