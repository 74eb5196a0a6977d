// orient --cwd DIR --budget TOKENS: the small block every new agent session
// starts with. What this repository is and its current facts, its latest
// sessions, a few recently active projects, and a pointer to recall. Always
// within the budget (estimateTokens of the whole block, the one rule memory
// counts tokens by), trimmed by importance (whole lines, least important
// first), never cut mid-line; nothing at
// all when memory knows nothing worth saying.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as P from '../protocol';
import type { CodeLookup } from '../protocol/anchors';
import { aboutChanged, changedFiles, codeLine, codeOfEpisode, type ChangedFiles } from './anchors';
import { findRepoRoot } from '../repos';
import { estimateTokens } from './episode';
import { isFunctional, type Relation } from '../protocol/vocabulary';
import { normalizeName } from './resolve';
import type { MemoryStore } from './store';
import { orientReads } from './store/queries/orient';

export const ORIENT_DEFAULT_BUDGET = 500;

interface Line {
  text: string;
  /** Lower is more important; lines are taken in this order while they fit. */
  priority: number;
  /** Lines of one section share it; a section's heading goes in with its first line. */
  section: string;
}

/** Relations that say what a project is and where it lives come before what it merely uses. */
const RELATION_WEIGHT: Partial<Record<Relation, number>> = {
  note: 0,
  decided: 0,
  deployed_on: 0,
  runs_on: 0,
  status: 0,
  replaced_by: 1,
  located_at: 1,
  owned_by: 1,
  depends_on: 2,
  stores_data_in: 2,
  connects_to: 2,
  uses: 3,
};

/** Every spelling the repo may be recorded under: as given, its real path, and on Windows in any case with either slash. */
export function repoKeys(root: string): string[] {
  const keys = new Set([root]);
  try {
    keys.add(fs.realpathSync(root));
  } catch {
    // A folder that is gone still matches what was recorded for it.
  }
  for (const k of [...keys]) {
    keys.add(k.replace(/[\\/]+$/, ''));
    if (process.platform === 'win32') {
      keys.add(k.replace(/\\/g, '/'));
      keys.add(k.toLowerCase());
    }
  }
  return [...keys];
}

/** What orientation may know of the code: the index's lookup (anchor states) and the files git shows changed. */
export interface OrientCode {
  lookup?: CodeLookup;
  changed?: ChangedFiles;
}

/** Lines about changed code, and anchored mentions shown per session line. */
const CHANGED_LINES = 4;
const CODE_PER_SESSION = 2;

export function orient(store: MemoryStore, params: { cwd: string; budget?: number }, now: Date = new Date(), code: OrientCode = {}): P.OrientResult {
  const started = performance.now();
  const budget = params.budget ?? ORIENT_DEFAULT_BUDGET;
  const root = findRepoRoot(params.cwd);
  const keys = repoKeys(root);
  const q = orientReads(store, keys);

  const project = q.projectOfRepo() ?? q.projectNamed(normalizeName(path.basename(root)));

  const lines: Line[] = [];
  // A line's own indentation (a sub-item) is kept; what follows is one line.
  const add = (section: string, priority: number, text: string): void =>
    void lines.push({ section, priority, text: `${/^ */.exec(text)![0]}${oneLine(text)}` });

  // First, what was decided about the code git shows changed: the agent is likely to touch it again.
  const seenFacts = new Set<number>();
  const shownTexts = new Set<string>();
  aboutChanged(store, code.lookup, keys, code.changed ?? new Map(), CHANGED_LINES).forEach((n, i) => {
    if (n.fact !== undefined) seenFacts.add(n.fact);
    if (n.said !== undefined) shownTexts.add(n.said);
    add('changed', 0.5 + i / 100, n.text);
  });
  // The project's own facts, then those of entities that belong to this repository (its services, its decisions).
  const own = project ? q.currentFactsOf(project.id) : [];
  const local = q.repoFacts();
  const repoFacts = [...own, ...local].filter((f) => !seenFacts.has(f.id) && !shownTexts.has(f.text) && seenFacts.add(f.id) !== undefined);
  if (repoFacts.length > 0) {
    const facts = repoFacts
      .map((f) => ({ f, w: RELATION_WEIGHT[f.relation] ?? 2 }))
      .sort((a, b) => a.w - b.w || b.f.confidence - a.f.confidence || (b.f.valid_from ?? '').localeCompare(a.f.valid_from ?? '') || b.f.id - a.f.id);
    facts.forEach(({ f, w }, i) =>
      add('repo', i < 3 ? 1 : 3 + w, `- ${f.text}${isFunctional(f.relation) && f.valid_from ? ` (since ${f.valid_from.slice(0, 10)})` : ''}`),
    );
  }
  const sessions = q.latestSessions();
  sessions.forEach((s, i) => {
    const priority = i === 0 ? 2 : 5 + i;
    add('sessions', priority, `- ${s.occurred_at.slice(0, 10)} (${s.source}): ${s.summary}`);
    // The code it mentions, where it is now: right after its session, never without it.
    const mentioned = codeOfEpisode(store, code.lookup, s.seq, CODE_PER_SESSION);
    if (mentioned.length) add('sessions', priority + 0.25, `  - code now: ${codeLine(mentioned)}`);
  });

  const others = q.otherProjects(project?.id ?? -1);
  others.forEach((o, i) => add('projects', 6 + i, `- ${o.name} (last session ${when(o.updated_at, now)}, ${o.n} fact${o.n === 1 ? '' : 's'})`));

  const empty = lines.length === 0;
  const name = project?.name ?? path.basename(root);
  const headings: Record<string, string> = {
    changed: 'What memory says about code changed here (git), state now:',
    repo: `**${name}** (${root.split(path.sep).join('/')}): what memory holds`,
    sessions: project ? 'Latest sessions here:' : `Latest sessions in ${name}:`,
    projects: 'Other projects, latest session first:',
  };
  const pointer: Line = {
    section: 'pointer',
    priority: 1.5,
    text: 'For anything unfamiliar ask `scry_recall` (or `scry memory recall "…"`); keep durable facts with `scry_remember`.',
  };
  const title = '## Scry memory';
  if (empty) return result('', 0);

  // Take lines by importance while the whole block stays within the budget.
  const chosen = new Set<Line>();
  const render = (set: Set<Line>): string => {
    const out = [title];
    for (const section of ['changed', 'repo', 'pointer', 'sessions', 'projects']) {
      const items = [...lines, pointer].filter((l) => l.section === section && set.has(l));
      if (items.length === 0) continue;
      if (headings[section]) out.push(headings[section]!);
      out.push(...items.map((l) => l.text));
    }
    return out.join('\n') + '\n';
  };
  // Strictly by importance: the first line that does not fit ends the block, so a smaller
  // budget always gives a prefix of what a larger one gives, never a less important line instead.
  const ranked = [...lines, pointer].sort((a, b) => a.priority - b.priority);
  let omitted = 0;
  for (const [i, l] of ranked.entries()) {
    chosen.add(l);
    if (estimateTokens(render(chosen)) > budget) {
      chosen.delete(l);
      omitted = ranked.slice(i).filter((x) => x !== pointer).length;
      break;
    }
  }
  if (![...chosen].some((l) => l !== pointer)) return result('', omitted);
  const text = render(chosen);
  return result(text, omitted);

  function result(text: string, left: number): P.OrientResult {
    return {
      text,
      tokens: estimateTokens(text),
      budget,
      repo: root,
      ...(project ? { project: project.name } : {}),
      omitted: left,
      elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
    };
  }
}

/** Orientation as the daemon answers it: with anchor states from the code index, and the files git shows changed read first. */
export async function orientWithCode(store: MemoryStore, params: { cwd: string; budget?: number }, lookup: CodeLookup | undefined): Promise<P.OrientResult> {
  const changed = await changedFiles(findRepoRoot(params.cwd));
  return orient(store, params, new Date(), { ...(lookup ? { lookup } : {}), changed });
}

/** One line, at most 220 characters: a block that is trimmed line by line must never hold a line break inside a line. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 220 ? `${flat.slice(0, 219)}…` : flat;
}

/**
 * The day a project was last active (its latest session, never when memory
 * read it), and how long ago while that is recent: `2026-02-03, 3 days ago`.
 */
function when(iso: string, now: Date): string {
  const day = iso.slice(0, 10);
  const days = Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000);
  if (!Number.isFinite(days) || days < 0 || days >= 60) return day;
  return `${day}, ${days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`}`;
}
