// Codex's hooks: ~/.codex/hooks.json (or $CODEX_HOME), the shape of Claude
// Code's settings.json (event -> [{matcher, hooks: [{type, command,
// timeout}]}]), and the same input on stdin: a Bash command arrives as
// tool_name "Bash", tool_input.command a string, whatever Codex's own tool is
// called (exec_command in 0.171). Codex has no Read, Grep or Glob tool, so
// the routes are the Bash search, SessionStart and SessionEnd.
//
// Codex runs a hook from a user file only once the user has trusted it in
// the interactive CLI (/hooks), recorded by hash in config.toml; an untrusted
// one is skipped without a word, by `codex exec` too. Setup does not grant
// that trust for the user: it says so, and doctor asks Codex (through its
// app server's hooks/list) which of scry's hooks are trusted.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { codexHome } from './agents-md';
import type { SetupContext } from './context';
import { gateCommand, hookSwitches, scryHookCommand, updateHookFile, type HookFile, type SettingsOutcome } from './hooks';
import type { HookSpec } from './settings-edit';

export const codexHooksFile = (ctx: SetupContext): string => path.join(ctx.codexDir ?? codexHome(), 'hooks.json');

export const CODEX_HOOK_MARKERS = [
  { event: 'PreToolUse', marker: 'pretooluse' },
  { event: 'SessionStart', marker: 'memory orient' },
  { event: 'SessionEnd', marker: 'hook session-end' },
] as const;

const PURPOSE: Record<string, string> = {
  PreToolUse: 'PreToolUse (a symbol search in a shell command -> the answer from the index beside it)',
  SessionStart: "SessionStart (Scry memory's short orientation for the repository)",
  SessionEnd: 'SessionEnd (hands the finished rollout to the Scry daemon to remember)',
};

/** The one step Codex leaves to the user, said by setup and doctor alike. */
export const CODEX_TRUST_STEP =
  "run codex, type /hooks, and trust scry's hooks (Codex skips a hook nobody trusted without a word, in codex exec too; a changed hook needs trusting again)";

export function desiredCodexHooks(ctx: SetupContext): HookSpec[] {
  const on = hookSwitches(ctx);
  const scry = (...sub: string[]): string => scryHookCommand(ctx, ...sub);
  const specs: HookSpec[] = [];
  if (on.search !== 'off') specs.push({ event: 'PreToolUse', matcher: 'Bash', command: gateCommand(ctx, 'pretooluse'), timeout: 5, marker: 'pretooluse' });
  if (on.sessionStart)
    specs.push({ event: 'SessionStart', matcher: 'startup|resume|clear', command: scry('memory', 'orient', '--hook'), timeout: 5, marker: 'memory orient' });
  // Codex sends the same SessionEnd input as Claude Code: the variable says whose rollout it is. Codex caps this timeout at 3 s.
  if (on.sessionEnd)
    specs.push({ event: 'SessionEnd', command: `SCRY_HOOK_AGENT=codex ${scry('hook', 'session-end')}`, timeout: 2, marker: 'hook session-end' });
  return specs;
}

export const codexHookFile = (ctx: SetupContext): HookFile => ({
  client: 'Codex',
  label: 'codex hooks',
  file: codexHooksFile(ctx),
  desired: desiredCodexHooks(ctx),
  markers: CODEX_HOOK_MARKERS,
  purpose: PURPOSE,
});

/** Writes (or on uninstall removes) scry's entries in Codex's hooks.json; then says what the user must still do. */
export async function updateCodexHooks(ctx: SetupContext, opts: { uninstall: boolean; dryRun: boolean; yes: boolean }): Promise<SettingsOutcome> {
  const target = codexHookFile(ctx);
  const outcome = await updateHookFile(ctx, target, opts);
  if (opts.uninstall || opts.dryRun || outcome === 'declined' || outcome === 'failed' || target.desired.length === 0) return outcome;
  // Asking Codex (its app server) would have it write its own state into ~/.codex: doctor asks, setup only says.
  ctx.out(`codex hooks: one step is yours: ${CODEX_TRUST_STEP}. scry doctor shows which are trusted\n`);
  return outcome;
}

/** One hook as Codex's app server lists it. */
export interface CodexHookState {
  key: string;
  eventName: string;
  command: string;
  sourcePath: string;
  enabled: boolean;
  /** `trusted`, `untrusted` or `modified` (trusted once, changed since). */
  trustStatus: string;
  /** What Codex records in config.toml when the user trusts it. */
  currentHash?: string;
}

export const isOurs = (command: string): boolean => /\bscry\b/.test(command) && CODEX_HOOK_MARKERS.some((m) => command.includes(m.marker));

/**
 * The hooks Codex loads from `file`, with their trust, asked of `codex
 * app-server` (hooks/list), the API Codex's own /hooks view reads. It is
 * marked experimental: any failure, or no answer within `ms`, is undefined.
 */
export function codexHookTrust(file: string, cwd: string, ms = 15_000, env: NodeJS.ProcessEnv = process.env): Promise<CodexHookState[] | undefined> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn('codex', ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    } catch {
      resolve(undefined);
      return;
    }
    let settled = false;
    const done = (v: CodexHookState[] | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdin?.end();
      child.kill();
      resolve(v);
    };
    const timer = setTimeout(() => done(undefined), ms);
    child.on('error', () => done(undefined));
    child.on('close', () => done(undefined));
    let buffer = '';
    child.stdout?.on('data', (d: Buffer) => {
      buffer += d.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const hooks = hooksOf(line, file);
        if (hooks) done(hooks);
      }
    });
    const send = (msg: unknown): void => void child.stdin?.write(`${JSON.stringify(msg)}\n`);
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'scry', version: '0' } } });
    send({ method: 'initialized' });
    send({ id: 2, method: 'hooks/list', params: { cwds: [cwd] } });
  });
}

/** The hooks from `file` in a hooks/list answer line; undefined for any other line. */
function hooksOf(line: string, file: string): CodexHookState[] | undefined {
  try {
    const msg = JSON.parse(line) as { id?: unknown; result?: { data?: Array<{ hooks?: unknown }> } };
    if (msg.id !== 2 || !Array.isArray(msg.result?.data)) return undefined;
    const all = msg.result.data.flatMap((d) => (Array.isArray(d.hooks) ? (d.hooks as CodexHookState[]) : []));
    return all.filter((h) => typeof h.command === 'string' && typeof h.trustStatus === 'string' && path.resolve(h.sourcePath ?? '') === path.resolve(file));
  } catch {
    return undefined;
  }
}
