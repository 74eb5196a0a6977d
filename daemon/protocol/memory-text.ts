// The compact text of memory answers: what a model reads from an MCP tool
// (clients hand it the text when there is no structuredContent) and what a
// terminal shows. Plain functions of the answer shapes, so the MCP server and
// the CLI print the same thing; full JSON stays one `format: "json"` (or
// --json) away.
import type { EpisodeRef, EpisodesResult, FactsResult, MemoryFact, PathResult, RecallPassage, RecallResult, RememberResult } from './memory';
import { plural } from './plural';
import { oneLine } from './printable';

const day = (iso: string | undefined): string => (iso ? iso.slice(0, 10) : '');
export function factLine(f: MemoryFact): string {
  const what = f.target ?? (f.relation === 'note' ? undefined : f.value);
  const rel = f.relation === 'note' ? 'note' : `${f.relation}${what ? ` ${what}` : ''}`;
  const when = f.valid_to ? `${day(f.valid_from)}..${day(f.valid_to)}` : f.valid_from ? `since ${day(f.valid_from)}` : '';
  return `- ${oneLine(f.text, 240)} [${rel}${when ? `; ${when}` : ''}; #${f.id}]`;
}

export function episodeLine(e: EpisodeRef): string {
  const where = e.source === 'manual' ? 'remembered' : `${e.path}:${e.line_start}-${e.line_end}`;
  return `- ${day(e.occurred_at)} ${e.source}: ${oneLine(e.summary, 160)} (${where})`;
}

/** The folder every path lies in (ending in `/`), when they are several; '' otherwise. */
export function sharedFolder(paths: readonly string[]): string {
  const distinct = [...new Set(paths)];
  if (distinct.length < 2) return '';
  // The characters all of them start with, cut back to its last `/`. (Shortening a folder one level at a
  // time never got past `/` for a path outside it, such as a remembered note's `manual:…`: the daemon spun.)
  let common = distinct[0]!;
  for (const p of distinct) {
    let i = 0;
    while (i < common.length && i < p.length && common[i] === p[i]) i++;
    common = common.slice(0, i);
  }
  return common.slice(0, common.lastIndexOf('/') + 1);
}

/**
 * Passages grouped by the file they came from (files in the order of their
 * best passage): its path once (after the folder all of them share, named
 * once in the heading), then each passage's lines and text.
 */
export function passageLines(passages: readonly RecallPassage[]): string[] {
  const byPath = new Map<string, RecallPassage[]>();
  for (const p of passages) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
  const folder = sharedFolder(passages.filter((p) => p.source !== 'manual').map((p) => p.path));
  return [
    `## what past sessions said (${folder ? `files under ${folder}` : 'file'}, then lines: passage)`,
    ...[...byPath.values()].flatMap((ps) => [
      `${ps[0]!.source === 'manual' ? 'remembered' : ps[0]!.path.slice(folder.length)} (${day(ps[0]!.occurred_at)})`,
      ...ps.map(
        (p) => `- ${p.line_start}-${p.line_end}: ${p.snippet}${p.code?.length ? ` [code: ${p.code.map((c) => `${c.mention} ${c.state}`).join('; ')}]` : ''}`,
      ),
    ]),
  ];
}

export function recallText(r: RecallResult): string {
  const passages = r.passages ?? [];
  if (r.matches.length === 0 && r.episodes.length === 0 && passages.length === 0)
    return `Memory has nothing on "${r.query}"${r.as_of ? ` as of ${r.as_of}` : ''}. Try other words or a name (scry memory entities lists them).\n${r.rewrite ? `${rewriteLine(r.rewrite)}\n` : ''}`;
  const out: string[] = [];
  if (r.as_of) out.push(`As of ${r.as_of}:`);
  const said = passages.length ? passageLines(passages) : [];
  // A name asked about is answered by its entity first; a question in words by what was said.
  const namedFirst = r.matches[0] !== undefined && r.matches[0].match !== 'text';
  if (!namedFirst) out.push(...said);
  for (const m of r.matches) {
    const e = m.entity;
    out.push(`## ${e.name} (${e.type})${e.aliases?.length ? ` aka ${e.aliases.slice(0, 4).join(', ')}` : ''}`);
    if (e.description) out.push(oneLine(e.description, 200));
    out.push(...m.facts.map(factLine));
    if (m.facts_total === 0) out.push(`- no ${r.as_of ? 'facts valid then' : 'current facts'}`);
    else if (m.facts.length === 0) out.push(`- (${plural(m.facts_total, 'fact')}, each said elsewhere in this answer)`);
    if (m.facts.length > 0 && m.facts_total > m.facts.length) out.push(`- (+${m.facts_total - m.facts.length} more facts)`);
    if (m.episodes.length) out.push('episodes:', ...m.episodes.map(episodeLine));
  }
  if (namedFirst) out.push(...said);
  if (r.episodes.length) out.push('## other matching episodes', ...r.episodes.map(episodeLine));
  if (r.note) out.push(`(${r.note})`);
  if (r.rewrite) out.push(rewriteLine(r.rewrite));
  return out.join('\n') + '\n';
}

/** What a model's rewording of the query added to the search, or why it could not. */
function rewriteLine(r: NonNullable<RecallResult['rewrite']>): string {
  return r.terms ? `(also searched, reworded by ${r.provider}: ${oneLine(r.terms, 200)})` : `(no rewording: ${oneLine(r.error ?? 'empty reply', 160)})`;
}

/** ` [code: processOrder fresh src/orders.ts:7; retry gone]`: the anchored code of an episode, where it is now. */
export function codeTail(e: { code?: ReadonlyArray<{ mention: string; state: string }> }): string {
  return e.code?.length ? ` [code: ${e.code.map((c) => `${c.mention} ${c.state}`).join('; ')}]` : '';
}

export function episodesText(r: EpisodesResult): string {
  const out = [
    `## ${r.entity.name} (${r.entity.type}): ${plural(r.total, 'episode')}, newest first`,
    ...r.episodes.map((e) => `${episodeLine(e)} id ${e.id.slice(0, 12)}${codeTail(e)}`),
  ];
  if (r.note) out.push(`(${r.note})`);
  return out.join('\n') + '\n';
}

export function pathText(r: PathResult): string {
  if (!r.found) return `No path from ${r.from.name} to ${r.to.name}${r.note ? `: ${r.note}` : ''}\n`;
  if (r.hops.length === 0) return `${r.from.name} and ${r.to.name} are the same entity\n`;
  const out = [`${r.from.name} → ${r.to.name} in ${plural(r.hops.length, 'hop')}:`];
  r.hops.forEach((h, i) => {
    // The hop's direction is the walk's; the fact keeps its own (source relation target).
    out.push(
      `${i + 1}. ${h.from} → ${h.to} [${h.fact.source} ${h.fact.relation} ${h.fact.target ?? h.fact.value ?? ''}; #${h.fact.id}]: ${oneLine(h.fact.text, 200)}`,
    );
    if (h.evidence)
      out.push(
        `   evidence: ${day(h.evidence.occurred_at)} ${h.evidence.source} ${h.evidence.source === 'manual' ? 'remembered' : `${h.evidence.path}:${h.evidence.line_start}-${h.evidence.line_end}`}`,
      );
  });
  return out.join('\n') + '\n';
}

export function rememberText(r: RememberResult): string {
  const head = r.created
    ? `Remembered (episode ${r.episode_id.slice(0, 12)}).`
    : `Already remembered (episode ${r.episode_id.slice(0, 12)}); nothing new stored.`;
  const out = [head];
  if (r.entities.length) out.push(`entities: ${r.entities.map((e) => `${e.name} (${e.type})`).join(', ')}`);
  out.push(...r.facts.map(factLine));
  out.push(
    r.refine === 'queued'
      ? 'A model will refine it from the queue.'
      : r.refine === 'offline-only'
        ? 'Resolved offline; a configured model would refine it later.'
        : 'Refined by a model.',
  );
  if (r.note) out.push(`(${r.note})`);
  return out.join('\n') + '\n';
}

export function factsText(r: FactsResult): string {
  const out = [`## ${r.entity.name} (${r.entity.type})${r.entity.aliases?.length ? ` aka ${r.entity.aliases.join(', ')}` : ''}: ${plural(r.total, 'fact')}`];
  for (const f of r.facts)
    out.push(`${factLine(f)}${f.expired_at ? ` (retired ${day(f.expired_at)}${f.superseded_by ? `, superseded by #${f.superseded_by}` : ''})` : ''}`);
  if (r.truncated) out.push(`(${r.truncated})`);
  return out.join('\n') + '\n';
}
