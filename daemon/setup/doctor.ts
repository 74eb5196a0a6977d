// `scry doctor`: proves the wiring the way an agent would meet it. It starts
// the command Claude Code has registered, shakes hands over MCP, lists the
// tools, makes a real scry_refs call, and asks `claude mcp list` whether it
// connects. Each check prints what it saw and, when it fails, the fix.
import { errorMessage } from '../errors';
import * as fs from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { VERSION } from '../version';
import { CLAUDE, lookupRegistration, SERVER_NAME } from './claude';
import { scryArgv, settingsFile, skillFile, type SetupContext } from './context';
import { desiredHooks, hookSwitches } from './hooks';
import { parseSettings } from './settings-edit';
import { agentsFile, AGENTS_MARKER, codexHome } from './agents-md';
import { CODEX, codexRegistration } from './codex';
import { CODEX_TRUST_STEP, codexHookTrust, codexHooksFile, desiredCodexHooks, isOurs, type CodexHookState } from './codex-hooks';
import { skillState } from './skill';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  /** An optional part that is not set up (a hook the user declined, an agent that is not installed): neither a pass nor a failure. */
  skipped?: boolean;
}

export async function runDoctor(ctx: SetupContext, opts: { repo: string; symbol: string }): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (c: Check): Check => {
    checks.push(c);
    ctx.out(
      `${c.skipped ? 'skip' : c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}\n${!c.ok && c.fix ? `      ${c.skipped ? 'to add it' : 'fix'}: ${c.fix}\n` : ''}`,
    );
    return c;
  };

  const found = lookupRegistration(ctx);
  if (found.kind === 'no-claude') {
    add({ name: 'claude CLI', ok: false, detail: `'${CLAUDE}' is not on PATH`, fix: 'Install Claude Code, then run scry setup' });
    return checks;
  }
  if (found.kind === 'absent') {
    add({ name: 'registered with Claude Code', ok: false, detail: `claude mcp get ${SERVER_NAME} finds no server`, fix: 'Run scry setup' });
    return checks;
  }
  const reg = found.registration;
  const ours = scryArgv(ctx, 'mcp');
  add({
    name: 'registered with Claude Code',
    ok: reg.command !== undefined,
    detail: `${reg.scope ?? 'unknown'} scope: ${reg.command ?? '?'} ${reg.args ?? ''}${found.matches ? '' : ` (not this scry: ${ours.join(' ')})`}`,
    fix: 'Run scry setup to register this scry',
  });
  if (reg.command === undefined) return checks;

  // The very command Claude Code will start. Args print space-joined, so an exact match with ours keeps paths with spaces whole.
  const [command, ...args] = found.matches ? ours : [reg.command, ...(reg.args ? reg.args.split(/\s+/) : [])];
  const client = new Client({ name: 'scry-doctor', version: VERSION });
  const transport = new StdioClientTransport({ command: command!, args, stderr: 'pipe', env: stringEnv(process.env) });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    try {
      await client.connect(transport);
      const info = client.getServerVersion();
      add({ name: 'MCP handshake', ok: true, detail: `${info?.name ?? '?'} ${info?.version ?? '?'} over stdio` });
    } catch (err) {
      add({
        name: 'MCP handshake',
        ok: false,
        detail: `${command} ${args.join(' ')} did not complete initialize: ${message(err)}${stderr ? ` (stderr: ${stderr.trim().split('\n').pop()})` : ''}`,
        fix: 'Run the command above by hand to see why; then scry setup to re-register',
      });
      return checks;
    }
    // The server is this scry when it says so; its tool list is then this build's by construction.
    const listed = (await client.listTools()).tools.map((t) => t.name);
    const served = client.getServerVersion();
    const ours = served?.name === 'scry' && served.version === VERSION && listed.includes('scry_refs');
    add({
      name: 'tools listed',
      ok: ours,
      detail: ours
        ? `${listed.length} tools: ${listed.join(', ')}`
        : `${listed.length} tools from ${served?.name ?? '?'} ${served?.version ?? '?'}, not this scry (${VERSION})${listed.includes('scry_refs') ? '' : '; scry_refs missing'}`,
      fix: 'The registered command runs another scry version: run scry setup',
    });
    const call = await client.callTool({ name: 'scry_refs', arguments: { symbol: opts.symbol, repo: opts.repo, limit: 3, format: 'json' } });
    const result = call.structuredContent as { total?: number; elapsed_ms?: number; index?: { status?: string } } | undefined;
    const text = Array.isArray(call.content) && call.content[0]?.type === 'text' ? String(call.content[0].text) : '';
    add({
      name: 'scry_refs call',
      ok: !call.isError && typeof result?.total === 'number',
      detail: call.isError
        ? text
        : `${result?.total} references to '${opts.symbol}' in ${opts.repo} (index ${result?.index?.status}, ${result?.elapsed_ms} ms in the daemon)`,
      fix: 'See the daemon log (scry status shows its path), or run scry start --foreground',
    });
  } finally {
    await client.close().catch(() => undefined);
  }

  const list = ctx.run(CLAUDE, ['mcp', 'list']);
  const line = list.stdout.split('\n').find((l) => l.startsWith(`${SERVER_NAME}:`));
  add({
    name: 'claude mcp list',
    ok: line !== undefined && /connected/i.test(line) && !/fail|error|disconnected/i.test(line),
    detail: line?.trim() ?? `no '${SERVER_NAME}' line in claude mcp list`,
    fix: `Claude Code cannot start it: run the registered command by hand, or scry setup to re-register`,
  });

  const skill = skillState(fs.existsSync(skillFile(ctx)) ? fs.readFileSync(skillFile(ctx), 'utf8') : undefined);
  add({ name: 'skill', ok: skill !== 'missing', detail: `${skillFile(ctx)}: ${skill}`, fix: 'Run scry setup' });
  // The hooks are optional (setup asks before adding them): one that is not there was declined, not broken.
  hookChecks(ctx, add);
  await codexChecks(ctx, add, opts.repo);
  return checks;
}

/** The version of Claude Code and which of scry's routes into it are live. */
function hookChecks(ctx: SetupContext, add: (c: Check) => Check): void {
  const version = /(\d+\.\d+\.\d+)/.exec(ctx.run(CLAUDE, ['--version']).stdout)?.[1];
  // Native builds since 2.1.117 have no Grep or Glob tool: agents search with grep and rg in Bash.
  const grepless = version !== undefined && compareVersions(version, '2.1.117') >= 0;
  add({
    name: 'Claude Code',
    ok: version !== undefined,
    detail: version
      ? `${version}${grepless ? ': searches run in Bash (no Grep or Glob tool), so the Bash hook is the route' : ': has the Grep and Glob tools'}`
      : 'claude --version printed no version',
  });
  let settings: Record<string, unknown> = {};
  try {
    settings = fs.existsSync(settingsFile(ctx)) ? parseSettings(fs.readFileSync(settingsFile(ctx), 'utf8'), settingsFile(ctx)) : {};
  } catch {
    settings = {};
  }
  const wanted = desiredHooks(ctx);
  const installed = (event: string, marker: string): { matcher: string } | undefined => {
    const groups = (settings.hooks as Record<string, unknown> | undefined)?.[event];
    if (!Array.isArray(groups)) return undefined;
    for (const g of groups as Array<{ matcher?: unknown; hooks?: Array<{ command?: unknown }> }>) {
      if (g.hooks?.some((h) => typeof h.command === 'string' && /\bscry\b/.test(h.command) && h.command.includes(marker)))
        return { matcher: typeof g.matcher === 'string' ? g.matcher : '' };
    }
    return undefined;
  };
  const mode = hookSwitches(ctx).search;
  const search = installed('PreToolUse', 'pretooluse');
  const tools = new Set((search?.matcher ?? '').split('|'));
  const route = (name: string, live: boolean, why: string, fix: string, optional = true): void => {
    add({ name, ok: live, skipped: !live && optional, detail: why, fix });
  };
  const offSearch = mode === 'off' ? 'off (hooks.search: off in config.yaml)' : undefined;
  route(
    'Bash search hook',
    tools.has('Bash'),
    offSearch ??
      (tools.has('Bash')
        ? `PreToolUse on Bash, mode ${mode}: a symbol search in grep/rg/git grep/find gets the index's answer`
        : search
          ? `installed for ${search.matcher} only: the Bash searches of today's Claude Code pass it by`
          : 'not installed (optional; declined or not yet accepted)'),
    'scry setup, and accept the hook edit',
  );
  route(
    'Grep/Glob search hook',
    tools.has('Grep'),
    offSearch ??
      (tools.has('Grep')
        ? `PreToolUse on Grep|Glob, kept for clients that still have those tools${grepless ? ' (this one has not)' : ''}`
        : 'not installed (optional)'),
    'scry setup, and accept the hook edit',
  );
  for (const w of wanted.filter((h) => h.event !== 'PreToolUse')) {
    const there = installed(w.event, w.marker) !== undefined;
    const label = w.event === 'PostToolUse' ? 'Read memory hook' : `${w.event} memory hook`;
    route(
      label,
      there,
      there ? `in ${settingsFile(ctx)}` : 'not installed (optional; declined or not yet accepted)',
      'scry setup, and accept the hook edit (or turn it off under hooks: in config.yaml)',
    );
  }
}

/** -1, 0 or 1 as version a is before, at or after version b (numeric dot-separated parts). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Codex, when it is installed: its version, scry registered with this scry, its hooks and whether Codex trusts them, and the AGENTS.md line (optional). */
async function codexChecks(ctx: SetupContext, add: (c: Check) => Check, repo: string): Promise<void> {
  const state = codexRegistration(ctx);
  const home = ctx.codexDir ?? codexHome();
  if (state === 'no-codex') {
    if (fs.existsSync(home)) add({ name: 'codex', ok: true, skipped: true, detail: `${home} exists but codex is not on PATH` });
    return;
  }
  const version = /(\d+\.\d+\.\d+)/.exec(ctx.run(CODEX, ['--version']).stdout)?.[1];
  add({
    name: 'Codex',
    ok: version !== undefined,
    detail: version
      ? `${version}: hooks on PreToolUse (Bash), SessionStart and SessionEnd; no Read, Grep or Glob tool to hook`
      : 'codex --version printed no version',
  });
  add({
    name: 'registered with Codex',
    ok: state === 'ours',
    detail:
      state === 'ours'
        ? `codex mcp get ${SERVER_NAME}: this scry`
        : state === 'other'
          ? `codex mcp get ${SERVER_NAME}: another command or SCRY_HOME`
          : `codex mcp get ${SERVER_NAME} finds no server`,
    fix: 'Run scry setup',
  });
  await codexHookChecks(ctx, add, repo);
  const file = agentsFile(ctx);
  const line = fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(AGENTS_MARKER);
  add({
    name: 'Codex AGENTS.md line',
    ok: line,
    skipped: !line,
    detail: line ? `in ${file}` : `not in ${file} (optional)`,
    fix: 'scry setup, and accept the AGENTS.md line',
  });
}

const CODEX_ROUTES: Record<string, string> = {
  PreToolUse: 'Codex Bash search hook',
  SessionStart: 'Codex SessionStart memory hook',
  SessionEnd: 'Codex SessionEnd memory hook',
};
const CODEX_EVENTS: Record<string, string> = { PreToolUse: 'preToolUse', SessionStart: 'sessionStart', SessionEnd: 'sessionEnd' };

/** Each of scry's Codex hooks: in hooks.json, and trusted by Codex (an untrusted one never runs). */
async function codexHookChecks(ctx: SetupContext, add: (c: Check) => Check, repo: string): Promise<void> {
  const file = codexHooksFile(ctx);
  let settings: Record<string, unknown> = {};
  try {
    settings = fs.existsSync(file) ? parseSettings(fs.readFileSync(file, 'utf8'), file) : {};
  } catch {
    settings = {};
  }
  const wanted = desiredCodexHooks(ctx);
  const there = wanted.filter((w) => {
    const groups = (settings.hooks as Record<string, unknown> | undefined)?.[w.event];
    return (
      Array.isArray(groups) &&
      (groups as Array<{ hooks?: Array<{ command?: unknown }> }>).some((g) =>
        g.hooks?.some((h) => typeof h.command === 'string' && /\bscry\b/.test(h.command) && h.command.includes(w.marker)),
      )
    );
  });
  const trust: CodexHookState[] | undefined = there.length > 0 ? await codexHookTrust(file, fs.existsSync(repo) ? repo : process.cwd()) : [];
  for (const w of wanted) {
    const name = CODEX_ROUTES[w.event] ?? `Codex ${w.event} hook`;
    if (!there.includes(w)) {
      add({
        name,
        ok: false,
        skipped: true,
        detail: `not in ${file} (optional; declined or not yet accepted)`,
        fix: 'scry setup, and accept the Codex hooks edit',
      });
      continue;
    }
    const listed = trust?.find((h) => h.eventName === CODEX_EVENTS[w.event] && isOurs(h.command) && h.command.includes(w.marker));
    if (trust === undefined)
      add({ name, ok: true, detail: `in ${file}; codex app-server did not say whether Codex trusts it: if it never runs, ${CODEX_TRUST_STEP}` });
    else if (!listed)
      add({
        name,
        ok: false,
        detail: `in ${file}, but Codex does not load it (hooks turned off in config.toml [features]?)`,
        fix: 'codex features list; set hooks = true',
      });
    else if (!listed.enabled) add({ name, ok: false, detail: `in ${file}, but disabled in Codex's /hooks`, fix: 'run codex, type /hooks, and enable it' });
    else if (listed.trustStatus !== 'trusted')
      add({
        name,
        ok: false,
        detail: `in ${file}, but ${listed.trustStatus === 'modified' ? 'changed since Codex trusted it' : 'not trusted by Codex yet'}: Codex skips it without a word`,
        fix: CODEX_TRUST_STEP,
      });
    else add({ name, ok: true, detail: `in ${file}, trusted by Codex` });
  }
}

const message = errorMessage;

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
