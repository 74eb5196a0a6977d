// Facts from sentences: a few English patterns, matched on the tagged tokens
// between the names a sentence mentions. "X is deployed on Y", "X runs on Y",
// "X uses Y (for Z)", "X depends on Y", "X replaced Y", "replace X with Y",
// "switched from X to Y", "use X instead of Y", "we decided to …", and what
// an assistant concludes ("the cause was …"). Each fact's text is its
// sentence; relations are the closed vocabulary's.
import type { Relation } from '../../protocol/vocabulary';
import { classifyName } from '../resolve';
import { isAgentTool } from './agent-tools';
import { cueType } from './cues';
import { commonWord } from './model';
import { isIdentifier, nameable } from './names';
import type { Mention } from './mentions';
import { spanText, type Sentence, type Token } from './model';

export interface SentenceFact {
  /** A mention, or `project` for "we" / "I" / "our" (the session's project). */
  source: Mention | 'project';
  relation: Relation;
  target?: Mention;
  /** A decision's words, for `decided`. */
  decision?: string;
  /** Set on the target when the pattern says what it is (deployed on → a machine). */
  targetKind?: 'machine';
}

interface Trigger {
  /** Lowercase words in a row; `|` separates alternatives for one word. */
  words: string[];
  relation: Relation;
  /** Swap source and target ("X replaced Y" is Y replaced_by X). */
  reverse?: boolean;
  targetKind?: 'machine';
  /** A plain word may fill its slots ("deployed on atlas"): the pattern itself says it names something. */
  loose?: boolean;
}

const TRIGGERS: Trigger[] = [
  { words: ['deployed|hosted|served|deploys', 'on|to|at'], relation: 'deployed_on', targetKind: 'machine', loose: true },
  { words: ['runs|run|running|lives|live', 'on'], relation: 'runs_on', loose: true },
  { words: ['depends|depend|relies|rely|depending', 'on'], relation: 'depends_on', loose: true },
  { words: ['requires|needs'], relation: 'depends_on' },
  { words: ['uses|use|using'], relation: 'uses' },
  { words: ['replaced|replaces|supersedes|superseded'], relation: 'replaced_by', reverse: true },
  { words: ['replaced|superseded', 'by'], relation: 'replaced_by' },
  { words: ['stores|persists', 'data|state|everything', 'in|to'], relation: 'stores_data_in' },
  { words: ['persists|writes', 'to'], relation: 'stores_data_in' },
  { words: ['connects|talks|connect|talk', 'to'], relation: 'connects_to' },
  { words: ['part', 'of'], relation: 'part_of' },
  { words: ['owned|maintained', 'by'], relation: 'owned_by' },
  { words: ['caused', 'by'], relation: 'caused_by' },
  { words: ['fixed|resolved|solved', 'by'], relation: 'fixed_by' },
  { words: ['built', 'with'], relation: 'built_with' },
  { words: ['via'], relation: 'uses' },
  { words: ['configured', 'in|with|via'], relation: 'configured_with' },
  { words: ['monitored', 'by|with'], relation: 'monitored_by' },
];

const ADOPT =
  /^(add|adds|added|adding|install|installs|installed|installing|adopt|adopted|adopting|introduce|introduced|introducing|integrate|integrated|integrating|upgrade|upgraded|upgrading)$/;
const SWITCH_WORDS =
  /^(switch|switched|switching|migrate|migrated|migrating|move|moved|moving|port|ported|porting|replace|replaced|replacing|use|using|chose|choose|picked|pick|add|adds|added|adding|install|installs|installed|installing|adopt|adopted|adopting|introduce|introduced|introducing|integrate|integrated|integrating|upgrade|upgraded|upgrading)$/;
const WE = new Set(['we', 'i', "we've", "we'll", 'us', 'our', 'team']);
const DECIDE = new Set(['decided', 'decide', 'agreed', 'chose', 'choose', 'opted', 'settled']);
/** How far apart (in tokens) a pattern's name and its trigger may be. */
const REACH = 6;

export function factsIn(s: Sentence, mentions: readonly Mention[]): SentenceFact[] {
  const toks = s.tokens;
  const out: SentenceFact[] = [];
  let loosePool: Mention[] | undefined;
  const loose = (): Mention[] => (loosePool ??= [...mentions, ...plainWords(toks, mentions)]);
  for (let i = 0; i < toks.length; i++) {
    if (FIRST_WORDS.has(toks[i]!.lower))
      for (const t of TRIGGERS) {
        if (!matches(toks, i, t.words)) continue;
        const after = i + t.words.length;
        const pool = t.loose ? loose() : mentions;
        const target = pool.filter((m) => m.start >= after && m.start - after <= 3 && clear(toks, after, m.start)).sort((a, b) => a.start - b.start)[0];
        if (!target) continue;
        const subject = subjectBefore(toks, pool, i);
        if (!subject) continue;
        if (t.reverse) {
          if (subject !== 'project') out.push({ source: target, relation: t.relation, target: subject });
        } else out.push({ source: subject, relation: t.relation, target, ...(t.targetKind ? { targetKind: t.targetKind } : {}) });
      }
    if (SWITCH_WORDS.test(toks[i]!.lower)) out.push(...switches(toks, mentions, loose(), i));
    if (DEPENDENCY_WORDS.test(toks[i]!.lower)) out.push(...dependencyList(toks, mentions, i));
    if (/^(merge|merged|merging|move|moved|moving)$/.test(toks[i]!.lower)) {
      // "merge TranscriptSelection into TranscriptHighlighter": the one becomes part of the other.
      const what = mentions.find((m) => m.start === i + 1 || (m.start === i + 2 && toks[i + 1]?.pos === 'DET'));
      const into =
        what && /^(into|to)$/.test(toks[what.end]?.lower ?? '')
          ? mentions.find((m) => m.start === what.end + 1 || (m.start === what.end + 2 && toks[what.end + 1]?.pos === 'DET'))
          : undefined;
      if (what && into) out.push({ source: what, relation: toks[what.end]!.lower === 'into' ? 'part_of' : 'located_at', target: into });
    }
    if (/^(use|using)$/.test(toks[i]!.lower) && i === firstOf(toks)) {
      // "Use TypeScript, Tailwind CSS for styling": an instruction to the project.
      for (let m = mentions.find((x) => x.start === i + 1); m;) {
        out.push({ source: 'project', relation: 'uses', target: m });
        let next = m.end;
        while (next < toks.length && (toks[next]!.text === ',' || /^(and|or)$/.test(toks[next]!.lower) || /^[A-Z]{2,}$/.test(toks[next]!.text))) next++;
        m = next > m.end ? mentions.find((x) => x.start === next) : undefined;
      }
    }
    const d = decision(toks, i);
    if (d) out.push({ source: 'project', relation: 'decided', decision: d });
  }
  return out;
}

/** Each trigger's words, split once into sets of alternatives. */
const ALTERNATIVES = new Map<readonly string[], Array<Set<string>>>(TRIGGERS.map((t) => [t.words, t.words.map((w) => new Set(w.split('|')))]));
const FIRST_WORDS = new Set(TRIGGERS.flatMap((t) => t.words[0]!.split('|')));

function matches(toks: readonly Token[], i: number, words: readonly string[]): boolean {
  const alts = ALTERNATIVES.get(words) ?? words.map((w) => new Set(w.split('|')));
  return alts.every((set, k) => toks[i + k] !== undefined && set.has(toks[i + k]!.lower));
}

/** Only articles, adjectives and cue nouns between a trigger and its name: "on the machine atlas". */
function clear(toks: readonly Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!['DET', 'ADJ', 'NOUN'].includes(toks[k]!.pos)) return false;
  return true;
}

/** The name a trigger's clause is about: the nearest mention ending just before it, or "we". */
function subjectBefore(toks: readonly Token[], mentions: readonly Mention[], i: number): Mention | 'project' | undefined {
  for (let k = i - 1; k >= 0 && i - k <= REACH; k--) {
    const m = mentions.find((x) => x.end === k + 1);
    if (m) return m;
    const t = toks[k]!;
    if (WE.has(t.lower)) return 'project';
    // A clause boundary or another verb ends the search.
    if (t.pos === 'PUNCT' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || (t.pos === 'VERB' && k < i - 1)) return undefined;
  }
  return undefined;
}

/** "switch(ed) from X to Y", "migrate from X to Y", "use X instead of Y", "replace X with Y". */
function switches(toks: readonly Token[], mentions: readonly Mention[], loose: readonly Mention[], i: number): SentenceFact[] {
  const at = (k: number): string | undefined => toks[k]?.lower;
  // A switch names both sides, so a plain word may fill them ("use pnpm instead of npm"); "add X" needs X to be a name already.
  const mentionAt = (k: number): Mention | undefined => loose.find((m) => m.start === k || (m.start === k + 1 && toks[k]?.pos === 'DET'));
  const nameAt = (k: number): Mention | undefined => mentions.find((m) => m.start === k || (m.start === k + 1 && toks[k]?.pos === 'DET'));
  const w = at(i);
  if (w === undefined) return [];
  // "migrate this app from X to Y": what moves may stand between the verb and "from".
  let fromAt = i + 1;
  while (fromAt - i <= 3 && at(fromAt) !== 'from' && ['DET', 'NOUN', 'PRON'].includes(toks[fromAt]?.pos ?? '')) fromAt++;
  if (/^(switch|switched|switching|migrate|migrated|migrating|move|moved|moving)$/.test(w) && at(fromAt) === 'from') {
    const from = mentionAt(fromAt + 1);
    const toIdx = from ? toks.findIndex((t, k) => k >= from.end && t.lower === 'to') : -1;
    const to = toIdx >= 0 && toIdx - (from?.end ?? 0) <= 1 ? mentionAt(toIdx + 1) : undefined;
    if (from && to) return switched(from, to);
  }
  if (/^(switch|switched|switching|migrate|migrated|move|moved)$/.test(w) && at(i + 1) === 'to') {
    const to = mentionAt(i + 2);
    if (to)
      return [
        { source: 'project', relation: 'uses', target: to },
        { source: 'project', relation: 'decided', decision: `switch to ${to.name}` },
      ];
  }
  if (/^(migrate|migrated|migrating|move|moved|moving|port|ported|porting)$/.test(w)) {
    // "migrating @supabase/supabase-js to prisma"
    const from = mentionAt(i + 1);
    const to = from && at(from.end) === 'to' ? mentionAt(from.end + 1) : undefined;
    if (from && to) return switched(from, to);
  }
  if (ADOPT.test(w)) {
    // "Add Credo, Dialyxir and mix_audit", "installed Vitest": the project uses each.
    const out: SentenceFact[] = [];
    let k = i + 1;
    while (k < toks.length && k - i <= 4 && !nameAt(k) && ['DET', 'ADJ', 'NUM'].includes(toks[k]!.pos)) k++;
    for (let m = nameAt(k); m;) {
      out.push({ source: 'project', relation: 'uses', target: m });
      let next = m.end;
      while (next < toks.length && (toks[next]!.text === ',' || /^(and|or)$/.test(toks[next]!.lower))) next++;
      m = next > m.end ? nameAt(next) : undefined;
    }
    return out;
  }
  if (/^(replace|replaced|replacing)$/.test(w)) {
    const from = mentionAt(i + 1);
    const withIdx = from ? from.end : -1;
    const to = withIdx >= 0 && (at(withIdx) === 'with' || at(withIdx) === 'by') ? mentionAt(withIdx + 1) : undefined;
    if (from && to)
      return [
        { source: from, relation: 'replaced_by', target: to },
        { source: 'project', relation: 'uses', target: to },
      ];
  }
  if (/^(use|using|chose|choose|picked|pick)$/.test(w)) {
    const to = mentionAt(i + 1);
    if (to && at(to.end) === 'instead' && at(to.end + 1) === 'of') {
      const from = mentionAt(to.end + 2);
      if (from) return switched(from, to);
    }
  }
  return [];
}

const firstOf = (toks: readonly Token[]): number => toks.findIndex((t) => /^\w/.test(t.text));
const DEPENDENCY_WORDS = /^(dependencies|dependency|deps|packages|libraries)$/;
const LIST_OPENS = new Set(['(', ':', 'like', 'such', 'as', 'include', 'includes', 'including', 'feature', 'features', 'are', 'is', '-', '–', '—']);

/** "key packages (Next.js, TypeScript, Tailwind)", "dependencies feature TypeScript, Tailwind CSS and ESLint": the project depends on each. */
function dependencyList(toks: readonly Token[], mentions: readonly Mention[], i: number): SentenceFact[] {
  let k = i + 1;
  if (!LIST_OPENS.has(toks[k]?.lower ?? '')) return [];
  while (k < toks.length && LIST_OPENS.has(toks[k]!.lower)) k++;
  const out: SentenceFact[] = [];
  for (let m = mentions.find((x) => x.start === k); m; m = mentions.find((x) => x.start === k)) {
    out.push({ source: 'project', relation: 'depends_on', target: m });
    k = m.end;
    // A version, a following plain word ("Tailwind CSS v4 with PostCSS integration"), a comma or "and" stay in the list.
    while (
      k < toks.length &&
      k - m.end <= 4 &&
      !mentions.some((x) => x.start === k) &&
      (toks[k]!.text === ',' || /^(and|or|with|v?\d[\w.]*)$/i.test(toks[k]!.lower) || /^[A-Z]{2,}$/.test(toks[k]!.text))
    )
      k++;
  }
  return out;
}

/** A switch from one thing to another: the old is replaced by the new, the project uses the new, and that was a decision. */
const switched = (from: Mention, to: Mention): SentenceFact[] => [
  { source: from, relation: 'replaced_by', target: to },
  { source: 'project', relation: 'uses', target: to },
  { source: 'project', relation: 'decided', decision: `use ${to.name} instead of ${from.name}` },
];

/** Single plain nouns no mention covers, as candidates for a slot a pattern says is a name. */
function plainWords(toks: readonly Token[], mentions: readonly Mention[]): Mention[] {
  const out: Mention[] = [];
  toks.forEach((t, k) => {
    if (mentions.some((m) => k >= m.start && k < m.end)) return;
    if ((t.pos !== 'NOUN' && t.pos !== 'PROPN') || !nameable(t) || cueType(t.lower) || isAgentTool(t.text) || classifyName(t.text) !== 'entity') return;
    // "deployed on atlas" names a thing; "depends on configuration" does not.
    if (!isIdentifier(t) && (commonWord(t.lower) || t.joined)) return;
    out.push({ name: t.text, start: k, end: k + 1 });
  });
  return out;
}

/** "we decided to keep the API on web-1", "Decided: keep …": the decision's words, up to the clause's end. */
function decision(toks: readonly Token[], i: number): string | undefined {
  if (i === 0 && /^(decided|decision)$/.test(toks[0]!.lower) && toks[1]?.text === ':') return clauseFrom(toks, 2);
  if (!WE.has(toks[i]?.lower ?? '')) return undefined;
  let k = i + 1;
  if (toks[k]?.lower === 'have' || toks[k]?.lower === "'ve") k++;
  if (!DECIDE.has(toks[k]?.lower ?? '')) return undefined;
  k++;
  if (['to', 'on', 'that', 'against'].includes(toks[k]?.lower ?? '')) k++;
  return clauseFrom(toks, k);
}

/** The words from k to the clause's end: a comma goes on ("use Tailwind for styling, no more CSS modules"), a semicolon or a stop ends it. */
function clauseFrom(toks: readonly Token[], k: number): string | undefined {
  let end = k;
  while (end < toks.length && !/^[.;!?:]$/.test(toks[end]!.text)) end++;
  const text = spanText(toks.slice(k, end)).replace(/`/g, '').trim();
  return text.length >= 3 ? text.slice(0, 120) : undefined;
}
