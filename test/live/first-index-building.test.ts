// While a repo's precise index is still building, with a real spawned daemon
// on a copy of rxjs: a typo gets "did you mean" from the glance and from the
// first (syntactic) index as it does from the precise one, and no answer
// (CLI JSON, the CLI's own answer while the daemon starts, MCP, status) says
// `ready`. The precise build is held open by SCRY_TEST_PRECISE_GATE until the
// test writes the gate file, so every step below runs while it is held.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type * as P from '../../daemon/protocol';
import { declaredLike, glance } from '../../daemon/code/first';
import { suggestAmong } from '../../daemon/code/query';
import { CLI, rxjsRepo, scryJson, stopDaemon, tempDir } from '../helpers';
import { waitFor } from './wait';

const names = (r: { suggestions?: P.Suggestion[] }): string[] => (r.suggestions ?? []).map((s) => s.name);

describe('before the first index: "did you mean" from the names the files declare', () => {
  it('suggests the declared names close to a typo, as the index would', async () => {
    const repo = rxjsRepo();
    const seen = await glance(repo, 'concatMapp', () => undefined);
    assert.equal(seen.naming, 0, 'no file names the typo');
    const s = suggestAmong('concatMapp', await declaredLike(repo, 'concatMapp'));
    assert.equal(s[0]?.name, 'concatMap');
    assert.equal(s[0]?.file, 'src/internal/operators/concatMap.ts');
    // One symbol per name and file, at its first declaration (concatMap has overloads).
    assert.equal(new Set(s.map((x) => `${x.name} ${x.file}`)).size, s.length);
    // A compound's tail, and a typo past the first letters.
    assert.equal(
      suggestAmong('Observable.subscrbe', await declaredLike(repo, 'Observable.subscrbe'))[0]
        ?.name.toLowerCase()
        .startsWith('subscri'),
      true,
    );
  });
});

describe('first index: suggestions and status while the precise build is held open', () => {
  let home: string;
  let repo: string;
  let gate: string;
  let env: Record<string, string>;
  let client: Client | undefined;

  before(() => {
    home = tempDir('building');
    repo = rxjsRepo();
    gate = path.join(home, 'precise-go');
    env = { SCRY_TEST_PRECISE_GATE: gate, SCRY_DEBOUNCE_MS: '3600000' };
  });
  after(async () => {
    fs.writeFileSync(gate, '');
    await client?.close();
    await stopDaemon(home);
  });

  const ask = <T>(args: string[]): Promise<T> => scryJson<T>([...args, '--repo', repo], { home, env });
  const statusOf = async (): Promise<P.RepoStatus> => (await ask<P.StatusResult>(['status'])).repos[0]!;

  it('suggests for a typo in the first answer (the glance or the first index), and says building', async () => {
    const r = await ask<P.QueryResult>(['refs', 'concatMapp']);
    assert.deepEqual(r.matches, []);
    assert.equal(names(r)[0], 'concatMap', JSON.stringify(r.suggestions));
    assert.equal(r.index.status, 'building', JSON.stringify(r.index));
    assert.ok(r.index.building, 'the answer carries the build');
    console.log(`# the first answer came from ${r.index.glance ? 'the glance' : 'the first index'}`);
  });

  it('suggests from the first (syntactic) index, for each name query', async () => {
    await waitFor(async () => (await statusOf()).syntactic, 'the first index');
    for (const q of ['refs', 'defs', 'callers', 'callees']) {
      const r = await ask<P.QueryResult>([q, 'switchMapp']);
      assert.equal(r.index.glance, undefined, 'answered from the first index');
      assert.equal(r.index.syntactic, true);
      assert.equal(names(r)[0], 'switchMap', `${q}: ${JSON.stringify(r.suggestions)}`);
      assert.equal(r.index.status, 'building', `${q}: ${JSON.stringify(r.index)}`);
    }
  });

  it('never says ready while the precise build runs: CLI JSON, every query, and status', async () => {
    const s = await statusOf();
    assert.ok(s.building, 'the precise build is held open');
    assert.equal(s.effective_status, 'building');
    for (const args of [
      ['refs', 'concatMap'],
      ['defs', 'Subscriber'],
      ['callers', 'concatMap'],
      ['callees', 'concatMap'],
      ['impls', 'Subscription'],
      ['search', 'concat'],
      ['impact', 'concatMap'],
      ['symbols', 'src/internal/operators/concatMap.ts'],
    ]) {
      const r = await ask<{ index: P.IndexFreshness }>(args);
      assert.equal(r.index.status, 'building', `${args.join(' ')}: ${JSON.stringify(r.index)}`);
    }
  });

  it('never says ready through MCP either', async () => {
    const procEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) procEnv[k] = v;
    client = new Client({ name: 'scry-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        cwd: repo,
        env: { ...procEnv, ...env, SCRY_HOME: home, HOME: tempDir('user') },
        stderr: 'pipe',
      }),
    );
    const call = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
      const raw = (await client!.callTool({ name, arguments: { format: 'json', repo, ...args } })) as CallToolResult;
      assert.ok(!raw.isError, JSON.stringify(raw.content));
      return raw.structuredContent as T;
    };
    assert.equal((await call<P.QueryResult>('scry_refs', { symbol: 'concatMap' })).index.status, 'building');
    const typo = await call<P.QueryResult>('scry_refs', { symbol: 'concatMapp' });
    assert.equal(names(typo)[0], 'concatMap');
    assert.equal(typo.index.status, 'building');
    const st = await call<P.StatusResult>('scry_status', {});
    assert.equal(st.repos.find((x) => x.repo === fs.realpathSync(repo))?.effective_status, 'building', JSON.stringify(st.repos));
    // What the model reads by default says so too.
    const text = (await client.callTool({ name: 'scry_refs', arguments: { symbol: 'concatMap', repo } })) as CallToolResult;
    assert.match(text.content[0]?.type === 'text' ? text.content[0].text : '', /precise results are coming/);
  });

  it("says building in the CLI's own answer while a stopped daemon starts again", async () => {
    await client?.close();
    client = undefined;
    await stopDaemon(home);
    // No daemon: the CLI answers from the first index on disk while the daemon it spawned boots.
    const r = await ask<P.QueryResult>(['refs', 'concatMap']);
    assert.equal(r.index.syntactic, true);
    assert.equal(r.index.status, 'building', JSON.stringify(r.index));
  });

  it('says ready, and suggests from the precise index, once the gate opens', async () => {
    fs.writeFileSync(gate, '');
    const done = await waitFor(async () => {
      const s = await statusOf();
      return s.syntactic === undefined && !s.building && s.indexed_at ? s : undefined;
    }, 'the precise index');
    assert.equal(done.effective_status, 'ready');
    const r = await ask<P.QueryResult>(['refs', 'concatMapp']);
    assert.equal(r.index.status, 'ready');
    assert.equal(r.index.syntactic, undefined);
    assert.equal(names(r)[0], 'concatMap');
  });
});
