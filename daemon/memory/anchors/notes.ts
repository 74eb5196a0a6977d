// The lines a code answer (refs, defs, callers, impact) carries about its
// symbol: memory's side of MemoryNotes (protocol/anchors.ts). The most recent
// sessions first, one line per session, each with its anchor's state now.
import { realPath } from '../../git';
import type { AnchorNote, CodeLookup } from '../../protocol/anchors';
import { oneLine } from '../../protocol/printable';
import type { AnchorCandidate, AnchorKeyRow } from '../store/anchors';
import type { MemoryStore } from '../store';
import { bestSentence } from './sentence';
import { stateOf, type AnchorState } from './state';

/** Recent anchors looked at per answer: reading their sessions' text is the cost. */
const CONSIDERED = 8;

const REAL = new Map<string, string>();
/** A repo's real path, resolved once (episodes and queries name the same few). */
const real = (p: string): string => {
  let r = REAL.get(p);
  if (r === undefined) {
    r = realPath(p) ?? p;
    if (REAL.size > 256) REAL.clear();
    REAL.set(p, r);
  }
  return r;
};

export function notesAbout(store: MemoryStore, lookup: CodeLookup | undefined, repo: string, name: string, limit: number): AnchorNote[] {
  if (limit <= 0) return [];
  const tail = name.split(/::|->|[.#]/).pop() ?? name;
  const rows = new Map<number, AnchorCandidate>();
  // A name with no owner's part is a qualified name only where it is also the symbol's name (top level): asked by name alone.
  for (const n of new Set([name, tail])) for (const r of store.anchors.newestOfName(n, CONSIDERED, n !== tail)) rows.set(r.id, r);
  return notesOf(store, lookup, repo, [...rows.values()].sort(newestFirst), limit, (c) => store.anchors.keyRow(c.id));
}

/** The same for a file (symbols FILE): anchors to the file itself and to code in it, newest sessions first. */
export function notesAboutFile(store: MemoryStore, lookup: CodeLookup | undefined, repo: string, file: string, limit: number): AnchorNote[] {
  if (limit <= 0) return [];
  return notesOf(store, lookup, repo, store.anchors.ofFile(file, CONSIDERED, true), limit, (r) => r);
}

/** An anchor stored before anchors kept their sentence: read from its episode once, then kept. */
function sentenceOf(store: MemoryStore, r: AnchorKeyRow): string {
  const text = store.anchors.episodeText(r.episode_seq);
  const sentence = bestSentence(text ?? r.mention, r.mention);
  if (text !== undefined) store.anchors.keepSentence(r.id, sentence);
  return sentence;
}

const newestFirst = (a: AnchorCandidate, b: AnchorCandidate): number => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id);

/** The lines of the newest anchors (candidates newest first, each read whole only if used), one per episode, of this repo only. */
function notesOf<C extends AnchorCandidate>(
  store: MemoryStore,
  lookup: CodeLookup | undefined,
  repo: string,
  rows: readonly C[],
  limit: number,
  whole: (c: C) => AnchorKeyRow | undefined,
): AnchorNote[] {
  if (rows.length === 0) return [];
  const here = real(repo);
  const out: AnchorNote[] = [];
  const episodes = new Set<number>();
  // Sessions naming one symbol mostly anchored the same definition: its state now is asked of the index once per answer.
  const states = new Map<string, AnchorState>();
  for (const c of rows) {
    if (out.length >= limit) break;
    if (episodes.has(c.episode_seq) || real(c.repo) !== here) continue;
    const r = whole(c);
    if (!r) continue;
    episodes.add(r.episode_seq);
    const key = JSON.stringify([r.repo, r.kind, r.symbol, r.name, r.qualified_name, r.file, r.line, r.def_hash, r.found_file, r.library]);
    let s = states.get(key);
    if (s === undefined) states.set(key, (s = stateOf(lookup, r)));
    const fact = store.anchors.factsMentioning(r.episode_seq, r.mention, 1)[0];
    const text = fact
      ? oneLine(`${fact.relation === 'decided' && !/^decid/i.test(fact.text) ? 'decided: ' : ''}${fact.text}`, 120)
      : (r.sentence ?? sentenceOf(store, r));
    out.push({
      at: r.at,
      state: s.state,
      ...(s.state === 'drifted' ? { how: s.how } : {}),
      ...(s.state === 'fresh' || s.state === 'drifted' ? { now: s.library ?? `${s.file}:${s.line}` } : {}),
      episode: r.episode_id,
      text,
    });
  }
  return out;
}
