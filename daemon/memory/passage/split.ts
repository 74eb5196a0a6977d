// An episode's distilled text cut into passages, the unit recall searches
// and quotes: a turn when it is short, else runs of its paragraphs, and a
// paragraph longer than a passage at its sentence ends. A run too short to
// stand alone (a turn's closing offer, a line between two long paragraphs)
// joins a neighbour. Every passage stays inside one turn, so its line span is
// that turn's. Pure: offsets into the text, nothing stored here.

/** Longest run of paragraphs packed into one passage, in characters; a turn up to this length is one passage. */
export const PASSAGE_MAX = 400;

/**
 * A run shorter than this share of a passage joins a neighbour in its turn:
 * alone it is found by few words and read without what it answers
 * (codex_log_viewer's "If you want, I can also add a
 * `--keep-chat-event-mirrors` flag" after the summary it closes). Chosen on
 * all three real question sets: from 100 to 180 characters (of 400), with a
 * slack of 160 to 240, they scored alike; 200 lost a question.
 */
const SHORT_RUN_SHARE = 0.4;

/** Shorter than this, a run of a PASSAGE_MAX cut joins a neighbour. */
export const SHORT_RUN = PASSAGE_MAX * SHORT_RUN_SHARE;

/** How far past PASSAGE_MAX a passage may grow to take in a short run (as far as a short run is long): the longest passage. */
export const SHORT_RUN_SLACK = SHORT_RUN;

export interface PassageSpan {
  /** Character offsets into the episode text, [start, end). */
  start: number;
  end: number;
  /** Index of the turn (the `role: …` block) the passage belongs to, 0-based. */
  turn: number;
}

/** A turn's block starts with its role label, as chunk.ts renders it (`assistant: `, `user (subagent x): `). */
const TURN_HEAD = /^(?:user|assistant|summary|system|developer|tool)(?: \([^)\n]{0,80}\))?: /;

interface Range {
  start: number;
  end: number;
}

export function splitPassages(text: string, max: number = PASSAGE_MAX): PassageSpan[] {
  const out: PassageSpan[] = [];
  let turn = -1;
  let current: Range[] = [];
  const flush = (): void => {
    if (current.length > 0) packTurn(text, current, Math.max(0, turn), max, out);
    current = [];
  };
  for (const p of paragraphs(text)) {
    if (TURN_HEAD.test(text.slice(p.start, p.start + 100)) || turn === -1) {
      flush();
      turn++;
    }
    current.push(p);
  }
  flush();
  return out;
}

/** Paragraphs (blank-line separated), trimmed, empty ones dropped. */
function paragraphs(text: string): Range[] {
  const out: Range[] = [];
  const sep = /\n[ \t]*\n/g;
  let at = 0;
  for (;;) {
    const m = sep.exec(text);
    const end = m ? m.index : text.length;
    const r = trim(text, at, end);
    if (r) out.push(r);
    if (!m) break;
    at = m.index + m[0].length;
  }
  return out;
}

function trim(text: string, start: number, end: number): Range | undefined {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : undefined;
}

/**
 * One turn's paragraphs into passages: the whole turn, else greedy runs of
 * paragraphs, a long paragraph cut at its sentences and lines. The pieces of
 * a cut paragraph are packed like paragraphs, with what comes before and after, so its last sentence (often the
 * finding after a run of tool breadcrumbs) keeps the paragraph after it.
 */
function packTurn(text: string, paras: Range[], turn: number, max: number, out: PassageSpan[]): void {
  const first = paras[0]!;
  const last = paras[paras.length - 1]!;
  if (last.end - first.start <= max) {
    out.push({ start: first.start, end: last.end, turn });
    return;
  }
  let run: Range | undefined;
  const runs: Range[] = [];
  for (const p of paras) {
    for (const piece of p.end - p.start > max ? cutLong(text, p, max) : [p]) {
      if (run && piece.end - run.start <= max) run.end = piece.end;
      else {
        if (run) runs.push(run);
        run = { ...piece };
      }
    }
  }
  if (run) runs.push(run);
  joinShortRuns(runs, max * SHORT_RUN_SHARE, max * (1 + SHORT_RUN_SHARE));
  for (const r of runs) out.push({ ...r, turn });
}

/** Each run shorter than `short` joins the shorter neighbour it fits with (within `limit`), the one before on a tie. */
function joinShortRuns(runs: Range[], short: number, limit: number): void {
  const length = (r: Range): number => r.end - r.start;
  for (let i = 0; i < runs.length && runs.length > 1; i++) {
    const r = runs[i]!;
    if (length(r) >= short) continue;
    const before = runs[i - 1];
    const after = runs[i + 1];
    const intoBefore = before !== undefined && r.end - before.start <= limit;
    const intoAfter = after !== undefined && after.end - r.start <= limit;
    if (intoBefore && (!intoAfter || length(before) <= length(after!))) before.end = r.end;
    else if (intoAfter) after.start = r.start;
    else continue;
    // Looked at again from the run it joined: two short runs may make one still short.
    runs.splice(i, 1);
    i = Math.max(-1, i - 2);
  }
}

/** Where a paragraph may be cut: after each line, and after each sentence of a line of prose (a breadcrumb line is never cut inside). */
function cutPoints(text: string, p: Range): number[] {
  const points: number[] = [];
  for (let at = p.start; at < p.end;) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 || nl >= p.end ? p.end : nl;
    const line = text.slice(at, end);
    if (!CRUMB.test(line)) for (const m of line.matchAll(/[.!?:;](?=\s)/g)) points.push(at + m.index + 1);
    points.push(end === p.end ? p.end : end + 1);
    at = end + 1;
  }
  return points;
}

/** A paragraph longer than `max` in pieces: its sentences (or lines), a piece longer than `max` cut at a space; the turn packs them. */
function cutLong(text: string, p: Range, max: number): Range[] {
  const out: Range[] = [];
  let start = p.start;
  for (const b of cutPoints(text, p)) {
    while (b - start > max) {
      const window = text.slice(start, start + max);
      const space = window.lastIndexOf(' ');
      const cut = space > max / 2 ? start + space : start + max;
      pushTrimmed(text, start, cut, out);
      start = cut;
    }
    if (b > start) pushTrimmed(text, start, b, out);
    start = Math.max(start, b);
  }
  return out;
}

function pushTrimmed(text: string, start: number, end: number, out: Range[]): void {
  const r = trim(text, start, end);
  if (r) out.push(r);
}

/** A tool breadcrumb line of distilled text (distill/breadcrumb.ts): what the agent did, not what was said. */
const CRUMB = /^\s*\[(?:ran|edited|read|searched|fetched|used|task)[: ]/;

/** A passage's lines split into what was said and the tool breadcrumbs, for the index to weigh apart. */
export function proseAndCrumbs(text: string): { prose: string; crumbs: string } {
  const prose: string[] = [];
  const crumbs: string[] = [];
  for (const line of text.split('\n')) (CRUMB.test(line) ? crumbs : prose).push(line);
  return { prose: prose.join('\n'), crumbs: crumbs.join('\n') };
}
