// Registering the MCP server with Claude Code, only through its own CLI
// (`claude mcp get/add/remove/list`): its config files are its business.
import { shellLine } from './exec';
import { scryArgv, serverEnv, type SetupContext } from './context';

export const CLAUDE = 'claude';
export const SERVER_NAME = 'scry';

export interface Registration {
  scope: 'user' | 'local' | 'project' | undefined;
  command: string | undefined;
  args: string | undefined;
  status: string | undefined;
  /** `KEY=value` lines under `Environment:`. */
  env: string[];
}

/** Parses `claude mcp get scry`, whose lines read `  Scope: User config (...)`, `  Command: ...`, `  Args: ...`. */
export function parseMcpGet(stdout: string): Registration {
  const field = (name: string): string | undefined => {
    const m = new RegExp(`^\\s*${name}:[ \\t]*(.*)$`, 'mi').exec(stdout);
    return m ? m[1]!.trim() : undefined;
  };
  const scopeText = (field('Scope') ?? '').toLowerCase();
  const scope = scopeText.startsWith('user') ? 'user' : scopeText.startsWith('local') ? 'local' : scopeText.startsWith('project') ? 'project' : undefined;
  const envBlock = /^\s*Environment:[ \t]*\n((?:[ \t]+\S+=.*\n?)*)/m.exec(stdout)?.[1] ?? '';
  const env = envBlock
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.includes('='));
  return { scope, command: field('Command'), args: field('Args'), status: field('Status'), env };
}

export type ClaudeLookup = { kind: 'no-claude' } | { kind: 'absent' } | { kind: 'present'; registration: Registration; matches: boolean };

export function lookupRegistration(ctx: SetupContext): ClaudeLookup {
  const r = ctx.run(CLAUDE, ['mcp', 'get', SERVER_NAME]);
  if (!r.found) return { kind: 'no-claude' };
  if (r.code !== 0) return { kind: 'absent' };
  const registration = parseMcpGet(r.stdout);
  const [command, ...args] = scryArgv(ctx, 'mcp');
  // The same scry with the same SCRY_HOME: an older registration without it would reach another daemon.
  const home = registration.env.filter((e) => e.startsWith('SCRY_HOME='));
  const matches =
    registration.scope === 'user' && registration.command === command && registration.args === args.join(' ') && home.join('\n') === serverEnv(ctx).join('\n');
  return { kind: 'present', registration, matches };
}

export function addArgs(ctx: SetupContext): string[] {
  // -e takes several values, so it goes after the name, and `--` ends it.
  return ['mcp', 'add', '--scope', 'user', '--transport', 'stdio', SERVER_NAME, ...serverEnv(ctx).flatMap((e) => ['-e', e]), '--', ...scryArgv(ctx, 'mcp')];
}

/** Registers scry at user scope: skips a registration that already runs this scry, replaces any other. True when done. */
export function registerWithClaude(ctx: SetupContext, dryRun: boolean): boolean {
  const found = lookupRegistration(ctx);
  if (found.kind === 'no-claude') {
    ctx.out(`claude: not found on PATH, MCP server not registered. Install Claude Code, then run scry setup again\n`);
    return false;
  }
  if (found.kind === 'present' && found.matches) {
    ctx.out(`claude: MCP server '${SERVER_NAME}' already registered (user scope, ${found.registration.command} ${found.registration.args})\n`);
    return true;
  }
  const steps: string[][] = [];
  if (found.kind === 'present') {
    const was = `${found.registration.command ?? '?'} ${found.registration.args ?? ''}`.trim();
    if (found.registration.scope === 'project') {
      ctx.out(`claude: a project-scoped '${SERVER_NAME}' (.mcp.json, runs ${was}) is left alone; adding the user-scoped one\n`);
    } else {
      ctx.out(`claude: replacing the ${found.registration.scope ?? 'existing'}-scoped '${SERVER_NAME}' that runs ${was}\n`);
      steps.push(['mcp', 'remove', SERVER_NAME, ...(found.registration.scope ? ['--scope', found.registration.scope] : [])]);
    }
  }
  steps.push(addArgs(ctx));
  for (const args of steps) {
    if (dryRun) {
      ctx.out(`would run: ${shellLine(CLAUDE, args)}\n`);
      continue;
    }
    const r = ctx.run(CLAUDE, args);
    if (r.code !== 0) {
      ctx.out(`claude: '${shellLine(CLAUDE, args)}' failed (exit ${r.code}): ${(r.stderr || r.stdout).trim().split('\n').pop() ?? ''}\n`);
      return false;
    }
    ctx.out(`ran: ${shellLine(CLAUDE, args)}\n`);
  }
  return true;
}

export function unregisterFromClaude(ctx: SetupContext, dryRun: boolean): boolean {
  const found = lookupRegistration(ctx);
  if (found.kind === 'no-claude') {
    ctx.out('claude: not found on PATH, nothing to unregister\n');
    return true;
  }
  if (found.kind === 'absent') {
    ctx.out(`claude: no MCP server '${SERVER_NAME}' registered\n`);
    return true;
  }
  if (found.registration.scope === 'project') {
    ctx.out(`claude: '${SERVER_NAME}' is registered in a project's .mcp.json; remove it there\n`);
    return true;
  }
  const args = ['mcp', 'remove', SERVER_NAME, ...(found.registration.scope ? ['--scope', found.registration.scope] : [])];
  if (dryRun) {
    ctx.out(`would run: ${shellLine(CLAUDE, args)}\n`);
    return true;
  }
  const r = ctx.run(CLAUDE, args);
  if (r.code !== 0) {
    ctx.out(`claude: '${shellLine(CLAUDE, args)}' failed (exit ${r.code}): ${(r.stderr || r.stdout).trim()}\n`);
    return false;
  }
  ctx.out(`ran: ${shellLine(CLAUDE, args)}\n`);
  return true;
}
