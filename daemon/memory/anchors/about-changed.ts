// What memory says about the code git shows changed (orientation's first
// section): for each anchor to a changed file, newest session first, the
// decision or fact of that session naming it (a decision first), else the
// sentence that says the most about it; with the anchor's state now, so
// nothing drifted or gone reads as current.
import type { CodeLookup } from '../../protocol/anchors';
import { oneLine } from '../../protocol/printable';
import type { MemoryStore } from '../store';
import type { ChangedFiles } from './changed';
import { bestSentence } from './sentence';
import { stateLabel, stateOf } from './state';

export interface ChangedNote {
  text: string;
  /** The fact shown, so the repo's own list does not repeat it. */
  fact?: number;
  /** Its text, for the same reason (one sentence may be two facts). */
  said?: string;
  /** A decision or fact reads before a sentence that was only said. */
  decided: boolean;
}

/** Anchors read per orientation (newest first); each costs a lookup and maybe a sentence search. */
const CONSIDERED = 40;

export function aboutChanged(
  store: MemoryStore,
  lookup: CodeLookup | undefined,
  repos: readonly string[],
  changed: ChangedFiles,
  limit: number,
): ChangedNote[] {
  if (changed.size === 0 || limit <= 0) return [];
  const out: ChangedNote[] = [];
  const facts = new Set<number>();
  const said = new Set<string>();
  for (const a of store.anchors.inFiles(repos, [...changed.keys()], CONSIDERED)) {
    if (out.length >= limit * 2) break;
    const key = `${a.episode_seq}\0${a.mention}`;
    if (said.has(key)) continue;
    said.add(key);
    const fact = store.anchors.factsMentioning(a.episode_seq, a.mention, 2).find((f) => !facts.has(f.id));
    const what = fact
      ? `${fact.relation === 'decided' && !/^decid/i.test(fact.text) ? 'decided: ' : ''}${fact.text}`
      : bestSentence(store.anchors.episodeText(a.episode_seq) ?? a.snippet, a.mention);
    // The file anchor and a symbol in it often bring the same sentence of one session: once.
    if (!what || said.has(`${a.episode_seq}\0${what}`)) continue;
    said.add(`${a.episode_seq}\0${what}`);
    if (fact) facts.add(fact.id);
    const s = stateOf(lookup, a);
    // A file git lists as changed needs no location; whether it changed since the session does matter.
    const head =
      a.kind === 'file'
        ? `${a.file} (${changed.get(a.file)}${s.state === 'drifted' ? ', changed since' : s.state === 'gone' ? ', gone' : ''})`
        : `${a.file} (${changed.get(a.file)}): ${a.mention} ${stateLabel(s)}`;
    const text = `- ${head}: "${oneLine(what, 110)}" (${a.at.slice(0, 10)}, episode ${a.episode_id.slice(0, 8)})`;
    out.push({ text, ...(fact ? { fact: fact.id, said: fact.text } : {}), decided: fact !== undefined });
  }
  // Decisions and facts first, then what was only said; newest first within each.
  return out.sort((x, y) => Number(y.decided) - Number(x.decided)).slice(0, limit);
}
