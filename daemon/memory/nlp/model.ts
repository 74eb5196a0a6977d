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
let loaded: Wink | undefined;

function wink(): Wink {
  if (!loaded) {
    // In the daemon's bundle this resolves to dist/nlp.js (scripts/build.mjs); from source, to ./wink.ts.
    const { winkNLP, model } = require('./wink') as typeof import('./wink');
    loaded = winkNLP(model);
  }
  return loaded;
}

/** A span of tokens written back as it stood. */
export const spanText = (tokens: readonly Token[]): string => tokens.map((t, k) => (k === 0 ? t.text : t.gap + t.text)).join('').trim();

/** Sentences of one paragraph of prose. */
export function sentencesOf(text: string): Sentence[] {
  const nlp = wink();
  const its = nlp.its;
  const out: Sentence[] = [];
  nlp.readDoc(text).sentences().each((s: ItemSentence) => {
    const tokens = s.tokens();
    const values = tokens.out(its.value) as string[];
    const pos = tokens.out(its.pos) as PartOfSpeech[];
    const spaces = tokens.out(its.precedingSpaces) as string[];
    const stop = tokens.out(its.stopWordFlag) as boolean[];
    out.push({ text: s.out(), tokens: join(values, pos, spaces, stop) });
  });
  return out;
}

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
    if (prev && attached && CONNECTOR.test(v) && i + 1 < values.length && spaces[i + 1] === '' && WORDISH.test(values[i + 1]!) && WORDISH.test(prev.text.slice(-1))) {
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
