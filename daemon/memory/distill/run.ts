// Autonomous runs: a directory holding state.json (and optionally report.md),
// in the format described in RUN_FORMAT.md. A run is one session: the goal is
// the user's turn, each iteration the agent's, gate feedback the loop's
// answer, the report the outcome.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { DistilledSession, Turn } from '../episode';
import { redact } from '../redact';
import { asRecord, asString } from './jsonl';
import { ErrorCode, ScryError } from '../../errors';
import { assembleSession } from './session';

/** A run directory whose state.json is missing or does not have the documented shape. */
export class RunFormatError extends ScryError {
  override readonly code = ErrorCode.RunFormat;
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`, 'See "Autonomous runs" in the README for the expected state.json');
  }
}

interface Iteration {
  n: number;
  plan?: string;
  summary?: string;
  gate?: { verdict?: string; reason?: string };
  feedback?: string;
  cost_usd?: number;
}

/**
 * Distills a run directory (or its state.json). Turn line numbers are ordinal
 * positions, not lines of state.json: 1 is the goal, then two slots per
 * iteration (its work, the feedback it got), then the report. They only grow
 * as a run adds iterations, which is what incremental re-ingest needs.
 */
export async function distillRun(dirOrState: string): Promise<DistilledSession> {
  const dir = path.basename(dirOrState) === 'state.json' ? path.dirname(dirOrState) : dirOrState;
  const file = path.resolve(dir, 'state.json');
  let raw: Buffer;
  try {
    raw = await fs.readFile(file);
  } catch {
    throw new RunFormatError(file, 'no state.json in the run directory');
  }
  let state: Record<string, unknown> | undefined;
  try {
    state = asRecord(JSON.parse(raw.toString('utf8')));
  } catch {
    // A run writing its state right now: the next pass reads it whole.
    throw new RunFormatError(file, 'state.json is not valid JSON (being written?)');
  }
  if (!state) throw new RunFormatError(file, 'state.json is not an object');
  const id = asString(state.id);
  const goal = asString(state.goal);
  if (!id || !goal) throw new RunFormatError(file, 'state.json needs string fields "id" and "goal"');
  const iterations = (Array.isArray(state.iterations) ? state.iterations : []).map(asIteration).filter((i): i is Iteration => i !== undefined);

  const startedAt = asString(state.started_at);
  const finishedAt = asString(state.finished_at);
  const status = asString(state.status) ?? 'unknown';
  const cwd = asString(state.cwd);
  const turns: Turn[] = [];
  let redactions = 0;
  const push = (role: Turn['role'], text: string, slot: number, at?: string): void => {
    const r = redact(text.trim());
    if (r.text.length === 0) return;
    redactions += r.count;
    const t: Turn = { role, text: r.text, lineStart: slot, lineEnd: slot };
    if (at) t.at = at;
    turns.push(t);
  };

  push('user', `Goal: ${goal}`, 1, startedAt);
  let cost = 0;
  iterations.forEach((it, i) => {
    const lines = [`Iteration ${it.n}`];
    if (it.plan) lines.push(`Plan: ${it.plan}`);
    if (it.summary) lines.push(`Summary: ${it.summary}`);
    if (it.gate?.verdict) lines.push(`Gate: ${it.gate.verdict}${it.gate.reason ? ` (${it.gate.reason})` : ''}`);
    if (typeof it.cost_usd === 'number') {
      cost += it.cost_usd;
      lines.push(`Cost: $${it.cost_usd.toFixed(2)}`);
    }
    push('assistant', lines.join('\n'), 2 + 2 * i);
    if (it.feedback) push('user', `Feedback: ${it.feedback}`, 3 + 2 * i);
  });
  const reportSlot = 2 + 2 * iterations.length;
  const report = await fs.readFile(path.join(dir, 'report.md'), 'utf8').catch(() => undefined);
  const outcome = [`Status: ${status}${iterations.length ? `, ${iterations.length} iterations, $${cost.toFixed(2)}` : ''}`];
  if (report?.trim()) outcome.push(report.trim());
  push('assistant', outcome.join('\n\n'), reportSlot, finishedAt);

  return assembleSession(
    {
      source: 'run',
      path: file,
      sessionId: id,
      title: goal.split('\n', 1)[0]!.slice(0, 200),
      turns,
      consumedBytes: raw.length,
      lines: reportSlot,
      unknownTypes: {},
      malformedLines: 0,
      redactions,
    },
    { cwd, startedAt, endedAt: finishedAt },
  );
}

function asIteration(v: unknown, i: number): Iteration | undefined {
  const r = asRecord(v);
  if (!r) return undefined;
  const gate = asRecord(r.gate);
  const it: Iteration = { n: typeof r.n === 'number' ? r.n : i + 1 };
  const plan = asString(r.plan);
  const summary = asString(r.summary);
  const feedback = asString(r.feedback);
  if (plan) it.plan = plan;
  if (summary) it.summary = summary;
  if (feedback) it.feedback = feedback;
  if (gate) {
    const g: Iteration['gate'] = {};
    const verdict = asString(gate.verdict);
    const reason = asString(gate.reason);
    if (verdict) g.verdict = verdict;
    if (reason) g.reason = reason;
    it.gate = g;
  }
  if (typeof r.cost_usd === 'number') it.cost_usd = r.cost_usd;
  return it;
}
