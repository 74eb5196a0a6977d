// An anchor keeps the definition as it was at the session's commit, not as it
// is when the transcript is ingested (issue 25: "the definition's location and
// a hash of its text as they were"). Through a real spawned daemon, on a real
// git repo indexed by the real scip-typescript: commit 1 holds the code the
// session talked about; a session dated after it mentions that code; commit 2,
// made before the transcript is ingested, edits processOrder's body, moves
// refundOrder to another file, renames (git mv) the report file the session
// named, and leaves charge alone. Ingested after commit 2, each anchor's state
// says what changed since the session: processOrder drifted (body changed),
// refundOrder drifted (moved), the report file found under its new name,
// drifted (moved), charge fresh. A path git never had stays text; one written
// short (`legacy/report.ts`) is the one file of the session's commit ending
// that way, found under its new name too, and one that ended two files of the
// commit (`report.ts`: src/draft/report.ts, deleted by commit 2) stays text.
// orderTotal, every line of it rewritten by commit 2 (its signature too), is
// found at the commit by its one declaration in its file: drifted, not fresh.
// Commit 2 also deletes legacyFee: a name nothing has at the ingest, declared once at
// the session's commit, is anchored there and reads gone; a name declared
// nowhere then (neverWritten) stays text.
//
// The transcript is built here (its cwd must be this temp repo), in Claude
// Code's line shape.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { EpisodeResult, WhyResult } from '../../../daemon/protocol';
import { scry, stopDaemon, tempDir } from '../../helpers';
import { commitDayBefore, git, sessionFile, sessionsDir, type Turn } from './session-repo';

const ENV = { SCRY_MEMORY_SWEEP: '0', SCRY_FIRST_INDEX: '0' };
const SESSION_AT = Date.UTC(2026, 2, 2, 10, 0);

const REFUND = `export function refundOrder(order: Order): boolean {
  const back = -order.total;
  return charge(order.id, back);
}
`;
const ORDERS = `import { charge } from './billing';

export interface Order { id: string; total: number }

export function orderTotal(order: Order): number { return order.total; }

export function roundTotal(total: number): number { return Math.round(total * 100) / 100; }

export function processOrder(order: Order): boolean {
  if (order.total <= 0) return false;
  return charge(order.id, order.total);
}

${REFUND}`;
/** Commit 2: processOrder retries inline (its body changed, its line did not), orderTotal is rewritten whole (its name line too), and refundOrder has left for refunds.ts. */
const ORDERS_2 = `import { charge } from './billing';

export interface Order { id: string; total: number }

export function orderTotal(order: Order, tax = 0): number { return order.total * (1 + tax); }

export function processOrder(order: Order): boolean {
  if (order.total <= 0) return false;
  return charge(order.id, order.total) || charge(order.id, order.total);
}
`;
const REFUNDS_2 = `import { charge } from './billing';
import type { Order } from './orders';

// Refunds live apart from orders since commit 2.

${REFUND}`;
const SUM = `export function sumTotals(totals: number[]): number {
  return totals.reduce((a, b) => a + b, 0);
}
`;
const BILLING_2 = `export function charge(id: string, amount: number): boolean {
  return id.length > 0 && amount !== 0;
}

${SUM}`;
/** Another roundTotal, in a file of its own at both commits: the one left once commit 2 drops orders.ts's. */
const FORMAT = `export function roundTotal(x: number): number {
  return Math.round(x);
}
`;
const BILLING = `${BILLING_2}
export function legacyFee(amount: number): number {
  return amount * 0.02;
}
`;
const REPORT = `export function monthly(totals: number[]): number {
  return totals.reduce((a, b) => a + b, 0);
}
`;

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

const transcript = (dir: string, repo: string, id: string, at: number, turns: readonly Turn[]): void => void sessionFile(dir, repo, id, at, turns);

describe('anchors: kept as they were at the session commit, so a change made before the ingest is not fresh', () => {
  let home: string;
  let repo: string;

  async function run<T>(args: string[]): Promise<T> {
    const r = await scry([...args, '--json'], { home, cwd: repo, env: ENV });
    assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  }
  /** The session's anchored mentions, with their state now. */
  async function code(): Promise<Map<string, string>> {
    const w = await run<WhyResult>(['why', 'processOrder']);
    const episode = w.history.find((h) => h.summary.startsWith('Payments fail'))?.episode;
    assert.ok(episode, JSON.stringify(w.history));
    const e = await run<EpisodeResult>(['memory', 'episode', episode]);
    return new Map((e.episode.code ?? []).map((c) => [c.mention, c.state]));
  }

  before(async () => {
    home = tempDir('as-was-home');
    repo = fs.realpathSync(tempDir('as-was-repo'));
    fs.mkdirSync(path.join(repo, 'src', 'legacy'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'orders', version: '1.0.0', private: true }));
    fs.writeFileSync(
      path.join(repo, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs' }, include: ['src'] }),
    );
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), ORDERS);
    fs.writeFileSync(path.join(repo, 'src', 'billing.ts'), BILLING);
    fs.writeFileSync(path.join(repo, 'src', 'legacy', 'report.ts'), REPORT);
    fs.mkdirSync(path.join(repo, 'src', 'draft'));
    fs.writeFileSync(path.join(repo, 'src', 'draft', 'report.ts'), `${REPORT.replace('monthly', 'weekly')}\n${SUM}`);
    fs.writeFileSync(path.join(repo, 'src', 'format.ts'), FORMAT);
    commitDayBefore(repo, 'orders', SESSION_AT);
    // Commit 2, after the session and before its transcript is ingested.
    fs.writeFileSync(path.join(repo, 'src', 'orders.ts'), ORDERS_2);
    fs.writeFileSync(path.join(repo, 'src', 'refunds.ts'), REFUNDS_2);
    fs.writeFileSync(path.join(repo, 'src', 'billing.ts'), BILLING_2);
    fs.mkdirSync(path.join(repo, 'src', 'reports'));
    git(repo, ['mv', 'src/legacy/report.ts', 'src/reports/summary.ts']);
    git(repo, ['rm', '-q', 'src/draft/report.ts']);
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'retry inline; refunds apart; reports']);
    await run(['index', repo, '--force']);
    const dir = sessionsDir(tempDir, 'as-was');
    transcript(dir, repo, '5a1e0000-0000-4000-8000-00000000a5a1', SESSION_AT, [
      ['user', 'Payments fail twice a day. Does `processOrder` retry, and what does `refundOrder` charge?'],
      [
        'assistant',
        '`processOrder` calls `charge` once and never retries; `refundOrder` charges the negative total. The monthly figures come from src/legacy/report.ts, and src/legacy/missing.ts was never written. Its totals are summed in `legacy/report.ts`, as in every `report.ts`. `legacyFee` adds 2%; `neverWritten` was only an idea. `orderTotal` is the bare total; `roundTotal` rounds it to cents and `sumTotals` adds the totals up.',
      ],
    ]);
    const ingested = await run<{ added: number }>(['memory', 'ingest', '--source', 'claude', '--path', dir]);
    assert.equal(ingested.added, 1);
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('a body edited between the session and the ingest is drifted (body changed), never fresh', async () => {
    const c = await code();
    assert.equal(c.get('processOrder'), `drifted (body changed) now src/orders.ts:${lineOf(ORDERS_2, 'export function processOrder')}`, JSON.stringify([...c]));
    const w = await run<WhyResult>(['why', 'processOrder']);
    const h = w.history.find((x) => x.mention === 'processOrder');
    assert.equal(h?.state, 'drifted');
    assert.equal(h?.how, 'changed');
    assert.equal(h?.was, `src/orders.ts:${lineOf(ORDERS, 'export function processOrder')}`);
  });

  it('a function rewritten whole since the session (its signature too) is found where it was declared then: drifted (body changed), never fresh', async () => {
    const c = await code();
    assert.equal(c.get('orderTotal'), `drifted (body changed) now src/orders.ts:${lineOf(ORDERS_2, 'export function orderTotal')}`, JSON.stringify([...c]));
    const w = await run<WhyResult>(['why', 'orderTotal']);
    assert.equal(
      w.history.find((x) => x.mention === 'orderTotal')?.was,
      `src/orders.ts:${lineOf(ORDERS, 'export function orderTotal')}`,
      JSON.stringify(w.history),
    );
  });

  it('a function unchanged since the session is fresh', async () => {
    const c = await code();
    assert.equal(c.get('charge'), 'fresh src/billing.ts:1', JSON.stringify([...c]));
  });

  it('a function moved to another file since the session is drifted (moved), and where it was is kept', async () => {
    const c = await code();
    assert.equal(c.get('refundOrder'), `drifted (moved) now src/refunds.ts:${lineOf(REFUNDS_2, 'export function refundOrder')}`, JSON.stringify([...c]));
    const w = await run<WhyResult>(['why', 'refundOrder']);
    assert.equal(w.history.find((x) => x.mention === 'refundOrder')?.was, `src/orders.ts:${lineOf(ORDERS, 'export function refundOrder')}`);
  });

  it('a path renamed (git mv) since the session is the file now, drifted (moved); a path git never had stays text', async () => {
    const c = await code();
    assert.equal(c.get('src/legacy/report.ts'), 'drifted (moved) now src/reports/summary.ts:1', JSON.stringify([...c]));
    assert.ok(!c.has('src/legacy/missing.ts'), JSON.stringify([...c]));
    // Asked about by its name now, the file carries what the session said of it under its old name.
    const w = await run<WhyResult>(['why', 'src/reports/summary.ts']);
    const h = w.history.find((x) => x.mention === 'src/legacy/report.ts');
    assert.equal(h?.state, 'drifted', JSON.stringify(w.history));
    assert.equal(h?.was, 'src/legacy/report.ts:1');
    assert.equal(h?.now, 'src/reports/summary.ts:1');
  });

  it('a path written short is the one file of the session commit ending that way, renamed since; one ending several files then stays text', async () => {
    const c = await code();
    assert.equal(c.get('legacy/report.ts'), 'drifted (moved) now src/reports/summary.ts:1', JSON.stringify([...c]));
    assert.ok(!c.has('report.ts'), JSON.stringify([...c]));
    const w = await run<WhyResult>(['why', 'src/reports/summary.ts']);
    assert.equal(w.history.find((x) => x.mention === 'legacy/report.ts')?.was, 'src/legacy/report.ts:1', JSON.stringify(w.history));
  });

  it("a name with one definition now, but another at the session's commit in a file the session named, stays text; one whose other was in a file it never named is the one now", async () => {
    const c = await code();
    // roundTotal: orders.ts (the session's file) declared one then, commit 2 removed it; format.ts's is left. Which was meant cannot be told.
    assert.ok(!c.has('roundTotal'), JSON.stringify([...c]));
    const w = await run<WhyResult>(['why', 'roundTotal']);
    assert.equal(w.definition, 'src/format.ts:1', 'the code answer still knows the one definition now');
    // sumTotals: billing.ts (named, through charge) and draft/report.ts (never named, deleted since) declared one; billing.ts's is meant.
    assert.equal(c.get('sumTotals'), `fresh src/billing.ts:${lineOf(BILLING_2, 'export function sumTotals')}`, JSON.stringify([...c]));
  });

  it('a name deleted between the session and the ingest, declared once at the session commit, is gone; one never declared stays text', async () => {
    const c = await code();
    assert.equal(c.get('legacyFee'), 'gone', JSON.stringify([...c]));
    assert.ok(!c.has('neverWritten'), JSON.stringify([...c]));
  });
});
