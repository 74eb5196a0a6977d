// The NLP pipeline, loaded lazily and once: the first extraction pays the
// model's load (~140 ms), every later one reuses it. Text in, sentences of
// tokens out, with identifiers that the tokenizer splits (`billing-api`,
// `Node.js`, `web-1`) joined back into one token.
import type { ItemSentence, PartOfSpeech } from 'wink-nlp';

export interface Token {
  /** The token as written. */
  text: string;
  /** Lowercase, for matching. */
  lower: string;
  pos: PartOfSpeech;
  stop: boolean;
  /** Joined from pieces the tokenizer split (`billing-api`): an identifier, not a word. */
  joined: boolean;
  /** Whitespace before it in the text, so a span can be written back as it was. */
  gap: string;
}

export interface Sentence {
  text: string;
  tokens: Token[];
}

type Wink = ReturnType<typeof import('./wink').winkNLP>;
let loaded: { nlp: Wink; lexicon: number; module: typeof import('./wink'); calls: number } | undefined;
let lastUsed = 0;
let probes = 0;

/**
 * The model costs the daemon about 60 MB of RSS (33 MB of V8 heap) once
 * loaded, and extraction is occasional: after this long unused it is let go
 * (SCRY_NLP_IDLE_MS; tests shorten it), and the next extraction loads it again.
 */
const IDLE_MS = 5 * 60_000;

function idleMs(): number {
  const v = Number(process.env.SCRY_NLP_IDLE_MS);
  return Number.isFinite(v) && v > 0 ? v : IDLE_MS;
}

/**
 * Words wink's instance may learn before it is replaced. It adds every unknown word it reads to its
 * lexicon for good, so a long-lived daemon reading sessions would grow without bound; a fresh instance
 * starts from the model's lexicon again (about 140 ms, once per this many new words).
 */
export const LEXICON_GROWTH_MAX = 100_000;
/** Calls between two looks at how far the lexicon has grown (a look reads one word). */
const CHECK_EVERY = 256;

/** The id the next unknown word gets: the lexicon's size now. */
const nextId = (nlp: Wink): number =>
  nlp
    .readDoc(`qzxvwjkq${(probes++).toString(36)}`)
    .tokens()
    .out(nlp.its.uniqueId)[0] as number;

function wink(): { nlp: Wink; lexicon: number } {
  lastUsed = Date.now();
  if (loaded && ++loaded.calls % CHECK_EVERY === 0 && nextId(loaded.nlp) - loaded.lexicon > LEXICON_GROWTH_MAX) {
    const nlp = loaded.module.winkNLP(loaded.module.model);
    loaded = { ...loaded, nlp, lexicon: nextId(nlp), calls: 0 };
  }
  if (!loaded) {
    // In the daemon's bundle this resolves to dist/nlp.js (scripts/build.mjs); from source, to ./wink.ts.
    const module = require('./wink') as typeof import('./wink');
    const nlp = module.winkNLP(module.model);
    // Words the model does not know get ids past its lexicon: the first unknown word's id is the lexicon's size.
    loaded = { nlp, lexicon: nextId(nlp), module, calls: 0 };
    unloadWhenIdle(idleMs());
  }
  return loaded;
}

function unloadWhenIdle(ms: number): void {
  setTimeout(() => {
    const left = lastUsed + ms - Date.now();
    if (left > 0) unloadWhenIdle(left);
    else unloadModel();
  }, ms).unref();
}

/** Lets the model go: nothing here refers to it, and its module leaves require's cache, so V8 can collect it. */
export function unloadModel(): void {
  if (!loaded) return;
  const { module } = loaded;
  loaded = undefined;
  commonCache.clear();
  const entry = Object.values(require.cache).find((cached) => cached?.exports === module);
  if (entry) forget(entry);
}

/**
 * Drops a module from require's cache, and from the children list of every
 * module that loaded it (which would keep its exports alive), with the wink
 * modules it loaded (from source: wink-nlp and its model; the bundle has them inline).
 */
function forget(entry: NodeJS.Module): void {
  delete require.cache[entry.id];
  for (const cached of Object.values(require.cache)) {
    const at = cached?.children.indexOf(entry) ?? -1;
    if (at !== -1) cached!.children.splice(at, 1);
  }
  for (const child of entry.children) if (/wink/.test(child.id) && require.cache[child.id]) forget(child);
}

/** Is the model in memory now? */
export function modelLoaded(): boolean {
  return loaded !== undefined;
}

/** How many words the current instance has learnt beyond the model's lexicon (for tests and status). */
export function lexiconGrowth(): number {
  const w = wink();
  return nextId(w.nlp) - w.lexicon;
}

const COMMON_CACHE_MAX = 20_000;
const commonCache = new Map<string, boolean>();

/**
 * True when the model's English lexicon has the word (lowercase): "atlas",
 * "hermes" and "pnpm" are not in it, "development" and "store" are. A plain
 * word names a thing only when it is not an ordinary English word.
 */
/** The base forms an English inflection may come from (plural, past, -ing), most likely first. */
export function baseForms(w: string): string[] {
  const out: string[] = [];
  if (/ies$/.test(w)) out.push(w.replace(/ies$/, 'y'));
  else if (/[^s]s$/.test(w)) out.push(w.slice(0, -1));
  if (/ied$/.test(w)) out.push(w.replace(/ied$/, 'y'));
  else if (/ed$/.test(w) && w.length > 4) out.push(w.slice(0, -1), w.slice(0, -2));
  if (/ing$/.test(w) && w.length > 5) out.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  // A doubled last consonant: "stopped", "mapping".
  const doubled = /([b-df-hj-np-tv-z])\1(?:ed|ing)$/.exec(w);
  if (doubled) out.push(w.slice(0, doubled.index + 1));
  return out;
}

export function commonWord(lower: string): boolean {
  const hit = commonCache.get(lower);
  if (hit !== undefined) return hit;
  const { nlp, lexicon } = wink();
  const known = (w: string): boolean => {
    const ids = nlp.readDoc(w).tokens().out(nlp.its.uniqueId) as number[];
    return ids.length === 1 && ids[0]! < lexicon;
  };
  // The lexicon holds base forms more often than inflections: "dependencies" is "dependency", "explored"
  // is "explore", "indented" is "indent", "stopped" is "stop", "mapping" is "map".
  const common = known(lower) || baseForms(lower).some(known);
  if (commonCache.size >= COMMON_CACHE_MAX) commonCache.clear();
  commonCache.set(lower, common);
  return common;
}

/** A span of tokens written back as it stood. */
export const spanText = (tokens: readonly Token[]): string =>
  tokens
    .map((t, k) => (k === 0 ? t.text : t.gap + t.text))
    .join('')
    .trim();

/** Sentences of one paragraph of prose. */
export function sentencesOf(text: string): Sentence[] {
  const { nlp } = wink();
  const its = nlp.its;
  const out: Sentence[] = [];
  // The sentence splitter ends a sentence at "Next." of Next.js: inside a word, a dot is written as a one-dot leader while it reads.
  const guarded = text.replace(/(?<=[A-Za-z0-9])\.(?=[A-Za-z0-9])/g, DOT);
  nlp
    .readDoc(guarded)
    .sentences()
    .each((s: ItemSentence) => {
      const tokens = s.tokens();
      const values = (tokens.out(its.value) as string[]).map(undot);
      const pos = tokens.out(its.pos) as PartOfSpeech[];
      const spaces = tokens.out(its.precedingSpaces) as string[];
      const stop = tokens.out(its.stopWordFlag) as boolean[];
      out.push({ text: undot(s.out()), tokens: join(values, pos, spaces, stop) });
    });
  return out;
}

const DOT = '\u2024';
const undot = (s: string): string => s.replaceAll(DOT, '.');
const WORDISH = /^[\w+]/;
const CONNECTOR = /^[-._/@+]$/;

/** Joins `billing` `-` `api` (no spaces between) into `billing-api`; its part of speech is its last word's. */
function join(values: string[], pos: PartOfSpeech[], spaces: string[], stop: boolean[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const prev = out[out.length - 1];
    const attached = spaces[i] === '';
    // A connector glued to a word on both sides, or a word glued to a trailing connector.
    if (
      prev &&
      attached &&
      CONNECTOR.test(v) &&
      i + 1 < values.length &&
      spaces[i + 1] === '' &&
      WORDISH.test(values[i + 1]!) &&
      WORDISH.test(prev.text.slice(-1))
    ) {
      const next = values[i + 1]!;
      prev.text += v + next;
      prev.lower = prev.text.toLowerCase();
      prev.pos = pos[i + 1]!;
      prev.stop = false;
      prev.joined = true;
      i++;
      continue;
    }
    out.push({ text: v, lower: v.toLowerCase(), pos: pos[i]!, stop: stop[i]!, joined: false, gap: spaces[i] ?? '' });
  }
  return out;
}
