// Claude Code's hooks live in ~/.claude/settings.json and have no CLI, so
// setup shows the exact change, asks (or takes --yes), backs the file up and
// edits only its own entries. It also clears a stale `mcpServers.scry` that
// older setups wrote there by hand.
import { errorMessage } from '../errors';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, parseDocument, type Document } from 'yaml';
import { serverEnv, settingsFile, type SetupContext } from './context';
import { shellLine } from './exec';
import { SERVER_NAME } from './claude';
import { lineDiff, SettingsParseError, withHooks, withoutHooks, withoutStaleMcpServer, type HookSpec } from './settings-edit';
import { configFile, readHookSwitches, type HookSwitches, type SearchMode } from '../config';

/**
 * Every hook scry installs, by event and the substring that marks its command
 * (whatever path scry lives at), for uninstall and replacement; an older
 * command (`scry hook pretooluse`) carries the same marker, so it gives way
 * to the new one. A test runs every command setup installs.
 */
export const HOOK_MARKERS = [
  { event: 'PreToolUse', marker: 'pretooluse' },
  { event: 'PostToolUse', marker: 'posttooluse' },
  { event: 'SessionStart', marker: 'memory orient' },
  { event: 'SessionEnd', marker: 'hook session-end' },
] as const;

/** The hooks' switches in $SCRY_HOME/config.yaml (hooks.search, hooks.read, hooks.session_start, hooks.session_end); see readHookSwitches for a broken file. */
export function hookSwitches(ctx: SetupContext): HookSwitches {
  const { error: _error, ...switches } = readHookSwitches(ctx.scryHome);
  return switches;
}

/**
 * The search and read hooks' command: bin/scry-hook, a shell step that
 * starts Node only for a command with a search in it (most are not), with
 * this Node and SCRY_HOME when it is not the default.
 */
export function gateCommand(ctx: SetupContext, event: 'pretooluse' | 'posttooluse'): string {
  const bin = ctx.scry.args[0];
  const env = envPrefix(ctx);
  if (bin === undefined || path.basename(bin) !== 'scry') return env + shellLine(ctx.scry.command, [...ctx.scry.args, 'hook', event]);
  return env + shellLine('/bin/sh', [path.join(path.dirname(bin), 'scry-hook'), ctx.scry.command, event]);
}

/** `SCRY_HOME=… ` before a hook's command when it is not the default: the hook must reach this scry's daemon, not ~/.scry's. */
const envPrefix = (ctx: SetupContext): string =>
  serverEnv(ctx)
    .map((e) => `${e.slice(0, e.indexOf('='))}=${shellLine(e.slice(e.indexOf('=') + 1), [])} `)
    .join('');

/** A scry subcommand as a hook runs it: this scry, with SCRY_HOME when it is not the default. */
export const scryHookCommand = (ctx: SetupContext, ...sub: string[]): string => envPrefix(ctx) + shellLine(ctx.scry.command, [...ctx.scry.args, ...sub]);

export function desiredHooks(ctx: SetupContext): HookSpec[] {
  const on = hookSwitches(ctx);
  const scry = (...sub: string[]): string => scryHookCommand(ctx, ...sub);
  const specs: HookSpec[] = [];
  // Before a search runs: Bash (where today's Claude Code searches), and Grep/Glob for clients that still have them.
  if (on.search !== 'off')
    specs.push({ event: 'PreToolUse', matcher: 'Bash|Grep|Glob', command: gateCommand(ctx, 'pretooluse'), timeout: 5, marker: 'pretooluse' });
  // After a file is read: what memory holds about it, when it holds anything.
  if (on.read) specs.push({ event: 'PostToolUse', matcher: 'Read', command: gateCommand(ctx, 'posttooluse'), timeout: 5, marker: 'posttooluse' });
  // The orientation: the command gives up by itself after a few hundred ms; the timeout is Claude Code's outer bound.
  if (on.sessionStart)
    specs.push({
      event: 'SessionStart',
      matcher: 'startup|resume|clear|compact',
      command: scry('memory', 'orient', '--hook'),
      timeout: 5,
      marker: 'memory orient',
    });
  // All SessionEnd hooks share ~1.5 s; this one hands the path over and exits.
  if (on.sessionEnd) specs.push({ event: 'SessionEnd', command: scry('hook', 'session-end'), timeout: 2, marker: 'hook session-end' });
  return specs;
}

const HOOK_PURPOSE: Record<string, string> = {
  PreToolUse: 'PreToolUse (a symbol search in Bash, Grep or Glob -> the answer from the index beside it)',
  PostToolUse: 'PostToolUse (a file read -> what memory holds about it, when it holds anything)',
  SessionStart: "SessionStart (prints Scry memory's short orientation for the repository into the new session)",
  SessionEnd: 'SessionEnd (hands the finished transcript to the Scry daemon to remember)',
};

export type SettingsOutcome = 'unchanged' | 'written' | 'declined' | 'dry-run' | 'failed';

/** One agent's hook file and what scry keeps in it: Claude Code's settings.json, Codex's hooks.json (the same shape). */
export interface HookFile {
  /** The client as the user knows it, in what setup prints. */
  client: string;
  /** The prefix of setup's lines about this file. */
  label: string;
  file: string;
  desired: HookSpec[];
  /** Every hook of scry's this file can hold, installed or not. */
  markers: ReadonlyArray<{ event: string; marker: string }>;
  purpose: Record<string, string>;
}

const claudeHooks = (ctx: SetupContext): HookFile => ({
  client: 'Claude Code',
  label: 'hooks',
  file: settingsFile(ctx),
  desired: desiredHooks(ctx),
  markers: HOOK_MARKERS,
  purpose: HOOK_PURPOSE,
});

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
            save(file, current, cleaned);
            current = cleaned;
          } catch (err) {
            // Best effort: the hooks below still get their chance.
            ctx.out(`settings: could not remove it: ${errorMessage(err)}\n`);
          }
        } else current = cleaned;
      }
    }
  } catch (err) {
    if (!(err instanceof SettingsParseError)) throw err;
    ctx.out(`hooks: ${err.oneLine()}\n`);
    if (!opts.uninstall) ctx.out(`hooks: the entries to add under "hooks":\n${JSON.stringify(hooksBlock(desiredHooks(ctx)), null, 2)}\n`);
    return 'failed';
  }
  return updateHookFile(ctx, claudeHooks(ctx), opts, { original, current });
}

/**
 * Puts the hooks `target` wants into its file (or takes scry's out on
 * uninstall), showing the diff and asking first; only scry's own entries
 * change. `state` is the file as it was before this run and as it is now,
 * when an earlier step of the same run already edited it.
 */
export async function updateHookFile(
  ctx: SetupContext,
  target: HookFile,
  opts: { uninstall: boolean; dryRun: boolean; yes: boolean },
  state?: { original: string | undefined; current: string | undefined },
): Promise<SettingsOutcome> {
  const { file, desired, label } = target;
  const original = state ? state.original : fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  const current = state ? state.current : original;
  try {
    const wanted = new Set(desired.map((h) => h.marker));
    const switchedOff = target.markers.filter((m) => !wanted.has(m.marker));
    const next = opts.uninstall
      ? current === undefined
        ? current
        : withoutHooks(current, file, target.markers)
      : withoutHooks(withHooks(current, file, desired), file, switchedOff);
    if (next === current || next === undefined) {
      ctx.out(opts.uninstall ? `${label}: none of scry's in ${file}\n` : `${label}: already in ${file}\n`);
      if (opts.uninstall && !opts.dryRun && fs.existsSync(path.dirname(file))) removeBackups(ctx, file, label);
      return current === original ? 'unchanged' : opts.dryRun ? 'dry-run' : 'written';
    }
    const what = opts.uninstall ? "remove scry's hooks from" : `set its hooks, ${desired.map((d) => target.purpose[d.event] ?? d.event).join('; ')}, in`;
    ctx.out(`${label}: ${target.client} has no command for hooks, so scry ${opts.dryRun ? 'would' : 'will'} ${what} ${file}:\n`);
    ctx.out(lineDiff(current ?? '', next, file));
    if (opts.dryRun) {
      ctx.out(`${label}: dry run, not written\n`);
      return 'dry-run';
    }
    const kept = original !== undefined && !opts.uninstall ? ` The file as it is now is kept in ${backupFile(file)}.` : '';
    if (!opts.yes && !(await ctx.confirm(`Write this change to ${file}?${kept} [y/N] `))) {
      ctx.out(`${label}: not changed. Run scry setup${opts.uninstall ? ' --uninstall' : ''} --yes to accept\n`);
      return 'declined';
    }
    // Uninstall only takes scry's entries out, and then the backup of an edit of scry's is no use: it goes.
    // The backup is the file as it was before this run, even after an earlier edit of the same run.
    const backup = save(file, opts.uninstall ? undefined : original, next);
    if (opts.uninstall) removeBackups(ctx, file, label);
    ctx.out(`${label}: wrote ${file}${backup ? ` (the previous version: ${backup})` : ''}\n`);
    return 'written';
  } catch (err) {
    if (!(err instanceof SettingsParseError)) throw err;
    ctx.out(`${label}: ${err.oneLine()}\n`);
    if (!opts.uninstall) ctx.out(`${label}: the entries to add under "hooks":\n${JSON.stringify(hooksBlock(desired), null, 2)}\n`);
    return 'failed';
  }
}

function hooksBlock(specs: HookSpec[]): Record<string, unknown[]> {
  const block: Record<string, unknown[]> = {};
  for (const s of specs) (block[s.event] ??= []).push({ matcher: s.matcher, hooks: [{ type: 'command', command: s.command, timeout: s.timeout }] });
  return block;
}

/** The one backup setup keeps of settings.json: the file as it was before scry's latest edit. */
export const backupFile = (file: string): string => `${file}.scry-backup`;

/** Backs up the old file (when there is one) over the previous backup, then replaces it atomically, through a symlink if it is one. Returns the backup path. */
function save(file: string, before: string | undefined, after: string): string | undefined {
  const target = fs.existsSync(file) ? fs.realpathSync(file) : file;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  let backup: string | undefined;
  const mode = fs.existsSync(target) ? fs.statSync(target).mode & 0o777 : 0o600;
  if (before !== undefined) {
    backup = backupFile(file);
    fs.writeFileSync(backup, before, { mode: 0o600 });
  }
  const tmp = `${target}.scry-${process.pid}.tmp`;
  fs.writeFileSync(tmp, after, { mode });
  fs.renameSync(tmp, target);
  return backup;
}

/** Removes the backup, and the dated ones (`settings.json.scry-backup-<time>`) older setups left. */
function removeBackups(ctx: SetupContext, file: string, label: string): void {
  const dir = path.dirname(file);
  const base = path.basename(backupFile(file));
  for (const name of fs.readdirSync(dir)) {
    if (name !== base && !name.startsWith(`${base}-`)) continue;
    fs.rmSync(path.join(dir, name));
    ctx.out(`${label}: removed the backup ${path.join(dir, name)}\n`);
  }
}

/** `scry setup --search-hook MODE`: hooks.search in config.yaml, the rest of the file as it was. False when the file could not be read or written. */
export function writeSearchMode(ctx: SetupContext, mode: SearchMode, dryRun: boolean): boolean {
  const file = configFile(ctx.scryHome);
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // No config.yaml yet: it starts with this key.
  }
  const doc: Document = parseDocument(text);
  if (doc.errors.length > 0) {
    ctx.out(
      `hooks: ${file} does not parse (${doc.errors[0]!.message.split('\n')[0]}); the search hook's mode was not written. Fix it, then run scry setup --search-hook ${mode} again\n`,
    );
    return false;
  }
  if (doc.getIn(['hooks', 'search']) === mode) return true;
  if (dryRun) {
    ctx.out(`hooks: would set hooks.search: ${mode} in ${file}\n`);
    return true;
  }
  if (!isMap(doc.contents)) doc.contents = doc.createNode({});
  doc.setIn(['hooks', 'search'], mode);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, doc.toString(), { mode: 0o600 });
  fs.renameSync(tmp, file);
  ctx.out(`hooks: search hook mode ${mode} (hooks.search in ${file})\n`);
  return true;
}
