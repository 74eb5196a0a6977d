// Entity candidates in one sentence: spans of tokens that name a thing, each
// with the type its context gives (a glossary entry, a cue word, a person
// verb, a program the session also ran). A capitalized word counts only
// where capitals mean something: not as the first word of a sentence, unless
// the episode also writes it capitalized mid-sentence.
import type { EntityType } from '../../protocol/vocabulary';
import { classifyName } from '../resolve';
import { isAgentTool } from './agent-tools';
import { cueType, hostShaped, isCodeCue, isPersonVerb, isToolContext } from './cues';
import { commonWord, type Sentence, type Token } from './model';
import { isCapitalized, isIdentifier, nameable } from './names';

export interface Mention {
  name: string;
  /** Undefined when nothing in the context says; the caller settles it. */
  type?: EntityType;
  /** Token span [start, end). */
  start: number;
  end: number;
}

export interface MentionContext {
  /** Known names (lowercase, aliases too) and their types: the glossary. */
  known: ReadonlyMap<string, EntityType>;
  /**
   * Of those, the ones the glossary writes in lowercase (`billing-api`, `atlas`). An ordinary word in
   * lowercase ("the demo folder") is a known name only when the name is written so: the project `Demo`
   * is not every "demo". Without it, every known name matches in any case.
   */
  knownLowercase?: ReadonlySet<string>;
  /** Programs and hosts the episode's commands name, lowercase: tools and machines once prose names them. */
  programs: ReadonlyMap<string, string>;
  hosts: ReadonlyMap<string, string>;
  /** Tool names this episode's breadcrumbs carry. */
  toolsUsed: ReadonlySet<string>;
  /** Identifiers the episode quotes as code. */
  codeNames: ReadonlySet<string>;
  /** Words the episode writes capitalized somewhere other than a sentence's start, lowercase. */
  capitalizedMid: ReadonlySet<string>;
  /** Words the episode also writes in lowercase: "Settings" beside "the settings" is a label, not a name. */
  lowercase: ReadonlySet<string>;
}

/**
 * Index of the first word of the sentence: after any punctuation, and after a list item's number or
 * letter ("4. Enqueues jobs", "b) Plain text"), whose next word is capitalized as a sentence's first is.
 */
export const firstWord = (tokens: readonly Token[]): number => {
  const i = tokens.findIndex((t) => /^[\w@]/.test(t.text));
  const t = tokens[i];
  if (t && /^(\d{1,3}|[a-z])[.)]?$/i.test(t.text) && (/[.)]$/.test(t.text) || /^[.)]$/.test(tokens[i + 1]?.text ?? ''))) {
    const next = tokens.findIndex((x, k) => k > i && /^[\w@]/.test(x.text));
    if (next >= 0) return next;
  }
  return i;
};

/** Tokens after which a word is capitalized as a sentence's first is: a colon, a quote, a dash, an arrow. */
export const OPENS_CLAUSE = /^(?:[:“"'(\u2014\u2013\u2192\u21d2|-]|->|=>)$/;

/** Words the sentences write all in lowercase. */
export function lowercaseWords(sentences: readonly Sentence[]): Set<string> {
  const out = new Set<string>();
  // Only where it is plainly a common noun: after an article, an adjective or a possessive ("the settings", "a filter").
  for (const s of sentences)
    s.tokens.forEach((t, i) => {
      const prev = s.tokens[i - 1];
      if (/^[a-z]+$/.test(t.text) && prev && (prev.pos === 'DET' || prev.pos === 'ADJ' || /^(our|your|its|their|my|his|her)$/.test(prev.lower)))
        out.add(t.text);
    });
  return out;
}

/** Lowercase words written capitalized after a sentence's first word. */
export function capitalizedMidSentence(sentences: readonly Sentence[]): Set<string> {
  const out = new Set<string>();
  for (const s of sentences) {
    const first = firstWord(s.tokens);
    s.tokens.forEach((t, i) => {
      if (i > first && t.pos === 'PROPN' && isCapitalized(t) && !OPENS_CLAUSE.test(s.tokens[i - 1]?.text ?? '') && !titleCase(s.tokens)) out.add(t.lower);
    });
  }
  return out;
}

export function mentionsIn(s: Sentence, ctx: MentionContext, options: { heading?: boolean } = {}): Mention[] {
  const toks = s.tokens;
  const first = firstWord(toks);
  // In a heading, a title written in Title Case, or a "Bold Label: …" before its colon, capitals say nothing.
  const titled = options.heading === true || titleCase(toks);
  const label = labelEnd(toks);
  const titledRun = titleBeforeColon(toks);
  const out: Mention[] = [];
  const cueAt = (i: number): EntityType | undefined => (i >= 0 && i < toks.length && !toks[i]!.stop ? cueType(toks[i]!.lower) : undefined);
  const code = insideCode(toks);
  const nameAt = (i: number): boolean => {
    const t = toks[i]!;
    // A command's program opening a code span (`bd ready`, `mix ash.codegen`) is the one piece of code that may name a tool.
    const codePiece = code[i] && !(toks[i - 1]?.text === '`' && ctx.programs.has(t.lower));
    if (!nameable(t) || codePiece || isAgentTool(t.text, ctx.toolsUsed) || listOfCode(toks, i) || ctx.codeNames.has(t.text)) return false;
    const plainWord = ctx.knownLowercase !== undefined && /^[a-z]+$/.test(t.text) && !ctx.knownLowercase.has(t.lower) && commonWord(t.lower);
    if ((ctx.known.has(t.lower) && !plainWord) || ctx.hosts.has(t.lower)) return true;
    if (ctx.programs.has(t.lower)) return !commonWord(t.lower) || isToolContext(toks[i - 1]?.lower) || cueAt(i + 1) === 'tool';
    if (cueType(t.lower) !== undefined) return false;
    if (capitalsLabel(toks, i)) return false;
    // An English word in capitals (INSERT, POST, PROGRESS) is emphasis or a keyword, not a name.
    if (/^[A-Z]{3,}[sS]?$/.test(t.text) && (commonWord(t.lower) || (/s$/.test(t.lower) && commonWord(t.lower.slice(0, -1))))) return false;
    // A bare acronym in a heading ("# Context from my IDE setup") is style too.
    if (isIdentifier(t) && t.pos !== 'ADJ' && t.pos !== 'VERB' && t.pos !== 'ADV') return !(titled && /^[A-Z]+s?$/.test(t.text));
    if (isCapitalized(t) && !t.joined && (t.pos === 'PROPN' || t.pos === 'NOUN' || t.pos === 'X')) {
      if (titled || i < label || titledRun.has(i)) return false;
      if (commonWord(t.lower) && ctx.lowercase.has(t.lower)) return false;
      // After a colon, a quote, a dash or an arrow a word is capitalized as a sentence's first is.
      const initial = i <= first || OPENS_CLAUSE.test(toks[i - 1]?.text ?? '') || /[:]$/.test(toks[i - 1]?.text ?? '');
      const placed = !initial || ctx.capitalizedMid.has(t.lower) || cueAt(i + 1) !== undefined || isPersonVerb(toks[i + 1]?.lower);
      // "Complete", "Core", "Settings": an ordinary word capitalized is a name only where the tagger says so, mid-sentence.
      return placed && (!commonWord(t.lower) || (t.pos === 'PROPN' && !initial));
    }
    // A plain word names something only beside a cue, and only if it is no ordinary word: "the machine atlas".
    return (
      (t.pos === 'NOUN' || t.pos === 'PROPN') &&
      !commonWord(t.lower) &&
      (!t.joined || isIdentifier(t)) &&
      (cueBefore(toks, i) !== undefined || cueAt(i + 1) !== undefined)
    );
  };
  for (let i = 0; i < toks.length; i++) {
    if (!nameAt(i)) {
      // "Action Creators", "John Doe": the rest of a capitalized phrase whose head was turned away goes with it.
      while (
        nameable(toks[i]!) &&
        (toks[i]!.pos === 'PROPN' || toks[i]!.pos === 'NOUN') &&
        isCapitalized(toks[i]!) &&
        toks[i + 1] &&
        isCapitalized(toks[i + 1]!) &&
        !isIdentifier(toks[i + 1]!)
      )
        i++;
      continue;
    }
    let end = i + 1;
    // A name and the ordinary capitalized words after it stay one name ("Claude Code", "Lucide React");
    // two names side by side stay two ("Supabase Postgres", "Prisma SQLite").
    while (
      end < toks.length &&
      end - i < 3 &&
      isCapitalized(toks[i]!) &&
      !toks[i]!.joined &&
      /^[A-Z][a-z]+$/.test(toks[end]!.text) &&
      commonWord(toks[end]!.lower) &&
      !ctx.lowercase.has(toks[end]!.lower) &&
      toks[end]!.pos === 'PROPN'
    )
      end++;
    const name = toks
      .slice(i, end)
      .map((t) => t.text)
      .join(' ');
    if (classifyName(name) === 'entity') out.push({ name, type: typeOf(toks, i, end, name, ctx), start: i, end });
    i = end - 1;
  }
  typeLists(toks, out);
  return out;
}

/**
 * Tokens that are a piece of a code span of several tokens (`credo:disable-for-next-line`,
 * `/agent-[a-zA-Z0-9]+/`): a fragment of code names nothing. A span of one token (`Zod`) is left
 * to the episode's quoted identifiers (MentionContext.codeNames).
 */
function insideCode(toks: readonly Token[]): boolean[] {
  const out = toks.map(() => false);
  let open = -1;
  toks.forEach((t, i) => {
    if (t.text !== '`') return;
    if (open < 0) open = i;
    else {
      if (i - open > 2) for (let k = open + 1; k < i; k++) out[k] = true;
      open = -1;
    }
  });
  return out;
}

const ALL_CAPS = /^[A-Z]{3,}$/;

/**
 * An ordinary word written in capitals as a label or for emphasis, not an acronym: in parentheses
 * ("(NEW)", "(EPIC):"), before a colon ("NOTE:"), beside another such word ("IN PROGRESS"), or
 * opening the sentence. HTTP or CRUD in running text stay names.
 */
function capitalsLabel(toks: readonly Token[], i: number): boolean {
  const t = toks[i]!;
  if (!ALL_CAPS.test(t.text) || !commonWord(t.lower)) return false;
  const prev = toks[i - 1]?.text;
  const next = toks[i + 1]?.text;
  return prev === '(' || next === ')' || next === ':' || i === firstWord(toks) || ALL_CAPS.test(prev ?? '') || ALL_CAPS.test(next ?? '');
}

const LIST_OPENERS = new Set(['(', ':', 'like', 'such', 'as', 'include', 'includes', 'including', 'feature', 'features', 'e.g.', 'namely', '-', '–', '—']);

/** "key packages (Next.js, TypeScript, Tailwind)", "quality tools: Credo, Dialyxir": the names listed after a kind take it. */
function typeLists(toks: readonly Token[], mentions: Mention[]): void {
  toks.forEach((t, c) => {
    const kind = cueType(t.lower);
    // A capitalized kind ("Quality Tools") is one only when a list follows it.
    if (!kind || kind === 'machine' || (/^[A-Z]/.test(t.text) && !LIST_OPENERS.has(toks[c + 1]?.lower ?? ''))) return;
    let k = c + 1;
    while (k < toks.length && LIST_OPENERS.has(toks[k]!.lower)) k++;
    for (let m = mentions.find((x) => x.start === k); m; m = mentions.find((x) => x.start === k)) {
      m.type ??= kind;
      k = m.end;
      while (k < toks.length && (toks[k]!.text === ',' || /^(and|or)$/.test(toks[k]!.lower) || /^v?\d/.test(toks[k]!.text))) k++;
    }
  });
}

/**
 * The name is followed by a code or interface word, directly or at the end of
 * a list of names: "the TodoList component", "TodoItem, TodoFilter, and
 * AddTodo components", "the Settings and Dashboard pages".
 */
function listOfCode(toks: readonly Token[], i: number): boolean {
  let k = i + 1;
  while (
    k < toks.length &&
    k - i <= 12 &&
    (toks[k]!.text === ',' || /^(and|or|&)$/.test(toks[k]!.lower) || (/^[A-Z@]/.test(toks[k]!.text) && !isCodeCue(toks[k]!.lower)))
  )
    k++;
  // One plain noun may stand between: "the Teams settings page", "typed Result objects".
  return isCodeCue(toks[k]?.lower) || (toks[k]?.pos === 'NOUN' && /^[a-z]/.test(toks[k]!.text) && isCodeCue(toks[k + 1]?.lower));
}

/** Most words capitalized: a heading or a title, where capitals are style. */
function titleCase(toks: readonly Token[]): boolean {
  const words = toks.filter((t) => /^[A-Za-z]/.test(t.text) && !t.stop);
  if (words.length < 2) return false;
  const ratio = words.filter((t) => /^[A-Z]/.test(t.text)).length / words.length;
  // A sentence with a verb in it is a title only when every word is capitalized ("We switched from Jest to Vitest",
  // "Add Credo, Dialyxir and Sobelow to the project" are not).
  const verb = toks.some((t, i) => (t.pos === 'VERB' || t.pos === 'AUX') && (i === firstWord(toks) || /^[a-z]/.test(t.text)));
  return verb ? words.length >= 3 && ratio === 1 : ratio >= 0.6;
}

/** The capitalized words right before a colon ("Phase 4 – Decommission Supabase Data Access: …"): a title, whatever its length. */
function titleBeforeColon(toks: readonly Token[]): Set<number> {
  const out = new Set<number>();
  toks.forEach((t, c) => {
    if (t.text !== ':') return;
    for (let k = c - 1; k >= 0 && (/^[A-Z0-9]/.test(toks[k]!.text) || /^[-–—&]$/.test(toks[k]!.text)); k--) out.add(k);
  });
  return out;
}

/** Index just past a leading "Label:" of up to five words (0 when there is none). */
function labelEnd(toks: readonly Token[]): number {
  const colon = toks.findIndex((t) => t.text === ':');
  return colon > 0 && colon <= 5 ? colon + 1 : 0;
}

/** "the machine atlas": a cue word right before the name, past an article. */
function cueBefore(toks: readonly Token[], i: number): EntityType | undefined {
  const prev = toks[i - 1];
  return prev && !prev.stop && prev.pos !== 'ADJ' ? cueType(prev.lower) : undefined;
}

function typeOf(toks: readonly Token[], start: number, end: number, name: string, ctx: MentionContext): EntityType | undefined {
  const lower = name.toLowerCase();
  const known = ctx.known.get(lower);
  if (known) return known;
  const after = toks[end] && !toks[end]!.stop ? cueType(toks[end]!.lower) : undefined;
  const cue = after ?? cueBefore(toks, start);
  if (cue === 'machine' && toks[end]?.lower === 'server' && !hostShaped(name)) return 'service';
  if (cue) return cue;
  // `billing-api`, `example-app`: a name whose last part says what it is.
  const suffix = /[-_]([a-z]+)$/i.exec(name)?.[1];
  const bySuffix = cueType(suffix);
  if (bySuffix && bySuffix !== 'machine') return bySuffix;
  if (isPersonVerb(toks[end]?.lower) && /^[A-Z][a-z]+$/.test(name)) return 'person';
  if (ctx.hosts.has(lower)) return 'machine';
  if (ctx.programs.has(lower)) return 'tool';
  return undefined;
}
