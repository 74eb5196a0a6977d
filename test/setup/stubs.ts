// Stub `claude` and `codex` executables for setup tests: they keep their MCP
// registrations in a JSON file, record every argument list they get, and
// `claude mcp list` really starts each server and shakes hands over MCP, as
// Claude Code's health check does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, tempDir } from '../helpers';

export interface StubServer {
  scope: string;
  command: string;
  args: string[];
}

export interface Stubs {
  /** Put first on PATH. */
  bin: string;
  state: string;
  calls(tool: 'claude' | 'codex'): string[][];
  servers(tool: 'claude' | 'codex'): Record<string, StubServer>;
  setServers(tool: 'claude' | 'codex', servers: Record<string, StubServer>): void;
}

const CLAUDE_STUB = `
const fs = require('fs');
const path = require('path');
const state = process.env.STUB_STATE;
const file = path.join(state, 'claude-servers.json');
const argv = process.argv.slice(2);
fs.appendFileSync(path.join(state, 'claude-calls.jsonl'), JSON.stringify(argv) + '\\n');
const servers = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
const save = () => fs.writeFileSync(file, JSON.stringify(servers, null, 2));
const scopeLabel = { user: 'User config (available in all your projects)', local: 'Local config (private to you in this project)', project: 'Project config (shared via .mcp.json)' };
function flag(name) { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; }
async function handshake(s) {
  const { Client } = require(${JSON.stringify(path.join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/cjs/client/index.js'))});
  const { StdioClientTransport } = require(${JSON.stringify(path.join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/cjs/client/stdio.js'))});
  const client = new Client({ name: 'claude-stub', version: '1' });
  try { await client.connect(new StdioClientTransport({ command: s.command, args: s.args, stderr: 'ignore' })); await client.close(); return true; } catch { return false; }
}
async function main() {
  if (argv[0] === '--version') { console.log('2.0.0 (Claude Code)'); return 0; }
  if (argv[0] !== 'mcp') { console.error('stub: unsupported ' + argv.join(' ')); return 2; }
  const sub = argv[1];
  if (sub === 'get') {
    const s = servers[argv[2]];
    if (!s) { console.error('No MCP server found with name: ' + argv[2]); return 1; }
    console.log(argv[2] + ':\\n  Scope: ' + scopeLabel[s.scope] + '\\n  Status: ✓ Connected\\n  Type: stdio\\n  Command: ' + s.command + '\\n  Args: ' + s.args.join(' ') + '\\n  Environment:\\n' + (s.env || []).map((e) => '    ' + e + '\\n').join('') + '\\nTo remove this server, run: claude mcp remove "' + argv[2] + '" -s ' + s.scope);
    return 0;
  }
  if (sub === 'add') {
    const dash = argv.indexOf('--');
    const scope = flag('--scope') || flag('-s') || 'local';
    const before = argv.slice(2, dash).filter((a, i, all) => !a.startsWith('-') && !['--scope', '-s', '--transport', '-t'].includes(all[i - 1]));
    const name = before[0];
    if (servers[name]) { console.error('MCP server ' + name + ' already exists in ' + scope + ' config'); return 1; }
    const env = argv.slice(0, dash).flatMap((a, i, all) => (a === '-e' || a === '--env' ? [all[i + 1]] : []));
    servers[name] = { scope, command: argv[dash + 1], args: argv.slice(dash + 2), env };
    save();
    console.log('Added stdio MCP server ' + name + ' with command: ' + argv.slice(dash + 1).join(' ') + ' to ' + scope + ' config');
    return 0;
  }
  if (sub === 'remove') {
    const name = argv[2];
    const scope = flag('--scope') || flag('-s');
    if (!servers[name] || (scope && servers[name].scope !== scope)) { console.error('No ' + (scope || '') + ' MCP server found with name: ' + name); return 1; }
    delete servers[name];
    save();
    console.log('Removed MCP server ' + name);
    return 0;
  }
  if (sub === 'list') {
    console.log('Checking MCP server health...\\n');
    for (const [name, s] of Object.entries(servers)) console.log(name + ': ' + [s.command, ...s.args].join(' ') + ' - ' + ((await handshake(s)) ? '✓ Connected' : '✗ Failed to connect'));
    return 0;
  }
  console.error('stub: unsupported mcp ' + sub);
  return 2;
}
main().then((code) => { process.exitCode = code; });
`;

const CODEX_STUB = `
const fs = require('fs');
const path = require('path');
const state = process.env.STUB_STATE;
const file = path.join(state, 'codex-servers.json');
const argv = process.argv.slice(2);
fs.appendFileSync(path.join(state, 'codex-calls.jsonl'), JSON.stringify(argv) + '\\n');
const servers = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
const save = () => fs.writeFileSync(file, JSON.stringify(servers, null, 2));
let code = 0;
if (argv[0] === 'mcp' && argv[1] === 'get') {
  const s = servers[argv[2]];
  if (s) console.log(JSON.stringify({ name: argv[2], enabled: true, transport: { type: 'stdio', command: s.command, args: s.args, env: s.env && s.env.length ? Object.fromEntries(s.env.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)])) : null } }));
  else { console.error('No MCP server named ' + argv[2] + ' found.'); code = 1; }
} else if (argv[0] === 'mcp' && argv[1] === 'add') {
  const dash = argv.indexOf('--');
  const env = argv.slice(0, dash).flatMap((a, i, all) => (a === '--env' ? [all[i + 1]] : []));
  servers[argv[2]] = { scope: 'global', command: argv[dash + 1], args: argv.slice(dash + 2), env };
  save();
} else if (argv[0] === 'mcp' && argv[1] === 'remove') {
  delete servers[argv[2]];
  save();
} else code = 2;
process.exitCode = code;
`;

export function makeStubs(opts: { codex?: boolean } = {}): Stubs {
  const bin = tempDir('stub-bin');
  const state = tempDir('stub-state');
  const write = (name: string, body: string): void => fs.writeFileSync(path.join(bin, name), `#!${process.execPath}\n${body}`, { mode: 0o755 });
  write('claude', CLAUDE_STUB);
  if (opts.codex) write('codex', CODEX_STUB);
  const readJson = <T>(file: string, empty: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : empty);
  return {
    bin,
    state,
    calls: (tool) => {
      const file = path.join(state, `${tool}-calls.jsonl`);
      return fs.existsSync(file)
        ? fs
            .readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as string[])
        : [];
    },
    servers: (tool) => readJson(path.join(state, `${tool}-servers.json`), {}),
    setServers: (tool, servers) => fs.writeFileSync(path.join(state, `${tool}-servers.json`), JSON.stringify(servers)),
  };
}

/**
 * The environment a setup test runs `scry setup` in: a private HOME and
 * SCRY_HOME, the stubs first on PATH (then this Node, then the system), and
 * none of the runner's own CLAUDE_CONFIG_DIR; `extra` adds or blanks more.
 */
export function setupEnv(stubs: Stubs, home: string, scryHome: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    SCRY_HOME: scryHome,
    PATH: `${stubs.bin}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
    STUB_STATE: stubs.state,
    ...extra,
  };
  delete env.CLAUDE_CONFIG_DIR;
  return env;
}
