// `scry why NAME`: the definition now (through the lookup), then every
// anchored passage about the symbol or its file, oldest first, each with its
// anchor's state now.
import { realPath } from '../../git';
import type { CodeLookup } from '../../protocol/anchors';
import type { AnchoredMemory, WhyParams, WhyResult } from '../../protocol/why';
import type { AnchorRow } from '../store/anchors';
import type { MemoryStore } from '../store';
import { stateOf, whereNow, type AnchorState } from './state';

/** The newest passages shown, oldest first. */
const SHOWN = 10;

const real = (p: string): string => realPath(p) ?? p;

/**
 * why, once what it needs is read: episodes stored a moment ago are read for
 * mentions first, so the answer never misses them, and a path written from
 * another checkout is found among git's tracked files, read off the event loop.
 */
export async function whyNow(store: MemoryStore, anchorer: { run(): Promise<unknown> }, lookup: CodeLookup | undefined, p: WhyParams): Promise<WhyResult> {
  await anchorer.run();
  await lookup?.readAhead?.(p.repo, [p.name]);
  return why(store, lookup, p);
}

export function why(store: MemoryStore, lookup: CodeLookup | undefined, p: WhyParams): WhyResult {
  const started = performance.now();
  const repo = real(p.repo);
  const resolved = lookup?.resolve(repo, p.name);
  const def = resolved?.found ?? undefined;
  const tail = p.name.split(/::|->|[.#]/).pop() ?? p.name;
  const rows = new Map<number, AnchorRow>();
  const add = (list: AnchorRow[]): void => list.forEach((r) => rows.set(r.id, r));
  if (def?.kind === 'file') add(store.anchors.ofFile(def.file));
  else {
    for (const n of new Set([p.name, tail, def?.name].filter((x): x is string => x !== undefined))) add(store.anchors.ofName(n));
    // A library's symbol has no file of its own: its file is only where the repo first uses it.
    if (def && def.library === undefined) add(store.anchors.ofFile(def.file).filter((r) => r.kind === 'file'));
  }
  const repos = new Map<string, string>();
  const mine = [...rows.values()]
    .filter((r) => {
      if (!repos.has(r.repo)) repos.set(r.repo, real(r.repo));
      return repos.get(r.repo) === repo;
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  const shown = mine.slice(-SHOWN);
  const states = new Map<string, AnchorState>();
  const history = shown.map((r): AnchoredMemory => {
    const key = `${r.kind}\0${r.symbol ?? ''}\0${r.name ?? ''}\0${r.file}\0${r.def_hash}`;
    let s = states.get(key);
    if (!s) states.set(key, (s = stateOf(lookup, r)));
    return {
      at: r.at,
      mention: r.mention,
      state: s.state,
      ...(s.state === 'drifted' ? { how: s.how } : {}),
      was: whereNow({ file: r.file, line: r.line, ...(r.library !== null ? { library: r.library } : {}) }),
      ...(s.state === 'fresh' || s.state === 'drifted' ? { now: whereNow(s) } : {}),
      ...(r.git_commit ? { commit: r.git_commit } : {}),
      episode: r.episode_id,
      summary: r.summary,
      snippet: r.snippet,
      ...(() => {
        const facts = store.anchors.factsMentioning(r.episode_seq, r.mention);
        return facts.length > 0 ? { facts } : {};
      })(),
    };
  });
  const note = !lookup ? 'no code index is reachable' : resolved?.found === null ? noteOf(resolved.reason, resolved.candidates) : undefined;
  return {
    name: p.name,
    definition: def ? `${def.file}:${def.line}` : null,
    ...(def?.library !== undefined ? { library: def.library } : {}),
    ...(note ? { note } : {}),
    history,
    total: mine.length,
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}

function noteOf(reason: string, candidates: number | undefined): string {
  switch (reason) {
    case 'no-index':
      return 'this repo has no index: scry index builds it';
    case 'ambiguous':
      return `${candidates ?? 'several'} definitions have this name: qualify it (Class.method)`;
    case 'external':
      return 'defined outside the repo (a dependency)';
    default:
      return 'nothing of this name is in the index now';
  }
}
