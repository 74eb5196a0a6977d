// `scry why NAME` (MCP scry_why): a symbol's definition, then what memory
// says about it and its file, oldest first, each remembered passage with the
// state of its anchor now (fresh / drifted / gone). How an agent answers "why
// is this like this?" before changing it.
import * as z from 'zod/mini';
import { defineMethod, describe, opt } from './method';
import { driftLabel } from './anchors';
import { oneLine } from './printable';

export const AnchorStateName = z.enum(['fresh', 'drifted', 'gone', 'unknown']);

export const AnchoredMemory = z.object({
  at: describe(z.string(), "The session's time (ISO)."),
  mention: describe(z.string(), 'What the session wrote (`processOrder`, `src/orders.ts`).'),
  state: AnchorStateName,
  how: opt(
    z.enum(['moved', 'changed', 'version']),
    "For drifted: moved (same text elsewhere), changed (its text differs) or version (a library's symbol, now at another version).",
  ),
  was: describe(z.string(), "Where it was then, `file:line`; a library's symbol: `react 18.3.1 (used at file:line)`."),
  now: opt(z.string(), 'Where it is now, in the same form (not for gone).'),
  commit: opt(z.string(), "The repo's commit at the session's time, when git knows it."),
  episode: describe(z.string(), 'The episode to open (`scry memory episode ID`).'),
  summary: z.string(),
  snippet: describe(z.string(), 'The words around the mention.'),
  facts: opt(z.array(z.object({ id: z.number(), relation: z.string(), text: z.string() })), 'Current facts of that session naming it (a decision first).'),
});

export const WhyParams = z.object({
  repo: describe(z.string().check(z.minLength(1)), 'The repository (absolute path); the CLI fills the git root of the working directory.'),
  name: describe(z.string().check(z.minLength(1)), 'A symbol or a file.'),
});

export const WhyResult = z.object({
  name: z.string(),
  definition: describe(
    z.nullable(z.string()),
    "Where it is defined now, `file:line` (a library's symbol: the repo's first use of it); null when the index has no single definition of it.",
  ),
  library: opt(z.string(), "When NAME is a library's symbol the repo uses (the repo defines nothing of that name): its package and version, `react 18.3.1`."),
  note: opt(z.string()),
  history: describe(z.array(AnchoredMemory), 'What memory says about it and its file, oldest first.'),
  total: describe(z.number(), 'Anchored passages in all (history holds the newest 10).'),
  elapsed_ms: z.number(),
});

export type AnchoredMemory = z.output<typeof AnchoredMemory>;
export type WhyParams = z.output<typeof WhyParams>;
export type WhyResult = z.output<typeof WhyResult>;

export const MemoryWhy = defineMethod({
  method: 'memory/why',
  params: WhyParams,
  result: WhyResult,
  cli: {
    command: 'why',
    group: 'queries',
    summary: "NAME's definition, then what sessions said about it and its file, oldest first, each with its state now",
    arg: { field: 'name', label: 'NAME', required: true, example: 'scry why processOrder', needs: 'a symbol name or a file' },
  },
});

/** One line per remembered passage: `2026-03-02 drifted (body changed) now src/a.ts:14 — "…" (episode 3f2a9c01d2e4)`. */
export function anchoredLine(m: AnchoredMemory): string {
  const state =
    m.state === 'drifted'
      ? `drifted (${driftLabel(m.how)}) now ${m.now ?? '?'}`
      : m.state === 'fresh'
        ? `fresh ${m.now ?? m.was}`
        : m.state === 'gone'
          ? `gone (was ${m.was})`
          : `unknown (was ${m.was})`;
  const facts = (m.facts ?? []).map((f) => `\n    ${f.relation} #${f.id}: ${oneLine(f.text, 160)}`).join('');
  return `- ${m.at.slice(0, 10)} ${state}: "${oneLine(m.snippet, 160)}" (episode ${m.episode.slice(0, 12)})${facts}`;
}

export function whyText(r: WhyResult): string {
  const where =
    r.library !== undefined && r.definition
      ? `from ${r.library} (a library), first used at ${r.definition}`
      : r.definition
        ? `defined at ${r.definition}`
        : 'no single definition in the index';
  const out = [`${r.name}: ${where}${r.note ? ` (${r.note})` : ''}`];
  if (r.history.length === 0) out.push('memory: nothing anchored to it or its file');
  else out.push(`memory, oldest first (${r.history.length}${r.total > r.history.length ? ` of ${r.total}` : ''}):`, ...r.history.map(anchoredLine));
  return out.join('\n') + '\n';
}
