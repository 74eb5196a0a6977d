// Anchors through a real daemon, on a real git repo indexed by the real
// scip-typescript (`scry index`): a Claude Code session whose cwd is that repo
// mentions `processOrder`; after the session, the function's body is edited
// (drifted, body changed, at its new line), it is moved to another file
// (drifted, moved) and deleted (gone). None of these is shown as fresh.
//
// The transcript is built here, not taken from a public repo: it has to point
// at this temp repo (its cwd) and be dated after the repo's first commit. Its
// lines have Claude Code's shape (type, uuid, parentUuid, sessionId, cwd,
// timestamp, message).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { EpisodeResult, OrientResult, QueryResult, RecallResult, SymbolsResult, WhyResult } from '../../../daemon/protocol';
import { estimateTokens } from '../../../daemon/memory/episode';
import { CLI, scry, stopDaemon, tempDir } from '../../helpers';
import { commitDayBefore, git, sessionFile, sessionsDir, type Turn } from './session-repo';

const ENV = { SCRY_MEMORY_SWEEP: '0', SCRY_FIRST_INDEX: '0' };
const SESSION_AT = Date.UTC(2026, 2, 2, 10, 0);

const ORDERS = (body: string, pad = ''): string => `${pad}import { charge } from './billing';

export interface Order { id: string; total: number }

export function processOrder(order: Order): boolean {
${body}
}
`;
const BODY = `  if (order.total <= 0) return false;
  // retries moved to the queue, never inline
  return charge(order.id, order.total);`;
const BILLING = `export function charge(id: string, amount: number): boolean {
  return id.length > 0 && amount > 0;
}
`;
const MAIN = (from: string): string => `import { processOrder } from '${from}';

export const ok = processOrder({ id: 'a', total: 3 });
`;

function transcript(repo: string, dir: string): string {
  const turns: Turn[] = [
    ['user', 'Payments fail twice a day. Should `processOrder` retry the charge itself?'],
    [
      'assistant',
      'No: we decided that retries moved to the queue, never inline. `processOrder` in src/orders.ts only validates the order and calls `charge` once; the queue worker retries failed charges with backoff.',
    ],
    ['user', 'Good, keep it that way and note why in the code.'],
    ['assistant', 'Done: a comment in `processOrder` now says retries live in the queue, and src/billing.ts is unchanged.'],
  ];
  return sessionFile(dir, repo, 'anchors-state', SESSION_AT, turns, '5a1e0000-0000-4000-8000-000000000001');
}

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('anchors: fresh, drifted and gone, with a real daemon and a real git repo', () => {
  let home: string;
  let repo: string;
  const env = (): NodeJS.ProcessEnv => ENV;

  async function run<T>(args: string[]): Promise<T> {
    const r = await scry([...args, '--json'], { home, cwd: repo, env: env() });
    assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  }
  /** The anchor of `processOrder` itself (the history also holds its file's). */
  const symbolAnchor = (w: WhyResult): WhyResult['history'][number] => {
    const found = w.history.filter((h) => h.mention === 'processOrder' && h.summary.startsWith('Payments fail'));
    assert.equal(found.length, 1, JSON.stringify(w.history));
    return found[0]!;
  };
  /** The line of the compact answer about the symbol's anchor. */
  const symbolLine = (text: string): string => text.split('\n').find((l) => l.includes(': "user: Payments fail')) ?? '';
  /** The remembered line a compact `scry refs` starts with. */
  const refsMemory = async (): Promise<string> => {
    const r = await scry(['refs', 'processOrder', '--format', 'compact'], { home, cwd: repo, env: env() });
    // A name the index no longer has exits 1 (its answer lists the nearest names), and still prints its answer.
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    return r.stdout.split('\n').find((l) => l.startsWith('memory 2026-03-02')) ?? '';
  };
  const reindex = (): Promise<unknown> => run(['index', repo, '--force']);
  /** What recall shows of the code the session's passage mentions: its anchored mentions with their state now. */
  const recallCode = async (): Promise<string[]> => {
    const r = await run<RecallResult>(['memory', 'recall', 'payments fail processOrder']);
    return (r.passages ?? []).flatMap((p) => (p.code ?? []).filter((c) => c.mention === 'processOrder').map((c) => c.state));
  };
  /** What opening the session's episode shows of processOrder, and the line orientation gives under the session. */
  const episodeCode = async (w: WhyResult): Promise<string | undefined> => {
    const e = await run<EpisodeResult>(['memory', 'episode', symbolAnchor(w).episode]);
    const text = await scry(['memory', 'episode', symbolAnchor(w).episode, '--format', 'human'], { home, cwd: repo, env: env() });
    assert.match(text.stdout, /^code it mentions, now: .*processOrder /m, text.stdout);
    return e.episode.code?.find((c) => c.mention === 'processOrder')?.state;
  };
  const orientText = async (budget = 500): Promise<string> => (await run<OrientResult>(['memory', 'orient', '--cwd', repo, '--budget', String(budget)])).text;
  const whyText = async (): Promise<string> => {
    const r = await scry(['why', 'processOrder', '--format', 'compact'], { home, cwd: repo, env: env() });
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };

  before(async () => {
    home = tempDir('anchors-home');
    repo = fs.realpathSync(tempDir('anchors-repo'));
    fs.mkdirSync(path.join(repo, 'src'));
    fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'orders', version: '1.0.0', private: true }));
    fs.writeFileSync(
      path.join(repo, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs' }, include: ['src'] }),
    );
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), ORDERS(BODY));
    fs.writeFileSync(path.join(repo, 'src', 'billing.ts'), BILLING);
    fs.writeFileSync(path.join(repo, 'src', 'main.ts'), MAIN('./orders'));
    commitDayBefore(repo, 'orders', SESSION_AT);
    await reindex();
    const sessions = sessionsDir(tempDir, 'anchors');
    const ingested = await run<{ added: number }>(['memory', 'ingest', '--source', 'claude', '--path', transcript(repo, sessions)]);
    assert.equal(ingested.added, 1);
    // The repo moves on after the session: a later commit must not be taken for the session's.
    fs.writeFileSync(path.join(repo, 'README.md'), 'orders\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'readme']);
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('anchors the mention as it was: fresh, at its definition, with the commit of the session time', async () => {
    const w = await run<WhyResult>(['why', 'processOrder']);
    const line = lineOf(ORDERS(BODY), 'export function processOrder');
    assert.equal(w.definition, `src/orders.ts:${line}`);
    const h = symbolAnchor(w);
    assert.equal(h.state, 'fresh');
    assert.equal(h.was, `src/orders.ts:${line}`);
    assert.equal(h.now, `src/orders.ts:${line}`);
    assert.equal(h.at, new Date(SESSION_AT).toISOString(), "the session's time");
    // Its file was mentioned too (src/orders.ts): what memory says about the file is part of the answer.
    assert.ok(w.history.some((x) => x.mention === 'src/orders.ts' && x.state === 'fresh'));
    assert.match(await whyText(), /fresh src\/orders\.ts:\d+: "user: Payments fail/);
    assert.match(h.snippet, /retries moved to the queue/);
    // Recall shows the code its passage mentions, with where it is and its state.
    assert.ok((await recallCode()).includes(`fresh src/orders.ts:${line}`), JSON.stringify(await recallCode()));
    // So do the episode and orientation, under the session's line.
    assert.equal(await episodeCode(w), `fresh src/orders.ts:${line}`);
    const o = await orientText();
    assert.match(o, new RegExp(`^- 2026-03-02 \\(claude\\): .*\\n  - code now: processOrder fresh src/orders\\.ts:${line}(;|$)`, 'm'), o);
    // No anchored file changed in the working tree or in a recent commit (the one after the session added a README): no changed-code section.
    assert.doesNotMatch(o, /code changed here/);
    const first = git(repo, ['rev-list', '--max-parents=0', 'HEAD']);
    assert.equal(h.commit, first, 'the commit before the session, not HEAD');
    assert.notEqual(h.commit, git(repo, ['rev-parse', 'HEAD']));
  });

  it('code answers carry it: scry_refs grows by the remembered line (<= 300 bytes), memory: false and --no-memory leave it out, and scry_why answers', async () => {
    const procEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) procEnv[k] = v;
    const client = new Client({ name: 'anchors-test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: repo, env: { ...procEnv, ...ENV, SCRY_HOME: home }, stderr: 'pipe' }),
    );
    try {
      const text = async (name: string, args: Record<string, unknown>): Promise<string> => {
        const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
        assert.ok(!r.isError, JSON.stringify(r.content));
        return r.content[0]?.type === 'text' ? r.content[0].text : '';
      };
      const withMemory = await text('scry_refs', { symbol: 'processOrder' });
      const without = await text('scry_refs', { symbol: 'processOrder', memory: false });
      const line = withMemory.split('\n').find((l) => l.startsWith('memory '));
      assert.ok(line, withMemory);
      // The sentence of the session that names it, preferring a statement by the assistant to the question that asked.
      assert.match(line, /^memory 2026-03-02 fresh: `processOrder` in src\/orders\.ts only validates the order .*\(episode [0-9a-f]{12}\)$/);
      assert.ok(!without.includes('memory 2026'), without);
      const grown = Buffer.byteLength(withMemory) - Buffer.byteLength(without);
      console.log(`scry_refs on an anchored symbol: ${Buffer.byteLength(without)} B without memory, +${grown} B with it`);
      assert.ok(grown > 0 && grown <= 300, `grew by ${grown} bytes`);
      // The answer below the line is the same answer.
      assert.equal(
        withMemory
          .split('\n')
          .filter((l) => !l.startsWith('memory '))
          .join('\n'),
        without,
      );
      // symbols FILE carries what was said about the file or code in it, the same way.
      const outline = await text('scry_symbols', { file: 'src/orders.ts' });
      const outlineOff = await text('scry_symbols', { file: 'src/orders.ts', memory: false });
      assert.match(outline, /^memory 2026-03-02 fresh: .*\(episode [0-9a-f]{12}\)$/m, outline);
      assert.doesNotMatch(outlineOff, /^memory /m, outlineOff);
      assert.equal(
        outline
          .split('\n')
          .filter((l) => !l.startsWith('memory '))
          .join('\n'),
        outlineOff,
      );
      const why = await text('scry_why', { symbol: 'processOrder' });
      assert.match(why, /^processOrder: defined at src\/orders\.ts:\d+/);
      assert.match(why, /fresh src\/orders\.ts:\d+: "user: Payments fail/);
    } finally {
      await client.close();
    }
    for (const cmd of ['defs', 'callers', 'impact']) {
      const r = await scry([cmd, 'processOrder', '--format', 'compact'], { home, cwd: repo, env: env() });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^memory 2026-03-02 fresh: /m, `${cmd}: ${r.stdout}`);
      const off = await scry([cmd, 'processOrder', '--format', 'compact', '--no-memory'], { home, cwd: repo, env: env() });
      assert.equal(off.code, 0, off.stderr);
      assert.doesNotMatch(off.stdout, /^memory /m, `${cmd} --no-memory`);
    }
    const outline = await scry(['symbols', 'src/orders.ts', '--format', 'compact'], { home, cwd: repo, env: env() });
    assert.equal(outline.code, 0, outline.stderr);
    assert.match(outline.stdout, /^memory 2026-03-02 fresh: /m, outline.stdout);
    const bare = await scry(['symbols', 'src/orders.ts', '--format', 'compact', '--no-memory'], { home, cwd: repo, env: env() });
    assert.equal(bare.code, 0, bare.stderr);
    assert.doesNotMatch(bare.stdout, /^memory /m, bare.stdout);
    const billing = await run<SymbolsResult>(['symbols', 'src/billing.ts']);
    assert.ok(
      billing.memory?.every((n) => n.state === 'fresh'),
      'billing.ts: its anchors (charge, the file) are fresh',
    );
    const j = await run<QueryResult>(['refs', 'processOrder']);
    assert.equal(j.memory?.length, 1);
    assert.equal(j.memory?.[0]?.state, 'fresh');
  });

  it('a decision remembered about it is what the code answer shows first, and why lists it with its fact', async () => {
    await run(['memory', 'remember', 'Decided: `processOrder` never retries inline; retries live in the queue.', '--entity', 'processOrder', '--cwd', repo]);
    const w = await run<WhyResult>(['why', 'processOrder']);
    const remembered = w.history.filter((h) => h.mention === 'processOrder' && !h.summary.startsWith('Payments fail'));
    assert.equal(remembered.length, 1, JSON.stringify(w.history));
    assert.equal(remembered[0]!.state, 'fresh');
    assert.ok(
      remembered[0]!.facts?.some((f) => f.relation === 'decided' && /never retries inline/.test(f.text)),
      JSON.stringify(remembered[0]),
    );
    // Oldest first: the session of 2026-03-02, then today's note.
    assert.ok(w.history.indexOf(symbolAnchor(w)) < w.history.indexOf(remembered[0]!));
    const r = await scry(['refs', 'processOrder', '--format', 'compact'], { home, cwd: repo, env: env() });
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('memory '));
    assert.equal(lines.length, 2, r.stdout);
    assert.match(lines[0]!, /^memory \d{4}-\d{2}-\d{2} fresh: Decided: `processOrder` never retries inline/);
    assert.match(lines[1]!, /^memory 2026-03-02 fresh: /);
    // The entity's episodes list the code each mentions, with its state now.
    const eps = await scry(['memory', 'episodes', 'processOrder', '--format', 'compact'], { home, cwd: repo, env: env() });
    assert.equal(eps.code, 0, eps.stderr);
    assert.match(eps.stdout, /^- \d{4}-\d{2}-\d{2} manual: .* \[code: processOrder fresh src\/orders\.ts:\d+(;|\])/m, eps.stdout);
  });

  it('body edited: drifted (body changed), at its new line, never fresh', async () => {
    const edited = ORDERS(
      `  if (order.total <= 0) return false;\n  for (let i = 0; i < 3; i++) if (charge(order.id, order.total)) return true;\n  return false;`,
      '// inline retries\n\n',
    );
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), edited);
    await reindex();
    const w = await run<WhyResult>(['why', 'processOrder']);
    const line = lineOf(edited, 'export function processOrder');
    assert.equal(symbolAnchor(w).state, 'drifted');
    assert.equal(symbolAnchor(w).how, 'changed');
    assert.equal(symbolAnchor(w).now, `src/orders.ts:${line}`);
    const text = await whyText();
    assert.match(symbolLine(text), new RegExp(`drifted \\(body changed\\) now src/orders\\.ts:${line}`));
    assert.doesNotMatch(text, /\bfresh\b/);
    const inRecall = await recallCode();
    assert.ok(inRecall.length > 0 && inRecall.every((s) => s === `drifted (body changed) now src/orders.ts:${line}`), JSON.stringify(inRecall));
    assert.match(await refsMemory(), new RegExp(`^memory 2026-03-02 drifted \\(body changed, now src/orders\\.ts:${line}\\): `));
    assert.equal(await episodeCode(w), `drifted (body changed) now src/orders.ts:${line}`);
    const o = await orientText();
    assert.match(o, new RegExp(`^  - code now: processOrder drifted \\(body changed\\) now src/orders\\.ts:${line}(;|$)`, 'm'), o);
    assert.doesNotMatch(o, /processOrder fresh/);
    // The edit is in the working tree: what was decided about processOrder opens the block, with its state now.
    const lines = o.split('\n');
    assert.equal(lines[1], 'What memory says about code changed here (git), state now:', o);
    // billing.ts is anchored too (`charge`), but git shows it unchanged: not in that section.
    assert.ok(!lines.some((l) => l.startsWith('- src/billing.ts')), o);
    // Shown there, the decision is not repeated among the repository's facts.
    assert.equal(o.split('never retries inline').length, 2, o);
    assert.match(
      lines[2]!,
      new RegExp(
        `^- src/orders\\.ts \\(working tree\\): processOrder drifted \\(body changed\\) now src/orders\\.ts:${line}: "Decided: \`processOrder\` never retries inline`,
      ),
      o,
    );
    // It outranks everything else: the smallest budget that holds a line keeps it.
    const head = `${lines.slice(0, 3).join('\n')}\n`;
    const small = await orientText(estimateTokens(head) + 2);
    assert.equal(small, head);
    assert.doesNotMatch(small, /Latest sessions/, small);
  });

  it('moved to another file with the same body: drifted (moved), where it is now', async () => {
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), `export const unused = 1;\n`);
    const moved = `${BILLING}\nexport interface Order { id: string; total: number }\n\nexport function processOrder(order: Order): boolean {\n${BODY}\n}\n`;
    fs.writeFileSync(path.join(repo, 'src', 'billing.ts'), moved);
    fs.writeFileSync(path.join(repo, 'src', 'main.ts'), MAIN('./billing'));
    await reindex();
    const w = await run<WhyResult>(['why', 'processOrder']);
    const line = lineOf(moved, 'export function processOrder');
    assert.equal(w.definition, `src/billing.ts:${line}`);
    assert.equal(symbolAnchor(w).state, 'drifted');
    assert.equal(symbolAnchor(w).how, 'moved');
    assert.equal(symbolAnchor(w).now, `src/billing.ts:${line}`);
    const text = await whyText();
    assert.match(symbolLine(text), new RegExp(`drifted \\(moved\\) now src/billing\\.ts:${line}`));
    assert.doesNotMatch(symbolLine(text), /\bfresh\b/);
    assert.match(await refsMemory(), new RegExp(`^memory 2026-03-02 drifted \\(moved, now src/billing\\.ts:${line}\\): `));
    assert.equal(await episodeCode(w), `drifted (moved) now src/billing.ts:${line}`);
    // Committed on the current branch: the files of that recent commit lead orientation, the commit named.
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'move processOrder to billing']);
    const sha = git(repo, ['rev-parse', '--short', 'HEAD']);
    const o = await orientText();
    assert.match(o, new RegExp(`code now: processOrder drifted \\(moved\\) now src/billing\\.ts:${line}(;|$)`, 'm'), o);
    assert.match(
      o.split('\n')[2]!,
      new RegExp(`^- src/orders\\.ts \\(commit ${sha}\\): processOrder drifted \\(moved\\) now src/billing\\.ts:${line}: "Decided:`),
      o,
    );
    assert.match(o, new RegExp(`^- src/billing\\.ts \\(commit ${sha}`, 'm'), o);
  });

  it('deleted: gone, and the memory is still there to read', async () => {
    fs.writeFileSync(path.join(repo, 'src', 'billing.ts'), BILLING);
    fs.writeFileSync(path.join(repo, 'src', 'main.ts'), `import { charge } from './billing';\n\nexport const ok = charge('a', 3);\n`);
    await reindex();
    const w = await run<WhyResult>(['why', 'processOrder']);
    assert.equal(w.definition, null);
    assert.equal(symbolAnchor(w).state, 'gone');
    assert.equal(symbolAnchor(w).now, undefined);
    const text = await whyText();
    assert.match(symbolLine(text), /gone \(was src\/orders\.ts:\d+\)/);
    assert.doesNotMatch(symbolLine(text), /\bfresh\b/);
    // A name the code no longer has still says what was remembered about it, as gone.
    assert.match(await refsMemory(), /^memory 2026-03-02 gone: /);
    assert.equal(await episodeCode(w), 'gone');
    const o = await orientText();
    assert.match(o, /code now: processOrder gone(;|$)/m, o);
    assert.doesNotMatch(o, /processOrder (fresh|drifted)/, o);
  });
});
