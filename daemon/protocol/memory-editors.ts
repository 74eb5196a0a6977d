// What the editor tells memory about itself: where its storage is, so the
// sweep reads the chats of the editor's own agents (Copilot Chat, Cline, Roo
// Code) wherever that editor keeps them; and the names the agents go by,
// which every client shows beside a session instead of a source id.
import * as z from 'zod/mini';
import { defineMethod, describe, opt } from './method';

export const EditorStorageParams = z.object({
  user_dir: describe(z.string().check(z.minLength(1)), "The editor's `User` folder (globalStorage and workspaceStorage hang off it)."),
  workspace_dir: opt(z.string().check(z.minLength(1)), "This workspace's `User/workspaceStorage/<hash>` folder, when a folder is open."),
});
export const EditorStorageResult = z.object({
  /** Every editor storage the daemon now sweeps (kept across restarts). */
  known: z.number(),
  /** The roots a sweep now searches for each editor agent's sessions. */
  roots: z.record(z.string(), z.array(z.string())),
});
export type EditorStorageParams = z.output<typeof EditorStorageParams>;
export type EditorStorageResult = z.output<typeof EditorStorageResult>;

/** The extension reports its editor's storage at activation; the next sweep reads the chats kept there. */
export const MemoryEditorStorage = defineMethod({ method: 'memory/editor-storage', params: EditorStorageParams, result: EditorStorageResult });

const AGENT_NAMES: Readonly<Record<string, string>> = {
  claude: 'Claude Code',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  opencode: 'OpenCode',
  qwen: 'Qwen Code',
  cursor: 'Cursor',
  aider: 'Aider',
  copilot: 'Copilot Chat',
  cline: 'Cline',
  roo: 'Roo Code',
  run: 'run',
  seed: 'seed',
  manual: 'remembered',
};

/** The name of the agent whose session a source id is (the id itself for one without a name here). */
export const agentName = (source: string): string => (Object.hasOwn(AGENT_NAMES, source) ? AGENT_NAMES[source]! : source);
