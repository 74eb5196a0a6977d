// Codex: the MCP server goes in through `codex mcp add` when codex is on PATH.
import { scryArgv, type SetupContext } from './context';
import { shellLine } from './exec';
import { SERVER_NAME } from './claude';

export const CODEX = 'codex';

export function registerWithCodex(ctx: SetupContext, dryRun: boolean): boolean {
  const got = ctx.run(CODEX, ['mcp', 'get', SERVER_NAME, '--json']);
  if (!got.found) {
    ctx.out('codex: not found on PATH, skipped\n');
    return true;
  }
  const argv = scryArgv(ctx, 'mcp');
  const steps: string[][] = [];
  if (got.code === 0) {
    if (argv.every((a) => got.stdout.includes(JSON.stringify(a)))) {
      ctx.out(`codex: MCP server '${SERVER_NAME}' already registered\n`);
      return true;
    }
    steps.push(['mcp', 'remove', SERVER_NAME]);
  }
  steps.push(['mcp', 'add', SERVER_NAME, '--', ...argv]);
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

