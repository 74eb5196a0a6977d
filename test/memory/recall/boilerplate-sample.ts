// The substance check of issue 37: every real transcript the recall question
// sets ask about, ingested into one store; the passages recurrence marked as
// noise (all boilerplate: stored, never searched or shown), counted, and a
// seeded sample of 50 of them drawn for a hand check (boilerplate-check.json
// labels each; the test beside this keeps the labels and the draw in step).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ingestFile } from '../../../daemon/memory/ingest';
import { MemoryStore } from '../../../daemon/memory/store';
import { mulberry32 } from '../../helpers';
import { FIXTURES, SETS, transcriptPath } from '../real-recall/questions';

export const SAMPLE = 50;
export const SEED = 37;

export interface NoisePassage {
  /** Transcript (relative to test/fixtures/memory) and the passage's lines there. */
  transcript: string;
  lines: string;
  text: string;
}

export interface BoilerplateCount {
  passages: number;
  noise: number;
  /** Passages indexed without one or more boilerplate lines. */
  trimmed: number;
  sample: NoisePassage[];
}

export async function boilerplateCount(): Promise<BoilerplateCount> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-boilerplate-'));
  const store = new MemoryStore(path.join(home, 'memory.db'));
  try {
    // The hand-labelled sample was drawn over the first two sets; the third (codex_log_viewer rollouts) is not in it yet.
    const files = [...new Set(SETS.slice(0, 2).flatMap((s) => s.questions.map((q) => q.transcript)))].sort();
    for (const t of files) await ingestFile(store, t.split('/').includes('codex') ? 'codex' : 'claude', transcriptPath({ transcript: t } as never), { home });
    const rel = (p: string): string => path.relative(FIXTURES, p).split(path.sep).join('/');
    const rows = store.db
      .prepare<[], { id: number; source_path: string; line_start: number; line_end: number; text: string; noise: number }>(
        `SELECT p.id, e.source_path, p.line_start, p.line_end, p.text, p.noise FROM passages p JOIN episodes e ON e.seq = p.episode_seq ORDER BY e.source_path, p.episode_seq, p.ord`,
      )
      .all();
    const trimmed = store.db
      .prepare<[], { n: number }>(
        `SELECT count(DISTINCT l.passage_id) AS n FROM passage_lines l JOIN boilerplate_lines b ON b.key = l.key JOIN passages p ON p.id = l.passage_id WHERE p.noise = 0`,
      )
      .get()!.n;
    const noise = rows.filter((r) => r.noise === 1);
    const rand = mulberry32(SEED);
    const pool = [...noise];
    const sample: NoisePassage[] = [];
    while (sample.length < SAMPLE && pool.length > 0) {
      const r = pool.splice(Math.floor(rand() * pool.length), 1)[0]!;
      sample.push({ transcript: rel(r.source_path), lines: `${r.line_start}-${r.line_end}`, text: r.text });
    }
    return { passages: rows.length, noise: noise.length, trimmed, sample };
  } finally {
    store.db.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** A hand-checked noise passage: where it is, its text, and whether it says something a later agent would ask about. */
export interface LabelledPassage {
  transcript: string;
  lines: string;
  text: string;
  substance: boolean;
  what: string;
}

export interface Labels {
  passages: number;
  noise: number;
  trimmed: number;
  sample: LabelledPassage[];
}

const LABELS = path.join(FIXTURES, 'real-recall', 'boilerplate-check.json');
/** Passages the re-cut of recall37b made noise whose lines are not all in a labelled passage, read by hand when they appeared. */
const RECUT_LABELS = path.join(FIXTURES, 'real-recall', 'boilerplate-check-recut.json');

export const readLabels = (): { first: Labels; recut: LabelledPassage[] } => ({
  first: JSON.parse(fs.readFileSync(LABELS, 'utf8')) as Labels,
  recut: (JSON.parse(fs.readFileSync(RECUT_LABELS, 'utf8')) as { sample: LabelledPassage[] }).sample,
});

const fold = (t: string): string => t.replace(/\s+/g, ' ').trim();

/**
 * The label a noise passage drawn now carries: the hand check of the passage
 * itself (the re-cut file: same transcript, lines and text), else, when every
 * line of it is inside passages of the first hand check, theirs (substance
 * when any of those is); undefined when nobody read it.
 */
export function labelOf(p: NoisePassage, labels: { first: Labels; recut: readonly LabelledPassage[] }): { substance: boolean; what: string } | undefined {
  const own = [...labels.first.sample, ...labels.recut].find((l) => l.transcript === p.transcript && l.lines === p.lines && l.text === p.text);
  if (own) return own;
  const within = p.text
    .split('\n')
    .map(fold)
    .filter(Boolean)
    .map((line) => labels.first.sample.find((l) => fold(l.text).includes(line)));
  if (within.length === 0 || within.some((l) => l === undefined)) return undefined;
  const from = within as LabelledPassage[];
  return { substance: from.some((l) => l.substance), what: from[0]!.what };
}
