// Claude Code's hooks live in ~/.claude/settings.json and have no CLI, so
// setup shows the exact change, asks (or takes --yes), backs the file up and
// edits only its own entries. It also clears a stale `mcpServers.scry` that
// older setups wrote there by hand.
import { errorMessage } from '../errors';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { settingsFile, type SetupContext } from './context';
import { shellLine } from './exec';
import { SERVER_NAME } from './claude';
import { lineDiff, SettingsParseError, withHooks, withoutHooks, withoutStaleMcpServer, type HookSpec } from './settings-edit';
import { stamp } from './skill';
import { readHookSwitches } from '../config';

/**
 * Every hook scry has ever installed, by event and the subcommand that marks
 * it, for uninstall and replacement (a test runs every command setup
 * installs through the CLI's parser, and runs it).
 */
export const HOOK_MARKERS = [
  { event: 'PreToolUse', marker: 'hook pretooluse' },
  { event: 'SessionStart', marker: 'memory orient' },
  { event: 'SessionEnd', marker: 'hook session-end' },
] as const;

/** The hooks' off switches in $SCRY_HOME/config.yaml (hooks.session_start / hooks.session_end); see readHookSwitches for a broken file. */
export function hookSwitches(ctx: SetupContext): { sessionStart: boolean; sessionEnd: boolean } {
  const { sessionStart, sessionEnd } = readHookSwitches(ctx.scryHome);
  return { sessionStart, sessionEnd };
}

export function desiredHooks(ctx: SetupContext): HookSpec[] {
  const on = hookSwitches(ctx);
  const scry = (...sub: string[]): string => shellLine(ctx.scry.command, [...ctx.scry.args, ...sub]);
  const specs: HookSpec[] = [
    { event: 'PreToolUse', matcher: 'Grep|Glob', command: scry('hook', 'pretooluse'), timeout: 5, marker: 'hook pretooluse' },
  ];
  // The orientation: the command gives up by itself after a few hundred ms; the timeout is Claude Code's outer bound.
  if (on.sessionStart) specs.push({ event: 'SessionStart', matcher: 'startup|resume|clear|compact', command: scry('memory', 'orient', '--hook'), timeout: 5, marker: 'memory orient' });
  // All SessionEnd hooks share ~1.5 s; this one hands the path over and exits.
  if (on.sessionEnd) specs.push({ event: 'SessionEnd', command: scry('hook', 'session-end'), timeout: 2, marker: 'hook session-end' });
  return specs;
}

/** Hooks of ours that config.yaml switched off: setup takes them out again. */
function switchedOff(ctx: SetupContext): Array<{ event: string; marker: string }> {
  const on = hookSwitches(ctx);
  return HOOK_MARKERS.filter((m) => (m.event === 'SessionStart' && !on.sessionStart) || (m.event === 'SessionEnd' && !on.sessionEnd));
}

const HOOK_PURPOSE: Record<string, string> = {
  PreToolUse: 'PreToolUse (Grep/Glob on an identifier -> a nudge towards scry)',
  SessionStart: "SessionStart (prints Scry memory's short orientation for the repository into the new session)",
  SessionEnd: 'SessionEnd (hands the finished transcript to the Scry daemon to remember)',
};

export type SettingsOutcome = 'unchanged' | 'written' | 'declined' | 'dry-run' | 'failed';

export async function updateSettings(ctx: SetupContext, opts: { uninstall: boolean; dryRun: boolean; yes: boolean }): Promise<SettingsOutcome> {
  const file = settingsFile(ctx);
  const original = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  let current = original;
  try {
    if (current !== undefined) {
      const cleaned = withoutStaleMcpServer(current, file, SERVER_NAME);
      if (cleaned !== current) {
        ctx.out(`settings: removing the stale mcpServers.${SERVER_NAME} an older scry setup left in ${file} (Claude Code does not read it there)\n`);
        ctx.out(lineDiff(current, cleaned, file));
        if (!opts.dryRun) {
          try {
            save(ctx, file, current, cleaned);
            current = cleaned;
          } catch (err) {
            // Best effort: the hooks below still get their chance.
            ctx.out(`settings: could not remove it: ${errorMessage(err)}\n`);
          }
        } else current = cleaned;
      }
    }
    const desired = desiredHooks(ctx);
    const next = opts.uninstall
      ? current === undefined
        ? current
        : withoutHooks(current, file, HOOK_MARKERS)
      : withoutHooks(withHooks(current, file, desired), file, switchedOff(ctx));
    if (next === current || next === undefined) {
      ctx.out(opts.uninstall ? `hooks: none of scry's in ${file}\n` : `hooks: already in ${file}\n`);
      return current === original ? 'unchanged' : opts.dryRun ? 'dry-run' : 'written';
    }
    const what = opts.uninstall ? "remove scry's hooks from" : `set its hooks, ${desired.map((d) => HOOK_PURPOSE[d.event] ?? d.event).join('; ')}, in`;
    ctx.out(`hooks: Claude Code has no command for hooks, so scry would ${what} ${file}:\n`);
    ctx.out(lineDiff(current ?? '', next, file));
    if (opts.dryRun) {
      ctx.out('hooks: dry run, not written\n');
      return 'dry-run';
    }
    if (!opts.yes && !(await ctx.confirm(`Write this change to ${file}? A backup is kept. [y/N] `))) {
      ctx.out(`hooks: not changed. Run scry setup${opts.uninstall ? ' --uninstall' : ''} --yes to accept\n`);
      return 'declined';
    }
    const backup = save(ctx, file, current, next);
    ctx.out(`hooks: wrote ${file}${backup ? ` (backup: ${backup})` : ''}\n`);
    return 'written';
  } catch (err) {
    if (!(err instanceof SettingsParseError)) throw err;
    ctx.out(`hooks: ${err.oneLine()}\n`);
    if (!opts.uninstall) ctx.out(`hooks: the entries to add under "hooks":\n${JSON.stringify(hooksBlock(desiredHooks(ctx)), null, 2)}\n`);
    return 'failed';
  }
}

function hooksBlock(specs: HookSpec[]): Record<string, unknown[]> {
  const block: Record<string, unknown[]> = {};
  for (const s of specs) (block[s.event] ??= []).push({ matcher: s.matcher, hooks: [{ type: 'command', command: s.command, timeout: s.timeout }] });
  return block;
}

/** Backs up the old file (when there was one), then replaces it atomically, through a symlink if it is one. Returns the backup path. */
function save(ctx: SetupContext, file: string, before: string | undefined, after: string): string | undefined {
  const target = fs.existsSync(file) ? fs.realpathSync(file) : file;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  let backup: string | undefined;
  let mode = 0o600;
  if (before !== undefined) {
    backup = `${file}.scry-backup-${stamp(ctx)}`;
    fs.writeFileSync(backup, before, { mode: 0o600 });
    mode = fs.statSync(target).mode & 0o777;
  }
  const tmp = `${target}.scry-${process.pid}.tmp`;
  fs.writeFileSync(tmp, after, { mode });
  fs.renameSync(tmp, target);
  return backup;
}
