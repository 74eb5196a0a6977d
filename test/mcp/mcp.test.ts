// `scry mcp` end to end: the SDK's own client over stdio, the real CLI, a real
// spawned daemon, a real rxjs index.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { COMPACT_FORMATTERS, Refs, type ImpactResult, type QueryResult, type SearchResult, type StatusResult, type SymbolsResult } from '../../daemon/protocol';
import { CLI, daemonPid, isAlive, lineOf, rxjsRepo, scry, scryJson, stopDaemon, tempDir } from '../helpers';
import { readSites } from '../code/sites-form';

const TOOL_NAMES = ['scry_refs', 'scry_defs', 'scry_callers', 'scry_callees', 'scry_impls', 'scry_search', 'scry_symbols', 'scry_impact', 'scry_status'];

function env(home: string, userHome: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  // The first call may be answered by a glance, checked here to be whole (every caller, a total past 5): its parse budget is lifted, or a loaded machine cuts it short.
  return { ...out, SCRY_HOME: home, HOME: userHome, SCRY_GLANCE_BUDGET_MS: '600000' };
}

const textOf = (r: CallToolResult): string => (r.content[0]?.type === 'text' ? r.content[0].text : '');

describe('scry mcp, through the SDK client, against a real daemon', () => {
  let home: string;
  let repo: string;
  let client: Client;

  const call = async <T>(name: string, args: Record<string, unknown>): Promise<{ raw: CallToolResult; result: T }> => {
    // These tests read the structured answer; what the model reads by default is tested below.
    const raw = (await client.callTool({ name, arguments: { format: 'json', ...args } })) as CallToolResult;
    assert.ok(!raw.isError, `${name} failed: ${textOf(raw)}`);
    return { raw, result: raw.structuredContent as T };
  };

  before(async () => {
    home = tempDir('home');
    repo = rxjsRepo();
    client = new Client({ name: 'scry-test', version: '1' });
    // cwd deep inside the repo: the default repo must be the git root above it.
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        cwd: path.join(repo, 'src', 'internal'),
        env: env(home, tempDir('user')),
        stderr: 'pipe',
      }),
    );
  });
  after(async () => {
    await client.close();
    await stopDaemon(home);
  });

  it('lists every tool declared whole: described inputs, an output schema, read-only hints', async () => {
    const { tools } = await client.listTools();
    // The memory tools (test/mcp/memory-tools.test.ts) follow the code tools.
    assert.deepEqual(
      tools.map((t) => t.name),
      [...TOOL_NAMES, 'scry_recall', 'scry_episodes', 'scry_memory_path', 'scry_remember', 'scry_why'],
    );
    for (const t of tools.filter((x) => TOOL_NAMES.includes(x.name))) {
      assert.ok((t.description ?? '').length > 80, `${t.name} has a description an agent can choose by`);
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      // destructiveHint means something only for a tool that writes: a read-only tool's listing leaves it out.
      assert.equal(t.annotations?.destructiveHint, undefined, t.name);
      // An output schema obliges structuredContent, which clients hand the model instead of the compact text.
      assert.equal(t.outputSchema, undefined, t.name);
      const props = t.inputSchema.properties as Record<string, { description?: string; enum?: string[] }>;
      assert.deepEqual(props.format?.enum, ['compact', 'json'], `${t.name} takes format`);
      // The shared fields (repo, format, paging, symbol, memory) are explained once, in the server's instructions.
      for (const [field, schema] of Object.entries(props))
        if (!['repo', 'format', 'limit', 'budget', 'offset', 'symbol', 'memory', 'lines'].includes(field))
          assert.ok(schema.description, `${t.name}.${field} is described`);
      assert.ok('repo' in props, `${t.name} takes repo`);
    }
    const refs = tools.find((t) => t.name === 'scry_refs')!;
    assert.deepEqual(refs.inputSchema.required, ['symbol']);
    assert.match(client.getInstructions() ?? '', /OrderService#processOrder/);
    // refs, callers and callees take `lines`, explained once in the instructions.
    for (const name of ['scry_refs', 'scry_callers', 'scry_callees'])
      assert.ok('lines' in (tools.find((t) => t.name === name)!.inputSchema.properties ?? {}), `${name} takes lines`);
    assert.match(client.getInstructions() ?? '', /`lines: true` adds source lines/);
    assert.match(refs.description!, /grep/i);
  });

  it('scry_refs indexes on first use, defaults repo to the git root of its cwd, and returns JSON text equal to structuredContent', async () => {
    const { raw, result } = await call<QueryResult>('scry_refs', { symbol: 'concatMap' });
    assert.deepEqual(JSON.parse(textOf(raw)), raw.structuredContent);
    assert.equal(result.matches.length, 1);
    const def = result.matches[0]!.occurrences.find((o) => o.is_definition)!;
    const line = lineOf(path.join(repo, 'src/internal/operators/concatMap.ts'), /export function concatMap</);
    assert.deepEqual([def.file, def.line], ['src/internal/operators/concatMap.ts', line]);
    const use = result.matches[0]!.occurrences.find((o) => o.file === 'src/internal/operators/concatMapTo.ts' && o.is_call && o.context.includes('concatMap('));
    assert.equal(use?.containing_symbol, 'concatMapTo');
    // The first answer may come from the first (syntactic) index while the precise one builds: then it says building.
    assert.equal(result.index.status, result.index.syntactic && result.index.building ? 'building' : 'ready', JSON.stringify(result.index));
  });

  it('by default the model reads the compact text under either client rule; format json gives the full JSON to both', async () => {
    // Claude Code and VS Code give the model JSON.stringify(structuredContent) when there is one; others read the text.
    const seenByStructuredClient = (r: CallToolResult): string => (r.structuredContent !== undefined ? JSON.stringify(r.structuredContent) : textOf(r));
    const seenByContentClient = (r: CallToolResult): string => textOf(r);
    // The compact form of a precise answer: `scry index` joins the build the first call started and waits for it.
    await scryJson(['index', repo], { home });
    const compact = (await client.callTool({ name: 'scry_refs', arguments: { symbol: 'concatMap' } })) as CallToolResult;
    assert.equal(compact.isError, undefined);
    assert.equal(compact.structuredContent, undefined);
    assert.equal(compact.content.length, 1);
    const text = textOf(compact);
    // Sites by default: the definition and each call under its file, by line; source lines with `lines`.
    // One symbol of the name: the header is its count and uses, the imports counted there (their lines are what `lines` adds).
    assert.match(text, /^# \d+ refs in \d+ files · (\d+ \w+, )*\d+ call, \d+ import\n/);
    const sites = readSites(text);
    assert.match(sites.get('src/internal/operators/concatMap.ts') ?? '', /\bdef \d+/, text);
    assert.match(sites.get('src/internal/operators/concatMapTo.ts') ?? '', /^concatMapTo [\d,]*\b\d+ call\b/, text);
    assert.equal(sites.get('src/index.ts'), 'import', text);
    assert.doesNotMatch(text, /not listed/);
    const lines = textOf((await client.callTool({ name: 'scry_refs', arguments: { symbol: 'concatMap', lines: true } })) as CallToolResult);
    assert.match(lines, /^# \d+ refs \(\d+ calls\) in \d+ files\nsrc\/internal\/operators\/concatMap\.ts\n {2}\d+:17 def export function concatMap</);
    assert.match(lines, /^src\/internal\/operators\/concatMapTo\.ts$/m);
    assert.match(lines, /^ {2}\d+:\d+ call .*concatMap\(/m);
    assert.equal(seenByStructuredClient(compact), text);
    assert.equal(seenByContentClient(compact), text);
    const json = (await client.callTool({ name: 'scry_refs', arguments: { symbol: 'concatMap', format: 'json' } })) as CallToolResult;
    const full = json.structuredContent as QueryResult;
    assert.equal(seenByStructuredClient(json), JSON.stringify(full));
    assert.deepEqual(JSON.parse(seenByContentClient(json)), full);
    assert.equal(full.matches[0]!.counts!.references, full.total - full.matches[0]!.counts!.definitions.length);
    assert.ok(text.length * 3 < JSON.stringify(full).length, `compact ${text.length} bytes vs JSON ${JSON.stringify(full).length}`);
    // The daemon rendered that text (scry/compact): the compact formatter writes the same from the JSON answer.
    assert.equal(text, COMPACT_FORMATTERS[Refs.method]!(full));
  });

  it('bounds every answer by default: past the budget, the rest per file and the offset of the next page', async () => {
    // Observable's sites fit the default budget; with source lines they do not, and a small budget cuts the sites too.
    for (const args of [{ lines: true }, { budget: 2000 }]) {
      const first = textOf((await client.callTool({ name: 'scry_refs', arguments: { symbol: 'Observable', ...args } })) as CallToolResult);
      const next = /^next page: offset=(\d+)$/m.exec(first);
      assert.ok(next, first.slice(-400));
      assert.match(first, /^… \d+ more in \d+ files: src\/\S+ \d+/m);
      // The rest line names every file left out, past the budget.
      const listed = first
        .split('\n')
        .filter((l) => !l.startsWith('… '))
        .join('\n').length;
      assert.ok(listed < ('budget' in args ? 2_500 : 12_000), `${listed} bytes besides the rest line`);
      const second = textOf(
        (await client.callTool({ name: 'scry_refs', arguments: { symbol: 'Observable', ...args, offset: Number(next[1]) } })) as CallToolResult,
      );
      assert.match(second, new RegExp(`^\\(page from offset ${next[1]}\\)$`, 'm'));
    }
    const sites = textOf((await client.callTool({ name: 'scry_refs', arguments: { symbol: 'Observable' } })) as CallToolResult);
    assert.ok(sites.length < 8_500, `${sites.length} bytes`);
    const whole = await call<QueryResult>('scry_refs', { symbol: 'Observable', budget: 10_000_000 });
    assert.equal(whole.result.next_offset, undefined);
  });

  it('scry_refs honours limit and an explicit repo', async () => {
    const { result } = await call<QueryResult>('scry_refs', { symbol: 'Observable', repo, limit: 4 });
    assert.equal(
      result.matches.reduce((n, m) => n + m.occurrences.length, 0),
      4,
    );
    assert.match(result.truncated ?? '', /^\+\d+ more in \d+ files$/);
  });

  it('scry_defs returns only definitions', async () => {
    const { result } = await call<QueryResult>('scry_defs', { symbol: 'Subscriber' });
    const cls = result.matches.find((m) => m.kind === 'class');
    assert.deepEqual(
      cls?.occurrences.map((o) => [o.file, o.is_definition]),
      [['src/internal/Subscriber.ts', true]],
    );
  });

  it('scry_status reports the repo the agent is in', async () => {
    let { result } = await call<StatusResult>('scry_status', {});
    assert.equal(result.repos.length, 1);
    assert.equal(result.repos[0]!.repo, fs.realpathSync(repo));
    // Building until the precise index is in (the first answers came from the syntactic one), never ready before.
    for (let i = 0; i < 1200 && result.repos[0]!.building; i++) {
      assert.notEqual(result.repos[0]!.effective_status, 'ready', JSON.stringify(result.repos[0]));
      await new Promise((r) => setTimeout(r, 100));
      ({ result } = await call<StatusResult>('scry_status', {}));
    }
    assert.equal(result.repos[0]!.effective_status, 'ready');
    assert.ok(result.repos[0]!.documents > 200);
    assert.equal(result.daemon.home, home);
  });

  it('rejects bad input and reports daemon errors as one-line tool errors, staying up', async () => {
    const missing = (await client.callTool({ name: 'scry_refs', arguments: {} })) as CallToolResult;
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /symbol/);
    const bad = (await client.callTool({ name: 'scry_refs', arguments: { symbol: 'x', repo: '/nonexistent/place' } })) as CallToolResult;
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /^scry_refs failed: repository path '\/nonexistent\/place' does not exist/);
    assert.equal(textOf(bad).split('\n').length, 1);
    await call<QueryResult>('scry_refs', { symbol: 'concatMapTo' });
  });

  it('logs every call with its latency in SCRY_HOME/logs/mcp-calls.jsonl', () => {
    const lines = fs
      .readFileSync(path.join(home, 'logs', 'mcp-calls.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const first = lines.find((l) => l.tool === 'scry_refs' && (l.args as { symbol?: string }).symbol === 'concatMap')!;
    assert.equal(first.ok, true);
    assert.equal(typeof first.ms, 'number');
    assert.ok((first.total as number) > 5);
    // A compact call's total comes with the daemon's text (scry/compact).
    const compact = lines.find(
      (l) =>
        l.tool === 'scry_refs' &&
        (l.args as { format?: string; symbol?: string }).format === undefined &&
        (l.args as { symbol?: string }).symbol === 'concatMap',
    )!;
    assert.ok((compact.total as number) > 5, JSON.stringify(compact));
    const failed = lines.find((l) => l.ok === false && (l.args as { repo?: string }).repo === '/nonexistent/place');
    assert.match(String(failed?.error), /does not exist/);
  });

  it('starts a new daemon when the old one was stopped between calls', async () => {
    const pid = daemonPid(home)!;
    await scry(['stop'], { home });
    assert.ok(!isAlive(pid));
    const { result } = await call<QueryResult>('scry_refs', { symbol: 'concatMap' });
    assert.equal(result.matches.length, 1);
    assert.notEqual(daemonPid(home), pid);
  });

  // ---- answers of the query engine ----

  it('scry_callers names concatMapTo as a caller of concatMap', async () => {
    const { result } = await call<QueryResult>('scry_callers', { symbol: 'concatMap' });
    const sites = result.matches.flatMap((m) => m.occurrences);
    assert.ok(sites.some((o) => o.file === 'src/internal/operators/concatMapTo.ts' && o.containing_symbol === 'concatMapTo'));
    assert.ok(sites.every((o) => !o.is_definition));
  });

  it('scry_callees lists concatMap among what concatMapTo calls', async () => {
    const { result } = await call<QueryResult>('scry_callees', { symbol: 'concatMapTo' });
    assert.ok(result.matches.some((m) => m.display_name === 'concatMap'));
  });

  it('scry_impls finds Subscription implementing SubscriptionLike', async () => {
    const { result } = await call<QueryResult>('scry_impls', { symbol: 'SubscriptionLike' });
    assert.ok(result.matches.some((m) => m.display_name === 'Subscription' && m.kind === 'class'));
  });

  it('scry_search finds concatMap from part of its name', async () => {
    const { result } = await call<SearchResult>('scry_search', { pattern: 'concatMa' });
    const hit = result.results.find((r) => r.display_name === 'concatMap');
    assert.equal(hit?.file, 'src/internal/operators/concatMap.ts');
  });

  it('scry_symbols outlines a file', async () => {
    const { result } = await call<SymbolsResult>('scry_symbols', { file: 'src/internal/operators/concatMap.ts' });
    const fn = result.symbols.find((s) => s.display_name === 'concatMap');
    assert.equal(fn?.line, lineOf(path.join(repo, 'src/internal/operators/concatMap.ts'), /export function concatMap</));
  });

  it('scry_impact counts concatMapTo among the callers of concatMap', async () => {
    const { result } = await call<ImpactResult>('scry_impact', { symbol: 'concatMap' });
    assert.ok(result.callers.some((c) => c.display_name === 'concatMapTo' && c.file === 'src/internal/operators/concatMapTo.ts'));
    assert.equal(result.counts.callers, result.callers.length);
  });
});

describe('scry mcp stdout', () => {
  it('carries only JSON-RPC messages, even while the daemon spawns and indexes', async () => {
    const home = tempDir('home');
    const repo = tempDir('tiny');
    fs.writeFileSync(path.join(repo, 'a.ts'), 'export function hello(): number { return 1; }\nexport const x = hello();\n');
    // A git repo: an agent's default repo must be one (a plain folder is indexed only with scry index PATH).
    spawnSync('git', ['init', '-q'], { cwd: repo });
    const child = spawn(process.execPath, [CLI, 'mcp'], { cwd: repo, env: env(home, tempDir('user')), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    const answered = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('"id":3')) resolve();
      });
    });
    const send = (m: object): boolean => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'scry_refs', arguments: { symbol: 'hello' } } });
    await answered;
    child.stdin.end();
    await new Promise((r) => child.on('close', r));
    const messages = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { jsonrpc: string; id?: number; result?: CallToolResult });
    assert.ok(messages.every((m) => m.jsonrpc === '2.0'));
    assert.deepEqual(
      messages.map((m) => m.id),
      [1, 2, 3],
    );
    // The first answer comes from the syntactic first index, and says so.
    // (from the files naming it, or from the first index, whichever is ready first).
    const first = textOf(messages[2]!.result!);
    assert.match(first, /^(note: [^\n]*\n)+# 1 call in 1 file · syntactic\na\.ts: \d+;def 1\n/);
    assert.match(first, /^note: syntactic first index \(tree-sitter\); precise results are coming/m);
    await stopDaemon(home);
  });
});
