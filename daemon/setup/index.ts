// `scry setup` and `scry doctor`: entry of dist/setup.js, loaded by the CLI.
import * as readline from 'node:readline';
import { scryHome } from '../paths';
import { registerWithClaude, unregisterFromClaude } from './claude';
import { CODEX, registerWithCodex, unregisterFromCodex } from './codex';
import { claudeDir, type ScryCommand, type SetupContext, type SetupOptions } from './context';
import { runDoctor } from './doctor';
import { codexHome, offerAgentsLine, removeAgentsLine } from './agents-md';
import { onPath, runTool } from './exec';
import { updateSettings } from './hooks';
import { installSkill, uninstallSkill } from './skill';

export type { ScryCommand, SetupOptions } from './context';

export async function runSetup(ctx: SetupContext, opts: SetupOptions): Promise<number> {
  if (opts.dryRun) ctx.out('dry run: nothing below is changed\n');
  let ok: boolean;
  if (opts.uninstall) {
    ok = unregisterFromClaude(ctx, opts.dryRun);
    ok = uninstallSkill(ctx, opts) && ok;
    ok = (await updateSettings(ctx, opts)) !== 'failed' && ok;
    ok = unregisterFromCodex(ctx, opts.dryRun) && ok;
    ok = removeAgentsLine(ctx, opts.dryRun) && ok;
  } else {
    ok = registerWithClaude(ctx, opts.dryRun);
    ok = installSkill(ctx, opts) && ok;
    ok = (await updateSettings(ctx, opts)) !== 'failed' && ok;
    ok = registerWithCodex(ctx, opts.dryRun) && ok;
    ok = (await offerAgentsLine(ctx, { dryRun: opts.dryRun, yes: opts.yes, codexFound: onPath(CODEX) })) && ok;
    if (ok && !opts.dryRun) ctx.out('done. Run scry doctor to prove it works; start a new Claude Code session to pick it up\n');
  }
  if (!ok) ctx.out(`scry setup${opts.uninstall ? ' --uninstall' : ''} did not finish: see the lines above\n`);
  return ok ? 0 : 1;
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
    now: () => new Date(),
  };
}

/** One line from stdin: yes only for y/yes. A closed stdin (CI, a pipe) answers no. */
function ask(question: string): Promise<boolean> {
  process.stdout.write(question);
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, terminal: false });
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      rl.close();
      resolve(/^\s*y(es)?\s*$/i.test(line));
    });
    rl.once('close', () => {
      if (!answered) {
        process.stdout.write('\n');
        resolve(false);
      }
    });
  });
}

export function setupMain(opts: SetupOptions, scry: ScryCommand): Promise<number> {
  return runSetup(defaultContext(scry), opts);
}

export async function doctorMain(scry: ScryCommand, repo: string, symbol = 'main'): Promise<number> {
  const checks = await runDoctor(defaultContext(scry), { repo, symbol });
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write(failed === 0 ? `all ${checks.length} checks passed\n` : `${failed} of ${checks.length} checks failed\n`);
  return failed === 0 ? 0 : 1;
}
