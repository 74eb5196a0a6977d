// Cline's hooks are executables, not settings: a file named after the event
// in the global hooks folder, `<Documents>/Cline/Hooks/` (Cline asks the OS
// for the Documents folder: `xdg-user-dir DOCUMENTS` on Linux, ~/Documents
// on macOS and where that fails),
// run with the hook's JSON on stdin; stdout may hold {"cancel", "context
// Modification", "errorMessage"}, and exit 0 with no JSON is a plain
// success. Setup writes `TaskComplete`, which runs `scry hook
// cline-task-complete` and answers {"cancel":false}. Same consent and undo as
// Claude Code's hooks: setup says what it writes, asks (or takes --yes), and
// uninstall takes only scry's file away. A TaskComplete of the user's is
// chained, not overwritten: it is moved to TaskComplete.before-scry (the
// backup), scry's file runs it after handing the task over and passes its
// answer and exit code to Cline, and uninstall moves it back. Windows (where
// Cline runs TaskComplete.ps1) is not wired: the sweep reads Cline's tasks.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SetupContext } from './context';
import { runTool } from './exec';
import { hookSwitches, scryHookCommand, type SettingsOutcome } from './hooks';

const LABEL = 'cline hooks';
const MARKER = 'hook cline-task-complete';
export const KEPT_SUFFIX = '.before-scry';

/**
 * The Documents folder as Cline finds it: on Linux what `xdg-user-dir
 * DOCUMENTS` prints when that is installed (your home itself when
 * user-dirs.dirs names no Documents folder), else ~/Documents.
 */
export function documentsDir(home: string = os.homedir(), env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'linux') {
    const r = runTool('xdg-user-dir', ['DOCUMENTS'], env);
    const dir = r.code === 0 ? r.stdout.trim() : '';
    if (dir !== '') return dir;
  }
  return path.join(home, 'Documents');
}

export const clineHooksDir = (ctx: SetupContext): string => ctx.clineHooksDir ?? path.join(documentsDir(), 'Cline', 'Hooks');
export const clineHookFile = (ctx: SetupContext): string => path.join(clineHooksDir(ctx), 'TaskComplete');

/** Cline has run here: the extension makes <Documents>/Cline (its rules, workflows, MCP and hooks folders), its CLI ~/.cline. */
export const clineFound = (ctx: SetupContext): boolean => [path.dirname(clineHooksDir(ctx)), path.join(os.homedir(), '.cline')].some((p) => fs.existsSync(p));

export function clineHookScript(ctx: SetupContext): string {
  return [
    '#!/bin/sh',
    "# scry: Cline's TaskComplete hook, written by `scry setup`. It hands each",
    '# finished task to the Scry daemon to remember (to its inbox when no daemon',
    '# runs) and never holds Cline up. `scry setup --uninstall` removes it and',
    `# puts back the hook it replaced, kept beside it as TaskComplete${KEPT_SUFFIX}.`,
    'input=$(cat)',
    `printf '%s' "$input" | ${scryHookCommand(ctx, 'hook', 'cline-task-complete')} >/dev/null 2>&1`,
    `kept="$(dirname "$0")/TaskComplete${KEPT_SUFFIX}"`,
    // The user's hook answers Cline: its stdout and its exit code.
    `if [ -f "$kept" ]; then printf '%s' "$input" | "$kept"; exit $?; fi`,
    `echo '{"cancel":false}'`,
    '',
  ].join('\n');
}

const isOurs = (text: string | undefined): boolean => text !== undefined && text.includes(MARKER);
const read = (file: string): string | undefined => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

export async function updateClineHook(ctx: SetupContext, opts: { uninstall: boolean; dryRun: boolean; yes: boolean }): Promise<SettingsOutcome> {
  const file = clineHookFile(ctx);
  const kept = file + KEPT_SUFFIX;
  if (process.platform === 'win32') {
    if (!opts.uninstall) ctx.out(`${LABEL}: on Windows Cline runs TaskComplete.ps1, which scry does not write yet; scry memory sweep reads Cline's tasks\n`);
    return 'unchanged';
  }
  const current = read(file);
  const remove = opts.uninstall || !hookSwitches(ctx).sessionEnd;
  if (remove && !isOurs(current)) {
    if (opts.uninstall) ctx.out(`${LABEL}: none of scry's in ${path.dirname(file)}\n`);
    return 'unchanged';
  }
  const desired = clineHookScript(ctx);
  if (!remove && current === desired) {
    ctx.out(`${LABEL}: already in ${file}\n`);
    return 'unchanged';
  }
  const foreign = current !== undefined && !isOurs(current);
  if (foreign && fs.existsSync(kept)) {
    ctx.out(
      `${LABEL}: ${file} is not scry's and ${kept} is taken, so scry leaves both alone; to wire it, add to your hook: printf '%s' "$input" | ${scryHookCommand(ctx, 'hook', 'cline-task-complete')}\n`,
    );
    return 'failed';
  }
  const restore = remove && fs.existsSync(kept) ? ` and move ${kept} back to ${file}` : '';
  const what = remove
    ? `remove ${file}${restore}`
    : `write ${file}, an executable Cline runs at TaskComplete (hands the finished task to the Scry daemon to remember)${foreign ? `; your hook there moves to ${kept} and still runs after it, its answer is Cline's` : ''}`;
  ctx.out(`${LABEL}: Cline's hooks are files, so scry ${opts.dryRun ? 'would' : 'will'} ${what}\n`);
  if (opts.dryRun) {
    ctx.out(`${LABEL}: dry run, not written\n`);
    return 'dry-run';
  }
  const question = remove
    ? `Remove ${file}?${restore ? ` (${kept} goes back in its place)` : ''} [y/N] `
    : `Write ${file}?${foreign ? ` Yours is kept in ${kept}.` : ''} [y/N] `;
  if (!opts.yes && !(await ctx.confirm(question))) {
    ctx.out(`${LABEL}: not changed. Run scry setup${opts.uninstall ? ' --uninstall' : ''} --yes to accept\n`);
    return 'declined';
  }
  if (remove) {
    fs.rmSync(file);
    if (fs.existsSync(kept)) fs.renameSync(kept, file);
    ctx.out(`${LABEL}: removed ${file}${restore ? ` (your hook is back in its place)` : ''}\n`);
    return 'written';
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (foreign) fs.renameSync(file, kept);
  const tmp = `${file}.scry-${process.pid}.tmp`;
  fs.writeFileSync(tmp, desired, { mode: 0o755 });
  fs.renameSync(tmp, file);
  ctx.out(`${LABEL}: wrote ${file}${foreign ? ` (your hook: ${kept})` : ''}\n`);
  return 'written';
}
