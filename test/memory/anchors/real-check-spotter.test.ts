// The hand check of anchoring on spotter's own Claude Code sessions
// (test/fixtures/anchors/spotter, see its SOURCES.md): measured through the
// real daemon by real/measure-spotter.ts, twice (mentions.json, then
// mentions-2.json after the Elixir indexer and the detector's and resolver's
// changes), each with a sample drawn by the seeded rule fixed before any
// result, labelled by hand (check.json, check-2.json).
// No daemon here: the committed JSON is checked against the labels, the rule
// and today's detector. For each round the labels agree with what the daemon
// stored, the sample is the one the rule draws from that round's rows, and
// the summary is recomputed from labels and rows. Only the newest round's
// rows must still be what today's detector finds in the committed
// transcripts, distilled and cut into episodes as the daemon does (a changed
// detector or distiller means a new round must be measured and checked).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { findMentions } from '../../../daemon/memory/anchors';
import { chunkSession } from '../../../daemon/memory/chunk';
import { SOURCES } from '../../../daemon/memory/sources';
import { tempDir } from '../../helpers';
import { pointedAt, sampleOf, SPOTTER_COMMIT, SPOTTER_DIR, SPOTTER_SESSIONS, type Row } from './real/measure-spotter';

interface Checked extends Omit<Row, 'at'> {
  refers_to: 'repo' | 'gone' | 'library' | 'generic' | 'asset' | 'folder' | 'outside' | 'doc';
  verdict: 'right' | 'wrong' | 'missed' | 'correctly-unresolved';
  names: string;
  note: string;
  miss?: string;
}
interface Measured {
  commit: string;
  checkout: string;
  counts: {
    episodes: number;
    rows: { mentions: number; anchored: number };
    distinct_pairs: { mentions: number; anchored: number };
    by_kind: Record<string, number>;
  };
  mentions: Row[];
  sample: Array<Row & { said: string }>;
}
const read = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(SPOTTER_DIR, name), 'utf8')) as T;
interface Summary {
  measured: Record<string, number>;
  mentions: number;
  anchored: number;
  anchored_share: number;
  wrong: number;
  wrong_share_of_anchors: number;
  wrong_share_of_mentions?: number;
  naming_repo_code_now: number;
  of_those_anchored: number;
  of_those_anchored_share: number;
  by_class: Record<string, number>;
  missed: number;
  missed_by_cause: Record<string, number>;
}
// Each measurement with its hand check, oldest first; the last is the one today's detector must reproduce.
const ROUNDS = [
  { name: 'round 1', mentions: 'mentions.json', check: 'check.json' },
  { name: 'round 2', mentions: 'mentions-2.json', check: 'check-2.json' },
  // One resolver rule later (a name another file declared at the session's commit and no more): the same rows, the same sample.
  { name: 'round 3', mentions: 'mentions-3.json', check: 'check-3.json' },
].map((r) => ({ ...r, measured: read<Measured>(r.mentions), check: read<{ summary: Summary; checked: Checked[] }>(r.check) }));
const newest = ROUNDS[ROUNDS.length - 1]!;
const key = (r: Pick<Row, 'session' | 'episode' | 'offset' | 'mention'>): string => `${r.session}|${r.episode}|${r.offset}|${r.mention}`;
const pct = (a: number, n: number): string => `${((100 * a) / n).toFixed(1)}%`;
const share = (a: number, n: number): number => Math.round((1000 * a) / n) / 1000;
const firstRows = (rows: readonly Row[]): Row[] => {
  const firsts = new Map<string, Row>();
  for (const r of rows) if (!firsts.has(`${r.session}|${r.mention}`)) firsts.set(`${r.session}|${r.mention}`, r);
  return [...firsts.values()];
};

describe('anchors on a third real set (spotter, Elixir, through the daemon): the hand check', () => {
  for (const { name, measured, check } of ROUNDS) {
    describe(`${name} (${name === newest.name ? 'newest' : 'kept as it was measured'})`, () => {
      it('was measured against the commit that added the transcripts, each row placed at a commit of its history', () => {
        assert.equal(measured.commit, SPOTTER_COMMIT);
        assert.deepEqual([...new Set(measured.mentions.map((r) => r.session))].sort(), [...SPOTTER_SESSIONS].sort());
        for (const r of measured.mentions) assert.match(r.git_commit ?? '', /^[0-9a-f]{40}$/, `${r.mention}: no session commit`);
      });

      it('the sample is the one the seeded rule draws from the rows: each distinct (session, mention) at its first row', () => {
        assert.deepEqual(measured.sample.map(key), sampleOf(firstRows(measured.mentions)).map(key));
      });

      it('labels at least 50 sampled mentions, each label agreeing with what the daemon stored', () => {
        assert.ok(check.checked.length >= 50, `${check.checked.length} checked`);
        assert.deepEqual(check.checked.map(key), measured.sample.map(key));
        check.checked.forEach((c, i) => {
          const m = measured.sample[i]!;
          assert.deepEqual([c.anchored, c.unresolved, c.backticked, c.git_commit], [m.anchored, m.unresolved, m.backticked, m.git_commit], c.mention);
          if (c.verdict === 'right' || c.verdict === 'wrong') assert.ok(c.anchored, `${c.mention}: ${c.verdict} but not anchored`);
          else assert.ok(c.unresolved, `${c.mention}: ${c.verdict} but anchored`);
          if (c.verdict === 'missed') {
            assert.equal(c.refers_to, 'repo', c.mention);
            assert.ok(c.miss, `${c.mention}: a miss says why`);
          }
          if (c.anchored?.library !== undefined && c.verdict === 'right') assert.equal(c.refers_to, 'library', c.mention);
          assert.ok(c.note.length > 0, `${c.mention}: no note`);
        });
      });

      it('reports the shares the rows and the labels give', () => {
        const rows = measured.mentions;
        const pairs = firstRows(rows);
        const m = check.summary.measured;
        const anchoredRows = rows.filter((r) => r.anchored).length;
        const anchoredPairs = pairs.filter((r) => r.anchored).length;
        assert.deepEqual(
          [m.rows, m.rows_anchored, m.distinct, m.distinct_anchored, m.symbols_anchored],
          [rows.length, anchoredRows, pairs.length, anchoredPairs, rows.filter((r) => r.anchored?.kind === 'symbol').length],
        );
        assert.deepEqual([m.rows_anchored_share, m.distinct_anchored_share], [share(anchoredRows, rows.length), share(anchoredPairs, pairs.length)]);
        assert.deepEqual(
          [measured.counts.rows.mentions, measured.counts.rows.anchored, measured.counts.distinct_pairs.anchored],
          [rows.length, anchoredRows, anchoredPairs],
        );

        const c = check.checked;
        const anchored = c.filter((x) => x.anchored).length;
        const wrong = c.filter((x) => x.verdict === 'wrong');
        const repo = c.filter((x) => x.refers_to === 'repo');
        const repoAnchored = repo.filter((x) => x.anchored).length;
        const missed = c.filter((x) => x.verdict === 'missed');
        const s = check.summary;
        assert.deepEqual(
          [s.mentions, s.anchored, s.wrong, s.naming_repo_code_now, s.of_those_anchored, s.missed],
          [c.length, anchored, wrong.length, repo.length, repoAnchored, missed.length],
        );
        assert.deepEqual(
          [s.anchored_share, s.wrong_share_of_anchors, s.of_those_anchored_share],
          [share(anchored, c.length), share(wrong.length, anchored), share(repoAnchored, repo.length)],
        );
        if (s.wrong_share_of_mentions !== undefined) assert.equal(s.wrong_share_of_mentions, share(wrong.length, c.length));
        const classes: Record<string, number> = {};
        for (const x of c) classes[x.refers_to] = (classes[x.refers_to] ?? 0) + 1;
        assert.deepEqual(s.by_class, classes);
        const causes: Record<string, number> = {};
        for (const x of missed) causes[x.miss!] = (causes[x.miss!] ?? 0) + 1;
        assert.deepEqual(s.missed_by_cause, causes);
        console.log(
          `spotter ${name} (through the daemon): ${anchoredRows}/${rows.length} mention rows anchored (${pct(anchoredRows, rows.length)}), ${anchoredPairs}/${pairs.length} distinct (session, mention) (${pct(anchoredPairs, pairs.length)}); by kind ${JSON.stringify(measured.counts.by_kind)}`,
        );
        console.log(
          `spotter ${name} hand check: ${anchored}/${c.length} sampled mentions anchored (${pct(anchored, c.length)}), ${wrong.length} wrong (${pct(wrong.length, anchored)} of anchors, ${pct(wrong.length, c.length)} of mentions); of the ${repo.length} naming code or a file in the repo, ${repoAnchored} anchored; missed ${JSON.stringify(causes)}`,
        );
        for (const x of wrong) console.log(`  wrong: ${x.mention} -> ${x.anchored?.qualified_name ?? x.anchored?.file}: ${x.note}`);
      });
    });
  }

  it('round 2 is a new draw: the pairs it shares with round 1 keep their label only where the resolution is the same', () => {
    const [one, two] = [ROUNDS[0]!.check.checked, ROUNDS[1]!.check.checked];
    const before = new Map(one.map((c) => [`${c.session}|${c.mention}`, c]));
    const shared = two.filter((c) => before.has(`${c.session}|${c.mention}`));
    assert.notEqual(shared.length, 0);
    for (const c of shared) {
      const b = before.get(`${c.session}|${c.mention}`)!;
      const same = JSON.stringify([b.anchored, b.unresolved]) === JSON.stringify([c.anchored, c.unresolved]);
      if (same && !/re-read/.test(c.note))
        assert.deepEqual([c.refers_to, c.verdict, c.names], [b.refers_to, b.verdict, b.names], `${c.mention}: a kept label is round 1's`);
      else assert.ok(!same && /re-read/.test(c.note), `${c.mention}: resolved differently, so read again (and its note says so)`);
    }
  });

  it('round 3 measured the same rows and drew the same sample as round 2; a label differs only where the resolution did, read again', () => {
    const [two, three] = [ROUNDS[1]!, ROUNDS[2]!];
    assert.deepEqual(three.measured.mentions.map(key), two.measured.mentions.map(key));
    assert.deepEqual(three.check.checked.map(key), two.check.checked.map(key));
    let changed = 0;
    three.check.checked.forEach((c, i) => {
      const b = two.check.checked[i]!;
      if (JSON.stringify([b.anchored, b.unresolved]) === JSON.stringify([c.anchored, c.unresolved]))
        assert.deepEqual(c, b, `${c.mention}: unchanged, so round 2's label`);
      else {
        changed++;
        assert.match(c.note, /re-read/, `${c.mention}: resolved differently, so read again`);
        assert.equal(c.refers_to, b.refers_to, `${c.mention}: what it names did not change`);
      }
    });
    assert.notEqual(changed, 0);
  });

  it(`${newest.name}: the rows are the mentions today's detector finds in the committed transcripts, episode by episode as the daemon cut them`, async () => {
    const dir = tempDir('spotter-check');
    try {
      // Episodes are numbered per store; here, per session in the order the daemon stored them.
      const order = new Map<string, number[]>();
      for (const r of newest.measured.mentions) {
        const eps = order.get(r.session) ?? [];
        if (!eps.includes(r.episode)) eps.push(r.episode);
        order.set(r.session, eps);
      }
      const want = newest.measured.mentions.map((r) => `${r.session}|${order.get(r.session)!.indexOf(r.episode)}|${r.offset}|${r.mention}|${r.backticked}`);
      const found: string[] = [];
      let episodes = 0;
      for (const s of SPOTTER_SESSIONS) {
        // The copy the measurement ingested: cwd at its checkout, nothing else changed.
        const copy = path.join(dir, s);
        fs.writeFileSync(copy, pointedAt(fs.readFileSync(path.join(SPOTTER_DIR, s), 'utf8'), newest.measured.checkout));
        const session = await SOURCES.claude.distill(copy);
        const drafts = chunkSession(session, { afterLine: 0, fallbackTime: new Date(0).toISOString(), conversational: SOURCES.claude.conversational });
        episodes += drafts.length;
        // An episode without a mention has no row: the rows' episodes are those with one, in order.
        let k = 0;
        for (const d of drafts) {
          const seen = new Set<string>();
          const mine = findMentions(d.text).filter((m) => !seen.has(m.text) && seen.add(m.text));
          for (const m of mine) found.push(`${s}|${k}|${m.offset}|${m.text}|${m.backticked}`);
          if (mine.length > 0) k++;
        }
      }
      assert.equal(episodes, newest.measured.counts.episodes);
      assert.deepEqual(found, want);
      console.log(`spotter: ${found.length} mentions in ${episodes} episodes, as the daemon stored them`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
