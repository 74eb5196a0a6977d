// `file.ts:123` in a session anchors to the definition enclosing that line,
// read at the session's commit, through a real spawned daemon on a real git
// repo indexed by the real scip-typescript. After the session a new function
// is written above the one the session talked about, so the line numbers it
// wrote now fall inside the newcomer: only the session's commit says which
// definition they meant. A session older than every commit reads its lines
// as they are now. The anchors are shown with their state like any other:
// processOrder's comment was reworded after the session, so it is drifted
// (body changed) from the start (an anchor keeps the definition as it was at
// the session's commit), and an edit after anchoring keeps it drifted, never
// fresh.
//
// The transcripts are built here (their cwd must be this temp repo), in
// Claude Code's line shape.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { EpisodeResult, WhyResult } from '../../../daemon/protocol';
import { scry, stopDaemon, tempDir } from '../../helpers';
import { commitDayBefore, git, sessionFile, sessionsDir, type Turn } from './session-repo';

const ENV = { SCRY_MEMORY_SWEEP: '0', SCRY_FIRST_INDEX: '0' };
const SESSION_AT = Date.UTC(2026, 2, 2, 10, 0);

const ORDERS = `import { charge } from './billing';

export interface Order { id: string; total: number }

export function processOrder(order: Order): boolean {
  if (order.total <= 0) return false;
  // retries moved to the queue, never inline
  return charge(order.id, order.total);
}
`;
/** After the session: a refund function above processOrder, and processOrder's comment reworded. */
const ORDERS_LATER = `import { charge } from './billing';

export interface Order { id: string; total: number }

export function refund(order: Order): boolean {
  if (order.total <= 0) return false;
  const back = -order.total;
  const ok = charge(order.id, back);
  return ok;
}

export function processOrder(order: Order): boolean {
  if (order.total <= 0) return false;
  // retries live in the queue worker
  return charge(order.id, order.total);
}
`;
const BILLING = `export function charge(id: string, amount: number): boolean {
  return id.length > 0 && amount !== 0;
}
`;

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
/** The lines the session writes about: processOrder's charge call and its comment, charge's body, the import. */
const CALL = lineOf(ORDERS, 'return charge(order.id, order.total)');
const COMMENT = lineOf(ORDERS, '// retries moved');

const transcript = (dir: string, repo: string, id: string, at: number, turns: readonly Turn[]): string => sessionFile(dir, repo, id, at, turns);

describe('anchors: file.ts:123 names the definition around that line, at the session commit', () => {
  let home: string;
  let repo: string;

  async function run<T>(args: string[]): Promise<T> {
    const r = await scry([...args, '--json'], { home, cwd: repo, env: ENV });
    assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  }
  /** The anchored mentions of the episode that holds this session's first line, with their state now. */
  async function codeOf(session: string): Promise<Map<string, string>> {
    const w = await run<WhyResult>(['why', 'src/orders.ts']);
    const episode = w.history.find((h) => h.summary.startsWith(session))?.episode;
    assert.ok(episode, `no episode of "${session}" in ${JSON.stringify(w.history)}`);
    const e = await run<EpisodeResult>(['memory', 'episode', episode]);
    return new Map((e.episode.code ?? []).map((c) => [c.mention, c.state]));
  }

  before(async () => {
    home = tempDir('file-line-home');
    repo = fs.realpathSync(tempDir('file-line-repo'));
    fs.mkdirSync(path.join(repo, 'src'));
    fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'orders', version: '1.0.0', private: true }));
    fs.writeFileSync(
      path.join(repo, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs' }, include: ['src'] }),
    );
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), ORDERS);
    fs.writeFileSync(path.join(repo, 'src', 'billing.ts'), BILLING);
    commitDayBefore(repo, 'orders', SESSION_AT);
    // After the session: refund is written above processOrder, and processOrder's comment is reworded.
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), ORDERS_LATER);
    git(repo, ['commit', '-q', '-am', 'refund']);
    await run(['index', repo, '--force']);
    const dir = sessionsDir(tempDir, 'file-line');
    transcript(dir, repo, '5a1e0000-0000-4000-8000-00000000f001', SESSION_AT, [
      ['user', 'Payments fail twice a day. Where does it charge?'],
      [
        'assistant',
        `At src/orders.ts:${CALL} it calls charge once, and the comment at src/orders.ts:${COMMENT} says why. The check itself is billing.ts:2, and src/orders.ts:1 imports it.`,
      ],
    ]);
    // A session older than every commit: its lines are read as the file is now (line 7 is inside refund today).
    transcript(dir, repo, '5a1e0000-0000-4000-8000-00000000f002', SESSION_AT - 10 * 86_400_000, [
      ['user', 'Older question: what does the code at src/orders.ts:7 do, and why is the amount negative there?'],
      [
        'assistant',
        'That line computes the amount handed back to the customer: a refund charges the negative total, so the billing check sees a non-zero amount and lets it through.',
      ],
      ['user', 'Fine, leave it as it is for now and we will revisit the refund path after the payments incident is closed.'],
      ['assistant', 'Understood: no change to the refund path today; I noted it for the follow-up after the incident review.'],
    ]);
    const ingested = await run<{ added: number }>(['memory', 'ingest', '--source', 'claude', '--path', dir]);
    assert.equal(ingested.added, 2);
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
  });

  it("anchors each line to the definition around it in the session's commit, shown where it is now", async () => {
    const code = await codeOf('Payments fail');
    const processOrder = lineOf(ORDERS_LATER, 'export function processOrder');
    assert.ok(
      lineOf(ORDERS_LATER, 'export function refund') <= CALL && CALL <= lineOf(ORDERS_LATER, 'return ok;'),
      'the line the session wrote is inside refund today',
    );
    // processOrder's comment was reworded after the session: it has changed since the session spoke of it.
    assert.equal(code.get(`src/orders.ts:${CALL} (processOrder)`), `drifted (body changed) now src/orders.ts:${processOrder}`, JSON.stringify([...code]));
    // The comment line itself: the unchanged lines around the edit are still inside processOrder.
    assert.equal(code.get(`src/orders.ts:${COMMENT} (processOrder)`), `drifted (body changed) now src/orders.ts:${processOrder}`, JSON.stringify([...code]));
    // charge is as the session saw it.
    assert.equal(code.get('billing.ts:2 (charge)'), 'fresh src/billing.ts:1', JSON.stringify([...code]));
    // Outside every definition: the file, at the line written; the file has changed since the session.
    assert.equal(code.get('src/orders.ts:1'), 'drifted (body changed) now src/orders.ts:1', JSON.stringify([...code]));
    // Nothing was anchored to refund, which the session never saw.
    assert.ok(![...code.keys()].some((k) => k.includes('(refund)')), JSON.stringify([...code]));
    // What memory says about processOrder now holds the line mentions.
    const w = await run<WhyResult>(['why', 'processOrder']);
    const mentions = w.history.filter((h) => h.state === 'drifted' && h.how === 'changed').map((h) => h.mention);
    assert.ok(mentions.includes(`src/orders.ts:${CALL}`) && mentions.includes(`src/orders.ts:${COMMENT}`), JSON.stringify(w.history));
  });

  it('reads a session older than every commit at the lines as they are now', async () => {
    const code = await codeOf('Older question');
    assert.equal(code.get('src/orders.ts:7 (refund)'), `fresh src/orders.ts:${lineOf(ORDERS_LATER, 'export function refund')}`, JSON.stringify([...code]));
  });

  it('an edit after anchoring makes the line anchor drifted, at the new line, never fresh', async () => {
    const edited = ORDERS_LATER.replace(
      '  if (order.total <= 0) return false;\n  // retries live',
      '  if (order.total <= 0 || !order.id) return false;\n  // retries live',
    );
    assert.notEqual(edited, ORDERS_LATER);
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), `// orders\n${edited}`);
    await run(['index', repo, '--force']);
    const code = await codeOf('Payments fail');
    const now = lineOf(`// orders\n${edited}`, 'export function processOrder');
    assert.equal(code.get(`src/orders.ts:${CALL} (processOrder)`), `drifted (body changed) now src/orders.ts:${now}`, JSON.stringify([...code]));
    const r = await scry(['why', 'processOrder', '--format', 'compact'], { home, cwd: repo, env: ENV });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, new RegExp(`fresh [^\\n]*src/orders\\.ts:${CALL}\\b`), r.stdout);
  });
});
