// The bar memory recall must clear (issue 37): what a naive user builds in an
// afternoon over the same stored text. Each episode's text is cut into
// passages packed from whole paragraphs (a paragraph longer than a passage is
// packed from its sentences, a sentence longer than that cut at a space) up
// to about 400 characters; FTS5 indexes them with the porter stemmer over
// unicode61; a question is the OR of its words with stop words dropped; the
// answer is the best passages, whole, in rank order, while they fit the byte
// budget (Scry's median answer). Written apart from daemon/memory on purpose:
// changing how Scry cuts passages must not move the bar.
import type { Db } from '../../daemon/sqlite';
import { STOP_WORDS } from '../memory/real-recall/lexicon';

export const NAIVE_PASSAGE_CHARS = 400;

/** Paragraphs (blank-line separated), whitespace-trimmed, empty ones dropped. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** A too-long paragraph's pieces: its sentences (or lines), a too-long one cut at a space. */
function pieces(paragraph: string, max: number): string[] {
  const out: string[] = [];
  for (const sentence of paragraph.split(/(?<=[.!?])\s+|\n/)) {
    let s = sentence.trim();
    while (s.length > max) {
      const space = s.lastIndexOf(' ', max);
      const cut = space > max / 2 ? space : max;
      out.push(s.slice(0, cut).trim());
      s = s.slice(cut).trim();
    }
    if (s) out.push(s);
  }
  return out;
}

/** A text packed into passages of whole paragraphs (else sentences) of at most `max` characters. */
export function naivePassages(text: string, max: number = NAIVE_PASSAGE_CHARS): string[] {
  const out: string[] = [];
  let run = '';
  const add = (piece: string, sep: string): void => {
    if (run && run.length + sep.length + piece.length > max) {
      out.push(run);
      run = '';
    }
    run = run ? `${run}${sep}${piece}` : piece;
  };
  for (const p of paragraphs(text)) {
    if (p.length <= max) add(p, '\n\n');
    else for (const s of pieces(p, max)) add(s, ' ');
  }
  if (run) out.push(run);
  return out;
}

/** The question's words, stop words dropped, each once. */
export function naiveWords(question: string): string[] {
  return [...new Set(question.toLowerCase().split(/[^\p{L}\p{N}_]+/u))].filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

export interface NaiveIndex {
  /** The best passages in rank order, whole, while they fit `bytes` (the first always, cut to `bytes` if it alone is larger). */
  answer(question: string, bytes: number): string;
  passages: number;
}

const cutBytes = (s: string, bytes: number): string =>
  Buffer.from(s)
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');

/** Builds the index in `db` (an empty SQLite database) over the given episode texts. */
export function naiveIndex(db: Db, texts: readonly string[]): NaiveIndex {
  db.exec(`CREATE VIRTUAL TABLE naive USING fts5(text, tokenize = 'porter unicode61')`);
  const ins = db.prepare<[string]>(`INSERT INTO naive(text) VALUES (?)`);
  let passages = 0;
  db.transaction(() => {
    for (const t of texts)
      for (const p of naivePassages(t)) {
        ins.run(p);
        passages++;
      }
  })();
  const search = db.prepare<[string], { text: string }>(`SELECT text FROM naive WHERE naive MATCH ? ORDER BY bm25(naive) LIMIT 50`);
  return {
    passages,
    answer(question, bytes) {
      const words = naiveWords(question);
      if (words.length === 0) return '';
      const hits = search.all(words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ')).map((r) => r.text);
      const out: string[] = [];
      let used = 0;
      for (const h of hits) {
        const size = Buffer.byteLength(h) + (out.length ? 2 : 0);
        if (out.length > 0 && used + size > bytes) break;
        out.push(out.length === 0 && size > bytes ? cutBytes(h, bytes) : h);
        used += size;
      }
      return out.join('\n\n');
    },
  };
}
