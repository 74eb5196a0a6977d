// Which of an episode's candidate names the sessions treat as names, read
// across the whole episode rather than one sentence: an ordinary dictionary
// word written with a capital ("Close", "Structure", "Result") is a name only
// with evidence: it recurs in the episode, memory already knows it spelled so,
// a pattern typed it, it is the subject or object of a fact, or it appears in
// code the session ran or quoted. A title run ("OTEL Bootstrap") that the
// episode writes once is cut to its head. Ids made from the project's name
// (`spotter-fum`, an issue tracker's key) name a task, not a thing.
import { cueType } from './cues';
import type { Mention } from './mentions';
import { commonWord, type Sentence } from './model';

export interface EvidenceContext {
  /** The session's project, when its folder names one. */
  project?: string;
  /** Names memory already knows, exactly as spelled (a glossary name or alias). */
  knownSpellings: ReadonlySet<string>;
  /** The episode's commands, joined: code the session ran. */
  commandText: string;
  /** Identifiers the episode quotes as code. */
  codeNames: ReadonlySet<string>;
}

export interface SentenceMentions {
  sentence: Sentence;
  mentions: Mention[];
  /** Mentions a fact of this sentence binds (its subject or object). */
  inFacts: ReadonlySet<Mention>;
}

const words = (name: string): string[] => name.split(/\s+/);

/** The single capitalized dictionary word, or the capitalized words after a name, that need evidence. */
const ordinaryTail = (name: string): boolean =>
  words(name)
    .slice(1)
    .every((w) => commonWord(w.toLowerCase()));
const ordinaryWord = (name: string): boolean => /^[A-Z][a-z]+$/.test(name) && commonWord(name.toLowerCase());

/** `spotter-fum`, `spotter-0p7`, `spotter-4te.1`: the project's name and a short key that is no word. */
export function projectKey(name: string, project: string | undefined): boolean {
  if (!project) return false;
  const m = new RegExp(`^${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-([a-z0-9]{2,4})(?:\\.\\d+)*$`, 'i').exec(name);
  // `hermes-api`, `spotter-web`: a part that says what kind of thing it is names a component, not a task.
  return m !== null && !commonWord(m[1]!.toLowerCase()) && cueType(m[1]!.toLowerCase()) === undefined;
}

/** Most of the sentence's lowercase words are English ("Lorem ipsum dolor sit amet" is not: its capitals mean nothing). */
function english(s: Sentence): boolean {
  const lower = s.tokens.filter((t) => /^[a-z]{3,}$/.test(t.text));
  return lower.length < 4 || lower.filter((t) => commonWord(t.lower)).length * 2 >= lower.length;
}

/** The episode's mentions, each kept, cut to its head, or dropped by the evidence above. */
export function admitted(all: readonly SentenceMentions[], ctx: EvidenceContext): Mention[][] {
  const count = new Map<string, number>();
  // A word of a sentence in another language ("Lorem ipsum …") stays a word of it when English prose quotes it.
  const foreign = new Set<string>();
  for (const s of all) for (const m of s.mentions) english(s.sentence) ? count.set(m.name, (count.get(m.name) ?? 0) + 1) : foreign.add(m.name);
  const inCode = (name: string): boolean =>
    ctx.codeNames.has(name) || new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(ctx.commandText);
  const evidenced = (name: string, m: Mention, s: SentenceMentions): boolean =>
    ctx.knownSpellings.has(name) ||
    name.toLowerCase() === ctx.project?.toLowerCase() ||
    (count.get(name) ?? 0) >= 2 ||
    m.type !== undefined ||
    s.inFacts.has(m) ||
    inCode(name);
  return all.map((s) =>
    s.mentions.flatMap((m): Mention[] => {
      if (foreign.has(m.name) && !ctx.knownSpellings.has(m.name)) return [];
      if (projectKey(m.name, ctx.project)) return [];
      const toks = s.sentence.tokens;
      if (words(m.name).length > 1 && ordinaryTail(m.name) && !evidenced(m.name, m, s)) {
        const head = toks[m.start]!.text;
        const cut: Mention = { ...m, name: head, end: m.start + 1 };
        return ordinaryWord(head) && !evidenced(head, cut, s) ? [] : [cut];
      }
      if (!ordinaryWord(m.name)) return [m];
      // "AI Elements", "W3C Trace Context": a dictionary word right after another capitalized word is the tail of a longer name.
      const prev = toks[m.start - 1];
      if (prev && /^[A-Z]/.test(prev.text) && prev.pos !== 'PUNCT' && !ctx.knownSpellings.has(m.name)) return [];
      return evidenced(m.name, m, s) ? [m] : [];
    }),
  );
}
