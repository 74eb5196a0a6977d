// `scry setup` and `scry doctor`: entry of dist/setup.js, loaded by the CLI.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { isAlive } from '../client/process';
import { scryHome } from '../paths';
import { plural } from '../protocol/plural';
import { CLAUDE, registerWithClaude, unregisterFromClaude } from './claude';
import { CODEX, registerWithCodex, unregisterFromCodex } from './codex';
import { codexHooksFile, updateCodexHooks } from './codex-hooks';
import { clineFound, clineHookFile, clineHooksDir, updateClineHook } from './cline-hooks';
import { geminiDir, geminiSettingsFile, updateGeminiHooks } from './gemini-hooks';
import { claudeDir, settingsFile, type ScryCommand, type SetupContext, type SetupOptions } from './context';
import { missing, noteCreated, removeCreated } from './created';
import { runDoctor } from './doctor';
import { agentsFile, codexHome, offerAgentsLine, removeAgentsLine } from './agents-md';
import { onPath, runTool } from './exec';
import { updateSettings, writeSearchMode } from './hooks';
import { installSkill, uninstallSkill } from './skill';
import { offerClaudeExtraction } from './extraction';
import { listStores } from './stores';

export type { ScryCommand, SetupOptions } from './context';

export async function runSetup(ctx: SetupContext, opts: SetupOptions): Promise<number> {
  if (opts.dryRun) ctx.out('dry run: nothing below is changed\n');
  let ok = true;
  if (opts.uninstall) {
    ok = unregisterFromClaude(ctx, opts.dryRun);
    ok = uninstallSkill(ctx, opts) && ok;
    ok = (await updateSettings(ctx, opts)) !== 'failed' && ok;
    ok = unregisterFromCodex(ctx, opts.dryRun) && ok;
    if (fs.existsSync(codexHooksFile(ctx))) ok = (await updateCodexHooks(ctx, opts)) !== 'failed' && ok;
    if (fs.existsSync(geminiSettingsFile(ctx))) ok = (await updateGeminiHooks(ctx, opts)) !== 'failed' && ok;
    if (fs.existsSync(clineHookFile(ctx))) ok = (await updateClineHook(ctx, opts)) !== 'failed' && ok;
    ok = removeAgentsLine(ctx, opts.dryRun) && ok;
    if (!opts.dryRun) for (const p of removeCreated(ctx)) ctx.out(`removed ${p} (setup created it; nothing else is in it)\n`);
    if (ok && !opts.dryRun) ctx.out(remains(ctx));
  } else {
    const wereMissing = opts.dryRun ? [] : missing(createdCandidates(ctx));
    if (opts.searchHook) ok = writeSearchMode(ctx, opts.searchHook, opts.dryRun) && ok;
    ok = registerWithClaude(ctx, opts.dryRun) && ok;
    ok = installSkill(ctx, opts) && ok;
    ok = (await updateSettings(ctx, opts)) !== 'failed' && ok;
    ok = registerWithCodex(ctx, opts.dryRun) && ok;
    ok = (await offerAgentsLine(ctx, { dryRun: opts.dryRun, yes: opts.yes, codexFound: onPath(CODEX) })) && ok;
    if (onPath(CODEX)) ok = (await updateCodexHooks(ctx, opts)) !== 'failed' && ok;
    // Gemini CLI is wired when it is installed or has been run (its folder exists).
    if (onPath('gemini') || fs.existsSync(ctx.geminiDir ?? geminiDir())) ok = (await updateGeminiHooks(ctx, opts)) !== 'failed' && ok;
    // Cline is wired when it has been run (its Documents folder, ~/.cline or an editor's storage for it exists).
    if (clineFound(ctx)) ok = (await updateClineHook(ctx, opts)) !== 'failed' && ok;
    ok = (await offerClaudeExtraction(ctx, { dryRun: opts.dryRun, yes: opts.yes, claudeFound: onPath(CLAUDE) })) && ok;
    noteCreated(ctx, wereMissing);
    if (!opts.dryRun) await listStores(ctx);
    if (ok && !opts.dryRun) ctx.out('done. Run scry doctor to prove it works; start a new Claude Code (or Codex) session to pick it up\n');
  }
  if (!ok) ctx.out(`scry setup${opts.uninstall ? ' --uninstall' : ''} did not finish: see the lines above\n`);
  return ok ? 0 : 1;
}

/** Files and folders setup may create, outermost first; uninstall removes those it did create once they are empty again. */
function createdCandidates(ctx: SetupContext): string[] {
  const codex = ctx.codexDir ?? codexHome();
  return [
    ctx.claudeDir,
    path.join(ctx.claudeDir, 'skills'),
    settingsFile(ctx),
    codex,
    path.join(codex, 'config.toml'),
    codexHooksFile(ctx),
    agentsFile(ctx),
    path.dirname(clineHooksDir(ctx)),
    clineHooksDir(ctx),
  ];
}

/** What uninstall leaves, said so nobody thinks scry is gone while its daemon runs and its data stays. */
function remains(ctx: SetupContext): string {
  const lines = ['still here, on purpose:'];
  let pid: number | undefined;
  try {
    pid = Number(fs.readFileSync(path.join(ctx.scryHome, 'scryd.pid'), 'utf8').trim());
  } catch {
    pid = undefined;
  }
  if (pid !== undefined && pid > 0 && isAlive(pid)) lines.push(`  the scry daemon (pid ${pid}) keeps running: scry stop ends it`);
  if (fs.existsSync(ctx.scryHome)) lines.push(`  ${ctx.scryHome}: the indexes and memory scry keeps; delete the folder to remove them`);
  lines.push('  the scry command itself: npm uninstall -g scry (or remove the clone) when you no longer want it');
  return `${lines.join('\n')}\n`;
}

export function defaultContext(scry: ScryCommand): SetupContext {
  return {
    claudeDir: claudeDir(),
    codexDir: codexHome(),
    scryHome: scryHome(),
    scry,
    run: (bin, args) => runTool(bin, args),
    out: (text) => void process.stdout.write(text),
    confirm: (question) => ask(question),
    interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
    now: () => new Date(),
  };
}

/**
 * stdin read as lines once, for every question: a reader per question would
 * lose the answers piped after the first (`printf 'n\ny\n' | scry setup`).
 */
let stdinLines: { next(): Promise<string | undefined> } | undefined;
/** Lets the process end once setup is done, even with a terminal on stdin. */
let closeStdin = (): void => undefined;
function lines(): { next(): Promise<string | undefined> } {
  if (stdinLines) return stdinLines;
  const queue: string[] = [];
  const waiting: Array<(line: string | undefined) => void> = [];
  let closed = false;
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  closeStdin = () => rl.close();
  rl.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : queue.push(line)));
  rl.on('close', () => {
    closed = true;
    for (const w of waiting.splice(0)) w(undefined);
  });
  stdinLines = {
    next: () => (queue.length > 0 ? Promise.resolve(queue.shift()) : closed ? Promise.resolve(undefined) : new Promise((resolve) => waiting.push(resolve))),
  };
  return stdinLines;
}

/** One line from stdin: yes only for y/yes. A closed stdin (CI, a pipe) answers no. */
async function ask(question: string): Promise<boolean> {
  process.stdout.write(question);
  const line = await lines().next();
  if (line === undefined) {
    process.stdout.write('\n');
    return false;
  }
  return /^\s*y(es)?\s*$/i.test(line);
}

export async function setupMain(opts: SetupOptions, scry: ScryCommand): Promise<number> {
  try {
    return await runSetup(defaultContext(scry), opts);
  } finally {
    closeStdin();
  }
}

export async function doctorMain(scry: ScryCommand, repo: string, symbol = 'main'): Promise<number> {
  const checks = await runDoctor(defaultContext(scry), { repo, symbol });
  const failed = checks.filter((c) => !c.ok && !c.skipped).length;
  const skipped = checks.filter((c) => c.skipped).length;
  const counted = checks.length - skipped;
  const skips = skipped > 0 ? ` (${plural(skipped, 'optional part')} skipped)` : '';
  process.stdout.write(failed === 0 ? `all ${counted} checks passed${skips}\n` : `${failed} of ${counted} checks failed${skips}\n`);
  return failed === 0 ? 0 : 1;
}
