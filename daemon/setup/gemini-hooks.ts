// Gemini CLI's hooks: ~/.gemini/settings.json (or $GEMINI_CLI_HOME/.gemini),
// "hooks" in the shape of Claude Code's (event -> [{matcher, hooks: [{type,
// command, timeout}]}]), timeouts in milliseconds. Its SessionEnd hook gets
// the same input as Claude Code's (session_id, transcript_path, cwd,
// reason), in `gemini -p` too (checked with 0.61), so scry's session-end
// hook hands the finished chat to the daemon at once; without it the sweep
// reads the chat later. Same consent and undo as Claude Code's hooks: the
// diff is shown, the user is asked (or gives --yes), the file is backed up,
// and uninstall takes only scry's entry out.
import * as os from 'node:os';
import * as path from 'node:path';
import type { SetupContext } from './context';
import { hookSwitches, scryHookCommand, updateHookFile, type HookFile, type SettingsOutcome } from './hooks';

export const geminiDir = (env: NodeJS.ProcessEnv = process.env): string => path.join(env.GEMINI_CLI_HOME || os.homedir(), '.gemini');

export const geminiSettingsFile = (ctx: SetupContext): string => path.join(ctx.geminiDir ?? geminiDir(), 'settings.json');

export const GEMINI_HOOK_MARKERS = [{ event: 'SessionEnd', marker: 'hook session-end' }] as const;

export function geminiHookFile(ctx: SetupContext): HookFile {
  const desired = hookSwitches(ctx).sessionEnd
    ? [{ event: 'SessionEnd', command: `SCRY_HOOK_AGENT=gemini-cli ${scryHookCommand(ctx, 'hook', 'session-end')}`, timeout: 5000, marker: 'hook session-end' }]
    : [];
  return {
    client: 'Gemini CLI',
    label: 'gemini hooks',
    file: geminiSettingsFile(ctx),
    desired,
    markers: GEMINI_HOOK_MARKERS,
    purpose: { SessionEnd: 'SessionEnd (hands the finished chat to the Scry daemon to remember)' },
  };
}

export const updateGeminiHooks = (ctx: SetupContext, opts: { uninstall: boolean; dryRun: boolean; yes: boolean }): Promise<SettingsOutcome> =>
  updateHookFile(ctx, geminiHookFile(ctx), opts);
