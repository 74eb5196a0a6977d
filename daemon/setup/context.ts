// What setup and doctor act on, gathered once so tests can point every path
// at a temp HOME and every CLI at a stub on PATH.
import * as os from 'node:os';
import * as path from 'node:path';
import type { Runner } from './exec';

export interface ScryCommand {
  /** Absolute path of the program (the Node that runs scry, so the daemon's native modules match). */
  command: string;
  /** Arguments before the subcommand: the absolute path of bin/scry. */
  args: string[];
}

export interface SetupContext {
  /** ~/.claude, or $CLAUDE_CONFIG_DIR. */
  claudeDir: string;
  /** ~/.codex, or $CODEX_HOME (where Codex reads AGENTS.md); default codexHome(). */
  codexDir?: string;
  /** ~/.gemini, or $GEMINI_CLI_HOME/.gemini (Gemini CLI's settings.json); default geminiDir(). */
  geminiDir?: string;
  /** Cline's global hooks folder, <Documents>/Cline/Hooks; default clineHooksDir(). */
  clineHooksDir?: string;
  scryHome: string;
  scry: ScryCommand;
  run: Runner;
  out: (text: string) => void;
  /** Asks a yes/no question; false when nobody answers. */
  confirm: (question: string) => Promise<boolean>;
  /**
   * A person at a terminal (stdin and stdout are TTYs). Questions whose yes
   * spends something of the user's (their model quota) are asked only then;
   * piped answers and --yes never say yes to them.
   */
  interactive?: boolean;
  /** Today's time, for backup names. */
  now: () => Date;
}

export interface SetupOptions {
  uninstall: boolean;
  dryRun: boolean;
  yes: boolean;
  force: boolean;
  /** What the search hook does with a symbol search (config.yaml hooks.search), when given. */
  searchHook?: 'augment' | 'replace' | 'off';
}

export function claudeDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CLAUDE_CONFIG_DIR;
  return path.resolve(fromEnv && fromEnv.length > 0 ? fromEnv : path.join(os.homedir(), '.claude'));
}

export const settingsFile = (ctx: SetupContext): string => path.join(ctx.claudeDir, 'settings.json');
export const skillFile = (ctx: SetupContext): string => path.join(ctx.claudeDir, 'skills', 'scry', 'SKILL.md');

/** The full command line of a scry subcommand, as registered with agents. */
export const scryArgv = (ctx: SetupContext, ...sub: string[]): string[] => [ctx.scry.command, ...ctx.scry.args, ...sub];

/**
 * What the registered MCP server needs in its environment: SCRY_HOME when it
 * is not the default (~/.scry), or the agent's scry would talk to another
 * daemon and another index than this one.
 */
export function serverEnv(ctx: SetupContext): string[] {
  return path.resolve(ctx.scryHome) === path.join(os.homedir(), '.scry') ? [] : [`SCRY_HOME=${ctx.scryHome}`];
}
