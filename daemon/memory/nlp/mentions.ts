// Entity candidates in one sentence: spans of tokens that name a thing, each
// with the type its context gives (a glossary entry, a cue word, a person
// verb, a program the session also ran). A capitalized word counts only
// where capitals mean something: not as the first word of a sentence, unless
// the episode also writes it capitalized mid-sentence.
import type { EntityType } from '../../protocol/vocabulary';
import { classifyName } from '../resolve';
import { isAgentTool } from './agent-tools';
import { cueType, hostShaped, isPersonVerb } from './cues';
import type { Sentence, Token } from './model';
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
  /** Programs and hosts the episode's commands name, lowercase: tools and machines once prose names them. */
  programs: ReadonlyMap<string, string>;
  hosts: ReadonlyMap<string, string>;
  /** Tool names this episode's breadcrumbs carry. */
  toolsUsed: ReadonlySet<string>;
  /** Words the episode writes capitalized somewhere other than a sentence's start, lowercase. */
  capitalizedMid: ReadonlySet<string>;
}

/** Index of the first word of the sentence (after any punctuation). */
export const firstWord = (tokens: readonly Token[]): number => tokens.findIndex((t) => /^[\w@]/.test(t.text));

/** Lowercase words written capitalized after a sentence's first word. */
export function capitalizedMidSentence(sentences: readonly Sentence[]): Set<string> {
  const out = new Set<string>();
  for (const s of sentences) {
    const first = firstWord(s.tokens);
    s.tokens.forEach((t, i) => {
      if (i > first && t.pos === 'PROPN' && isCapitalized(t)) out.add(t.lower);
    });
  }
  return out;
}

export function mentionsIn(s: Sentence, ctx: MentionContext): Mention[] {
  const toks = s.tokens;
  const first = firstWord(toks);
  const out: Mention[] = [];
  const cueAt = (i: number): EntityType | undefined => (i >= 0 && i < toks.length && !toks[i]!.stop ? cueType(toks[i]!.lower) : undefined);
  const nameAt = (i: number): boolean => {
    const t = toks[i]!;
    if (!nameable(t) || isAgentTool(t.text, ctx.toolsUsed)) return false;
    if (ctx.known.has(t.lower) || ctx.programs.has(t.lower) || ctx.hosts.has(t.lower)) return true;
    if (cueType(t.lower) !== undefined) return false;
    if (isIdentifier(t) && t.pos !== 'ADJ' && t.pos !== 'VERB' && t.pos !== 'ADV') return true;
    if (isCapitalized(t) && (t.pos === 'PROPN' || t.pos === 'NOUN' || t.pos === 'X')) return i > first || ctx.capitalizedMid.has(t.lower) || cueAt(i + 1) !== undefined;
    // A plain word names something only beside a cue: "the machine atlas", "the hermes service".
    return (t.pos === 'NOUN' || t.pos === 'PROPN') && (cueBefore(toks, i) !== undefined || cueAt(i + 1) !== undefined);
  };
  for (let i = 0; i < toks.length; i++) {
    if (!nameAt(i)) continue;
    let end = i + 1;
    // Proper names of several words ("Claude Code", "Visual Studio Code") stay one name.
    while (end < toks.length && isCapitalized(toks[i]!) && isCapitalized(toks[end]!) && toks[end]!.pos === 'PROPN' && nameAt(end)) end++;
    const name = toks.slice(i, end).map((t) => t.text).join(' ');
    if (classifyName(name) === 'entity') out.push({ name, type: typeOf(toks, i, end, name, ctx), start: i, end });
    i = end - 1;
  }
  return out;
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
