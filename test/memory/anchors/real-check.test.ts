// The hand check of anchoring on agentcmd's own sessions
// (test/fixtures/anchors/agentcmd/check.json, see its SOURCES.md): every
// mention the measurement found is labelled, each label agrees with what the
// resolver did, the summary is recomputed from the labels, and the mentions
// are still the ones today's detector finds in the committed transcripts (a
// changed detector means the check must be redone, not edited to fit).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { findMentions } from '../../../daemon/memory/anchors';
import { ROOT } from '../../helpers';
import { consoleParts } from './real/console';

const DIR = path.join(ROOT, 'test', 'fixtures', 'anchors', 'agentcmd');
interface Checked {
  session: string;
  part: 'prose' | 'tools';
  mention: string;
  anchored?: { kind: string; file: string; line: number; library?: string };
  unresolved?: string;
  refers_to: 'repo' | 'gone' | 'library' | 'generic' | 'asset' | 'folder' | 'outside' | 'doc';
  verdict: 'right' | 'wrong' | 'missed' | 'correctly-unresolved';
  /** Measured with the session's commit (BookMinder through history): where the anchor stood there (null: not in the repo then), and its state now. */
  at_commit?: { file: string; line: number } | null;
  state?: string;
  /** A gone mention: what it names was in the repo at the session's commit (at that path or name, or the one git renamed it from). */
  at_session_commit?: boolean;
}
type Check = { summary: Record<string, unknown>; checked: Array<Checked & { relabelled?: { from: string; to: string } }> };
type Measured = { mentions: Array<Omit<Checked, 'refers_to' | 'verdict'>> };
/** Text matched as itself in a RegExp. */
const escaped = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const read = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as T;
const check = read<Check>('check.json');
/**
 * The first measurement (check.json, mentions.json), the one after the
 * resolver learned context (check-2.json, mentions-2.json), and the one after
 * `file.ts:123` named the definition around its line (check-3.json,
 * mentions-3.json).
 */
const ROUNDS: Array<[string, Check, Measured]> = [
  ['first', check, read<Measured>('mentions.json')],
  ['second', read<Check>('check-2.json'), read<Measured>('mentions-2.json')],
  ['third', read<Check>('check-3.json'), read<Measured>('mentions-3.json')],
  // After a library's symbol the repo uses came to be anchored (check-4.json, mentions-4.json).
  ['fourth', read<Check>('check-4.json'), read<Measured>('mentions-4.json')],
  // The same with agentcmd's dependencies installed before indexing, as a developer's checkout has them (check-5.json, mentions-5.json).
  ['fifth', read<Check>('check-5.json'), read<Measured>('mentions-5.json')],
];

/** A later check keeps what each mention refers to, but for the labels it says it changed; a resolution that changed was re-read by hand and says so. */
function sameReferents(before: Check, after: Check, round: string, noted = true): void {
  before.checked.forEach((c, i) => {
    const d = after.checked[i]!;
    assert.equal(`${d.session}|${d.mention}`, `${c.session}|${c.mention}`);
    if (d.relabelled) {
      assert.deepEqual([d.relabelled.from, d.relabelled.to], [c.refers_to, d.refers_to], d.mention);
      console.log(`relabelled in the ${round} check: ${d.mention} ${d.relabelled.from} -> ${d.relabelled.to}`);
    } else assert.equal(d.refers_to, c.refers_to, d.mention);
    if (noted && JSON.stringify([c.anchored, c.unresolved]) !== JSON.stringify([d.anchored, d.unresolved]))
      assert.match(
        (d as { note?: string }).note ?? '',
        /re-read|relabelled|labelled by hand/,
        `${d.mention}: its resolution changed in the ${round} check without a hand note`,
      );
  });
}

const TRANSCRIPTS: Record<string, string> = {
  'jnarowski-06381696-0074-49f8-863e-6ad4fac507f9.jsonl': path.join(
    ROOT,
    'test',
    'fixtures',
    'memory',
    'claude',
    'real',
    'jnarowski-06381696-0074-49f8-863e-6ad4fac507f9.jsonl',
  ),
  'jnarowski-full-session-four.jsonl': path.join(ROOT, 'test', 'fixtures', 'memory', 'claude', 'real', 'jnarowski-full-session-four.jsonl'),
  'full-session-five.jsonl': path.join(DIR, 'full-session-five.jsonl'),
  'full-session-two.jsonl': path.join(DIR, 'full-session-two.jsonl'),
  'full-session.jsonl': path.join(DIR, 'full-session.jsonl'),
};

/** The prose of a session as the measurement reads it: user and assistant text and thinking. */
function prose(file: string): string {
  const out: string[] = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!raw.trim()) continue;
    const l = JSON.parse(raw) as { type?: string; isMeta?: boolean; message?: { content?: unknown } };
    if ((l.type !== 'user' && l.type !== 'assistant') || l.isMeta) continue;
    const c = l.message?.content;
    const blocks =
      typeof c === 'string' ? [{ type: 'text', text: c }] : Array.isArray(c) ? (c as Array<{ type?: string; text?: string; thinking?: string }>) : [];
    for (const b of blocks) {
      const t = b.type === 'text' ? b.text : b.type === 'thinking' ? b.thinking : undefined;
      if (typeof t === 'string' && !/^<(command-|local-command|system-reminder)/.test(t.trim())) out.push(`${l.type}: ${t}`);
    }
  }
  return out.join('\n\n');
}

describe('anchors on real sessions about real code: the hand check', () => {
  for (const [round, check, measured] of ROUNDS) {
    it(`${round} check: labels every mention measured, at least 50, each label agreeing with what the resolver did`, () => {
      assert.ok(check.checked.length >= 50, `${check.checked.length} checked`);
      assert.deepEqual(
        check.checked.map((c) => `${c.session}|${c.part}|${c.mention}`),
        measured.mentions.map((m) => `${m.session}|${m.part}|${m.mention}`),
      );
      check.checked.forEach((c, i) => {
        assert.deepEqual([c.anchored, c.unresolved], [measured.mentions[i]!.anchored, measured.mentions[i]!.unresolved], c.mention);
        if (c.verdict === 'right' || c.verdict === 'wrong') assert.ok(c.anchored, `${c.mention}: ${c.verdict} but not anchored`);
        else assert.ok(c.unresolved, `${c.mention}: ${c.verdict} but anchored`);
        if (c.verdict === 'missed') assert.equal(c.refers_to, 'repo', c.mention);
        // An anchor to a library's symbol is right only for a mention the hand check says names a library.
        if (c.anchored?.library !== undefined && c.verdict === 'right') assert.equal(c.refers_to, 'library', c.mention);
      });
    });

    it(`${round} check: reports the shares the labels give`, () => {
      const n = check.checked.length;
      const anchored = check.checked.filter((c) => c.anchored).length;
      const wrong = check.checked.filter((c) => c.verdict === 'wrong').length;
      const repo = check.checked.filter((c) => c.refers_to === 'repo');
      const s = check.summary;
      assert.equal(s.mentions, n);
      assert.equal(s.anchored, anchored);
      assert.equal(s.wrong, wrong);
      assert.equal(s.naming_repo_code_now, repo.length);
      assert.equal(s.of_those_anchored, repo.filter((c) => c.anchored).length);
      console.log(
        `agentcmd (${round} check): ${anchored}/${n} mentions anchored (${((100 * anchored) / n).toFixed(1)}%), ${wrong} wrong (${((100 * wrong) / anchored).toFixed(1)}% of anchors); of the ${repo.length} naming code in the repo at that commit, ${repo.filter((c) => c.anchored).length} anchored`,
      );
    });
  }

  it('each later check keeps what each mention refers to from the one before, but for the labels it says it changed', () => {
    // The second check predates the rule that a changed resolution carries its hand note.
    for (let r = 1; r < ROUNDS.length; r++) sameReferents(ROUNDS[r - 1]![1], ROUNDS[r]![1], ROUNDS[r]![0], r >= 2);
  });

  it("the mentions in prose are the ones today's detector finds in the committed transcripts", () => {
    for (const [session, file] of Object.entries(TRANSCRIPTS)) {
      const found = [...new Set(findMentions(prose(file)).map((m) => m.text))];
      const checked = check.checked.filter((c) => c.session === session && c.part === 'prose').map((c) => c.mention);
      assert.deepEqual(checked, found, session);
    }
  });
});

/**
 * The second set (test/fixtures/anchors/bookminder, see its SOURCES.md): three
 * console transcripts of palimondo/BookMinder's own sessions, each measured
 * against the commit that added it, labelled by hand before any rule was
 * changed for it. Same checks as above, and the tool inputs too (console.ts
 * gives both parts of a console transcript).
 */
describe('anchors on a second real set (BookMinder, Python): the hand check', () => {
  const BM = path.join(ROOT, 'test', 'fixtures', 'anchors', 'bookminder');
  const readBm = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(BM, name), 'utf8')) as T;
  type Runs = Measured & { runs: Array<{ session: string; commit: string }> };
  /**
   * Labelled before any rule was changed for it (check.json), then after
   * (check-2.json): file.ts:123 and `@path`; then after the detector took a
   * path whole (check-3.json), which changed the mention list itself; then
   * through history (check-4.json): each day resolved at its session's
   * commit in a clone with its history, after the detector dropped globs,
   * placeholders and revision ranges.
   */
  const BM_ROUNDS: Array<[string, Check, Runs]> = [
    ['before tuning', readBm<Check>('check.json'), readBm<Runs>('mentions.json')],
    ['after', readBm<Check>('check-2.json'), readBm<Runs>('mentions-2.json')],
    ['paths whole', readBm<Check>('check-3.json'), readBm<Runs>('mentions-3.json')],
    ['through history', readBm<Check>('check-4.json'), readBm<Runs>('mentions-4.json')],
  ];
  /** Today's detector is checked against the newest measurement. */
  const [, bm, measured] = BM_ROUNDS[BM_ROUNDS.length - 1]!;

  for (const [round, bm, measured] of BM_ROUNDS) {
    it(`${round}: labels every mention measured, at least 50, each label agreeing with what the resolver did`, () => {
      assert.ok(bm.checked.length >= 50, `${bm.checked.length} checked`);
      assert.deepEqual(
        bm.checked.map((c) => `${c.session}|${c.part}|${c.mention}`),
        measured.mentions.map((m) => `${m.session}|${m.part}|${m.mention}`),
      );
      bm.checked.forEach((c, i) => {
        assert.deepEqual([c.anchored, c.unresolved], [measured.mentions[i]!.anchored, measured.mentions[i]!.unresolved], c.mention);
        if (c.verdict === 'right' || c.verdict === 'wrong') assert.ok(c.anchored, `${c.mention}: ${c.verdict} but not anchored`);
        else assert.ok(c.unresolved, `${c.mention}: ${c.verdict} but anchored`);
        // A miss names code or a file that is there: now, or (through history) at the session's commit.
        if (c.verdict === 'missed') assert.ok(c.refers_to === 'repo' || c.at_session_commit === true, c.mention);
        // An anchor to a library's symbol is right only for a mention the hand check says names a library.
        if (c.anchored?.library !== undefined && c.verdict === 'right') assert.equal(c.refers_to, 'library', c.mention);
      });
    });

    it(`${round}: reports the shares the labels give`, () => {
      const n = bm.checked.length;
      const anchored = bm.checked.filter((c) => c.anchored).length;
      const wrong = bm.checked.filter((c) => c.verdict === 'wrong').length;
      const repo = bm.checked.filter((c) => c.refers_to === 'repo');
      const s = bm.summary;
      assert.deepEqual(
        [s.mentions, s.anchored, s.wrong, s.naming_repo_code_now, s.of_those_anchored],
        [n, anchored, wrong, repo.length, repo.filter((c) => c.anchored).length],
      );
      console.log(
        `bookminder (${round}): ${anchored}/${n} mentions anchored (${((100 * anchored) / n).toFixed(1)}%), ${wrong} wrong (${((100 * wrong) / anchored).toFixed(1)}% of anchors); of the ${repo.length} naming code or files in the repo at that commit, ${repo.filter((c) => c.anchored).length} anchored`,
      );
    });
  }

  it('through history: each anchor agrees with where the resolver kept it at the session commit and the state it read; a gone anchor stood there and reads moved or gone, never fresh', () => {
    const [, check4, m4] = BM_ROUNDS[3]!;
    assert.deepEqual(
      m4.runs.map((r) => [r.session, r.commit, (r as { session_commit?: string }).session_commit]),
      [
        ['day-007.md', '2dbde63', 'a21f7fa91a6280280b27be16675e810ef52ddee8'],
        ['day-009.md', '8a5458d', '3227c75224e7e84b73c136456bfd5642bccf5323'],
        ['day-010.md', '3ec3b98', 'cbb07e3af9d181833fae1a8de7b2f3138d6b86ac'],
      ],
    );
    const measured = m4.mentions as Array<Omit<Checked, 'refers_to' | 'verdict'>>;
    let gone = 0;
    check4.checked.forEach((c, i) => {
      const m = measured[i]!;
      assert.deepEqual([c.at_commit, c.state], [m.at_commit, m.state], c.mention);
      if (c.anchored) assert.match(c.state ?? '', /^(fresh|drifted|gone)/, c.mention);
      else assert.equal(c.at_commit, undefined, c.mention);
      assert.equal(c.at_session_commit !== undefined, c.refers_to === 'gone', `${c.mention}: at_session_commit is said of a gone mention, and only of one`);
      if (c.refers_to !== 'gone' || !c.anchored) return;
      gone++;
      assert.equal(c.at_session_commit, true, `${c.mention}: anchored, yet what it names was not there at the session's commit`);
      assert.ok(c.at_commit, `${c.mention}: a gone mention anchored but not placed at the session's commit`);
      assert.doesNotMatch(c.state!, /^fresh/, `${c.mention}: not at that path now, yet fresh`);
      assert.match(
        (c as { note?: string }).note ?? '',
        new RegExp(`${escaped(c.at_commit.file)}.*reads ${c.state!.split(' ')[0]!}`),
        `${c.mention}: its note says where it anchored at the commit and what it reads now`,
      );
    });
    console.log(`bookminder (through history): ${gone} mentions of files moved since the session anchored where they were at its commit`);
  });

  it('through history: a mention kept keeps its label, one whose resolution changed was re-read by hand, and each one dropped was correctly unresolved and says why', () => {
    const key = (c: Pick<Checked, 'session' | 'part' | 'mention'>): string => `${c.session}|${c.part}|${c.mention}`;
    const before = new Map(BM_ROUNDS[2]![1].checked.map((c) => [key(c), c]));
    const after = BM_ROUNDS[3]![1] as Check & { dropped: Array<Checked & { note: string }> };
    let changed = 0;
    for (const c of after.checked) {
      const was = before.get(key(c));
      const note = (c as { note?: string }).note ?? '';
      if (!was) {
        assert.match(note, /labelled by hand|re-read by hand/, `${c.mention}: new in check-4 without a hand note`);
        continue;
      }
      assert.equal(c.refers_to, was.refers_to, c.mention);
      if (JSON.stringify([c.anchored, c.unresolved]) === JSON.stringify([was.anchored, was.unresolved])) {
        assert.equal(c.verdict, was.verdict, c.mention);
        continue;
      }
      changed++;
      assert.match(note, /re-read by hand/i, `${c.mention}: its resolution changed in check-4 without a hand note`);
    }
    const kept = new Set(after.checked.map(key));
    const dropped = [...before.values()].filter((c) => !kept.has(key(c)));
    assert.deepEqual(after.dropped.map(key), dropped.map(key));
    for (const d of after.dropped) {
      assert.equal(d.verdict, 'correctly-unresolved', d.mention);
      assert.equal(d.verdict, before.get(key(d))!.verdict, d.mention);
      assert.match(d.note, /re-read by hand/i, d.mention);
    }
    console.log(
      `bookminder (through history): ${changed} resolutions changed, ${dropped.length} mentions dropped by the detector (none an anchor or a miss), ${after.checked.length - (before.size - dropped.length)} new`,
    );
  });

  it('through history: of the mentions naming code or a file there at the session commit or now, the share anchored', () => {
    const [, check4] = BM_ROUNDS[3]!;
    const named = check4.checked.filter((c) => c.refers_to === 'repo' || c.at_session_commit === true);
    const s = check4.summary;
    assert.deepEqual([s.naming_code_then_or_now, s.of_those_anchored_then_or_now], [named.length, named.filter((c) => c.anchored).length]);
    console.log(
      `bookminder (through history): of the ${named.length} mentions naming code or a file in the repo at the session's commit or now, ${named.filter((c) => c.anchored).length} anchored`,
    );
  });

  it('the check after tuning keeps what each mention refers to; every resolution that changed was re-read by hand', () => {
    sameReferents(BM_ROUNDS[0]![1], BM_ROUNDS[1]![1], 'after');
  });

  it('paths whole: a mention kept keeps its label and resolution, a new one was labelled by hand, and only correctly unresolved pieces are gone', () => {
    const key = (c: Checked): string => `${c.session}|${c.part}|${c.mention}`;
    const before = new Map(BM_ROUNDS[1]![1].checked.map((c) => [key(c), c]));
    const after = BM_ROUNDS[2]![1].checked;
    let added = 0;
    for (const c of after) {
      const was = before.get(key(c));
      if (was) {
        assert.deepEqual([c.refers_to, c.verdict, c.anchored, c.unresolved], [was.refers_to, was.verdict, was.anchored, was.unresolved], c.mention);
        continue;
      }
      added++;
      assert.match((c as { note?: string }).note ?? '', /labelled by hand/, `${c.mention}: new in check-3 without a hand note`);
    }
    const kept = new Set(after.map(key));
    const dropped = [...before.values()].filter((c) => !kept.has(key(c)));
    // A dropped mention never was an anchor (right or wrong) or a miss: the figures lose nothing they counted.
    for (const c of dropped) assert.equal(c.verdict, 'correctly-unresolved', c.mention);
    assert.equal(after.length, before.size - dropped.length + added);
    console.log(`bookminder (paths whole): ${dropped.length} pieces of paths dropped, ${added} whole paths new, all correctly unresolved`);
  });

  it("the mentions are the ones today's detector finds in the committed transcripts, prose and tool inputs", () => {
    for (const run of measured.runs) {
      const parts = consoleParts(fs.readFileSync(path.join(BM, run.session), 'utf8'));
      assert.equal(parts.cwd, '/Users/palimondo/Developer/BookMinder', run.session);
      for (const part of ['prose', 'tools'] as const) {
        const found = [...new Set(findMentions(parts[part]).map((m) => m.text))];
        const checked = bm.checked.filter((c) => c.session === run.session && c.part === part).map((c) => c.mention);
        assert.deepEqual(checked, found, `${run.session} ${part}`);
      }
    }
  });
});
