// Codex reads ~/.codex/AGENTS.md (or $CODEX_HOME/AGENTS.md) into every
// session. Its SessionStart hook runs only once the user has trusted it
// (codex-hooks.ts), so memory's orientation also gets there as one line
// asking the agent to run `scry memory orient --cwd .` first. Setup
// shows the line and asks before adding it (or takes --yes); the marker at
// its end lets --uninstall take out exactly that line.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { errorMessage } from '../errors';
import { shellLine } from './exec';
import type { SetupContext } from './context';

export const AGENTS_MARKER = '<!-- scry:memory-orient -->';

export function codexHome(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.CODEX_HOME && env.CODEX_HOME.length > 0 ? env.CODEX_HOME : path.join(os.homedir(), '.codex'));
}

export const agentsFile = (ctx: SetupContext): string => path.join(ctx.codexDir ?? codexHome(), 'AGENTS.md');

export function agentsLine(ctx: SetupContext): string {
  const orient = shellLine(ctx.scry.command, [...ctx.scry.args, 'memory', 'orient', '--cwd', '.']);
  return `- Before other work, run \`${orient}\` and read what it prints: what Scry remembers about this repository from earlier sessions. Ask \`scry memory recall "…"\` about anything unfamiliar. ${AGENTS_MARKER}`;
}

const withoutOurs = (text: string): string =>
  text
    .split('\n')
    .filter((l) => !l.includes(AGENTS_MARKER))
    .join('\n');

/** Offers the line when Codex is installed; true unless writing failed. */
export async function offerAgentsLine(ctx: SetupContext, opts: { dryRun: boolean; yes: boolean; codexFound: boolean }): Promise<boolean> {
  const file = agentsFile(ctx);
  // Without codex on PATH there is nothing to orient (registerWithCodex said so when its folder exists).
  if (!opts.codexFound) return true;
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const line = agentsLine(ctx);
  if (before.split('\n').includes(line)) {
    ctx.out(`codex: ${file} already asks for scry's orientation\n`);
    return true;
  }
  const base = withoutOurs(before);
  const after = `${base}${base.length > 0 && !base.endsWith('\n') ? '\n' : ''}${line}\n`;
  ctx.out(
    `codex: Codex runs scry's SessionStart hook only once you trust it; scry ${opts.dryRun ? 'would add' : 'offers to add'} this line to ${file} so every Codex session starts with Scry's memory either way:\n  ${line}\n`,
  );
  if (opts.dryRun) {
    ctx.out('codex: dry run, not written\n');
    return true;
  }
  if (!opts.yes && !(await ctx.confirm(`Add it to ${file}? [y/N] `))) {
    ctx.out(`codex: ${file} not changed. Run scry setup --yes to accept\n`);
    return true;
  }
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, after);
  } catch (err) {
    ctx.out(`codex: could not write ${file}: ${errorMessage(err)}\n`);
    return false;
  }
  ctx.out(`codex: wrote ${file}\n`);
  return true;
}

export function removeAgentsLine(ctx: SetupContext, dryRun: boolean): boolean {
  const file = agentsFile(ctx);
  if (!fs.existsSync(file)) return true;
  const before = fs.readFileSync(file, 'utf8');
  if (!before.includes(AGENTS_MARKER)) return true;
  if (dryRun) {
    ctx.out(`would remove scry's line from ${file}\n`);
    return true;
  }
  const after = withoutOurs(before);
  if (after.trim() === '') fs.rmSync(file);
  else fs.writeFileSync(file, after);
  ctx.out(`codex: removed scry's line from ${file}\n`);
  return true;
}
