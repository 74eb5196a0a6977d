// Codex: the MCP server goes in through `codex mcp add` when codex is on PATH.
import * as fs from 'node:fs';
import { scryArgv, serverEnv, type SetupContext } from './context';
import { shellLine } from './exec';
import { SERVER_NAME } from './claude';

export const CODEX = 'codex';

export function registerWithCodex(ctx: SetupContext, dryRun: boolean): boolean {
  const got = ctx.run(CODEX, ['mcp', 'get', SERVER_NAME, '--json']);
  if (!got.found) {
    // Said only where Codex leaves a trace (its home folder), and once: the AGENTS.md line is not offered either.
    if (ctx.codexDir !== undefined && fs.existsSync(ctx.codexDir))
      ctx.out(
        `codex: ${ctx.codexDir} exists but codex is not on PATH: its MCP registration and the AGENTS.md line are skipped. Run scry setup again once codex is on PATH\n`,
      );
    return true;
  }
  const argv = scryArgv(ctx, 'mcp');
  const env = serverEnv(ctx);
  const steps: string[][] = [];
  if (got.code === 0) {
    if (registered(got.stdout, argv, env)) {
      ctx.out(`codex: MCP server '${SERVER_NAME}' already registered\n`);
      return true;
    }
    steps.push(['mcp', 'remove', SERVER_NAME]);
  }
  steps.push(['mcp', 'add', SERVER_NAME, ...env.flatMap((e) => ['--env', e]), '--', ...argv]);
  for (const args of steps) {
    if (dryRun) {
      ctx.out(`would run: ${shellLine(CODEX, args)}\n`);
      continue;
    }
    const r = ctx.run(CODEX, args);
    if (r.code !== 0) {
      ctx.out(`codex: '${shellLine(CODEX, args)}' failed (exit ${r.code}): ${(r.stderr || r.stdout).trim()}\n`);
      return false;
    }
    ctx.out(`ran: ${shellLine(CODEX, args)}\n`);
  }
  return true;
}

/** Whether `codex mcp get --json` shows this scry, with this SCRY_HOME (or none when it is the default). */
function registered(json: string, argv: string[], env: string[]): boolean {
  try {
    const t = (JSON.parse(json) as { transport?: { command?: string; args?: string[]; env?: Record<string, string> | null } }).transport;
    const home = t?.env?.SCRY_HOME;
    return [t?.command, ...(t?.args ?? [])].join('\0') === argv.join('\0') && (home === undefined ? env.length === 0 : env[0] === `SCRY_HOME=${home}`);
  } catch {
    return false;
  }
}

/** What doctor says of Codex: registered with this scry, registered with another, or absent. */
export function codexRegistration(ctx: SetupContext): 'no-codex' | 'absent' | 'other' | 'ours' {
  const got = ctx.run(CODEX, ['mcp', 'get', SERVER_NAME, '--json']);
  if (!got.found) return 'no-codex';
  if (got.code !== 0) return 'absent';
  return registered(got.stdout, scryArgv(ctx, 'mcp'), serverEnv(ctx)) ? 'ours' : 'other';
}

export function unregisterFromCodex(ctx: SetupContext, dryRun: boolean): boolean {
  const got = ctx.run(CODEX, ['mcp', 'get', SERVER_NAME, '--json']);
  if (!got.found || got.code !== 0) return true;
  const args = ['mcp', 'remove', SERVER_NAME];
  if (dryRun) {
    ctx.out(`would run: ${shellLine(CODEX, args)}\n`);
    return true;
  }
  const r = ctx.run(CODEX, args);
  ctx.out(r.code === 0 ? `ran: ${shellLine(CODEX, args)}\n` : `codex: '${shellLine(CODEX, args)}' failed (exit ${r.code})\n`);
  return r.code === 0;
}
