// Which tokens can name a thing, read from their shape and part of speech:
// identifiers (`billing-api`, `PostgreSQL`, `web-1`), proper nouns that are
// not just capitalized because a sentence starts with them, acronyms. Words
// that only look like names (files, code expressions, stop words, the
// agent's tools) are turned away here.
import { cueType } from './cues';
import { commonWord, type Token } from './model';

/** Words that open or pad prose but never name anything. */
const NEVER = new Set([
  'user',
  'assistant',
  'summary',
  'subagent',
  'ok',
  'okay',
  'yes',
  'no',
  'hello',
  'hi',
  'hey',
  'thanks',
  'thank',
  'please',
  'great',
  'perfect',
  'sure',
  'done',
  'note',
  'notes',
  'todo',
  'tl;dr',
  'etc',
  'e.g',
  'i.e',
  'vs',
  'via',
  'per',
  'step',
  'steps',
  'option',
  'options',
  'example',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'mondays',
  'tuesdays',
  'wednesdays',
  'thursdays',
  'fridays',
  'saturdays',
  'sundays',
  'today',
  'tomorrow',
  'yesterday',
  'let',
  "let's",
  'lets',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]);

const FILE_EXT =
  /\.(ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|c|h|cc|cpp|hpp|cs|php|swift|sh|bash|zsh|md|mdx|txt|json|jsonl|yaml|yml|toml|ini|cfg|conf|lock|log|csv|tsv|sql|html|htm|css|scss|xml|svg|png|jpe?g|gif|ico|webp|pdf|env|db|sqlite|wasm|zip|gz|tar|ex|exs|eex|heex|erl|lua|vue|svelte|astro|dart|scala|clj|hs|ml|r|pl|pm|ps1|bat|dockerfile|tf|tfvars|proto|graphql|gql|lockb|patch|diff)$/i;
/** `Node.js`, `Vue.js`: a library named like a file. */
const JS_LIBRARY = /^[A-Z][A-Za-z]+\.js$/;

/** A file name or path: a location, not an entity. */
export function isFileLike(name: string): boolean {
  // An npm scope names a package (@supabase/supabase-js); a longer path under it is a file.
  if (name.startsWith('@')) return (name.match(/\//g) ?? []).length > 1 || FILE_EXT.test(name);
  if (name.includes('/') || name.includes('\\')) return true;
  return FILE_EXT.test(name) && !JS_LIBRARY.test(name);
}

/** Shaped like an identifier: joined pieces, inner capitals, letters with digits, or an acronym. */
export function isIdentifier(t: Token): boolean {
  const s = t.text;
  if (!/^[@A-Za-z]/.test(s) || /[.]$/.test(s)) return false;
  if (/^@?[a-z]+(?:_[a-z0-9]+)+$/.test(s) || /\.[a-z]+_[a-z0-9_]+$/.test(s)) return false; // snake_case, `@max_lines`, `Sessions.find_or_create`: code symbols
  if (/^[A-Z]\d+(?:-[A-Z]?\d+)?$/.test(s)) return false; // P1, P0-P4, H2: a label or a rank
  if (/^[0-9a-f]*\d[0-9a-f]*(?:-[0-9a-f]+){2,}$/i.test(s)) return false; // a piece of a UUID or hash
  if (/^[a-z]+[A-Z]/.test(s) && s.length > 6) return false; // lowerCamel: a code symbol (iOS, macOS pass)
  if (/^[A-Z]{1,2}s?$/.test(s)) return false; // initials (JD, CL): too short to be a name
  if (/^[a-z_$][\w$]*(?:\.[a-z_$][\w$]*)+$/.test(s) && !/\.(com|org|net|io|dev|app|ai|co|sh|cloud|so|me)$/.test(s)) return false; // ctx.prisma, deps.audit: code
  if (!/\d/.test(s) && /[-_.+]/.test(s.slice(1)) && compoundOfWords(s)) return false; // re-read, compile-time, Redux-style
  return t.joined || /[a-z][A-Z]/.test(s) || /[A-Za-z]\d|\d[A-Za-z]/.test(s) || /^[A-Z]{3,6}s?$/.test(s) || /[-_.]/.test(s.slice(1));
}

/** Prefixes English writes with a hyphen (multi-step, re-run, non-null). */
const PREFIXES = new Set([
  'per',
  'multi',
  're',
  'pre',
  'non',
  'co',
  'sub',
  'semi',
  'self',
  'anti',
  'auto',
  'cross',
  'inter',
  'over',
  'under',
  'post',
  'de',
  'un',
  'mid',
  'meta',
  'micro',
  'mini',
  'full',
  'half',
  'well',
  'opt',
  'in',
  'out',
]);

/**
 * An English compound written with hyphens ("multi-step", "Tab-style"): every
 * part an ordinary word, and the last part not a kind of thing (billing-api,
 * todo-app and web-server stay names).
 */
function compoundOfWords(s: string): boolean {
  const parts = s
    .toLowerCase()
    .split(/[-_.+]/)
    .filter((p) => p.length > 0);
  if (parts.length < 2) return false;
  // "per-project", "per-session": a preposition joined to its noun is an adjective, whatever the noun.
  if (parts[0] === 'per' && commonWord(parts[1]!)) return true;
  if (cueType(parts[parts.length - 1]) !== undefined) return false;
  return parts.every((p) => PREFIXES.has(p) || commonWord(p));
}

export const isCapitalized = (t: Token): boolean => /^[A-Z][a-z]/.test(t.text) || /^[A-Z]{3,}/.test(t.text);

/** Could this token be part of a name at all (before context decides whether it is one)? */
export function nameable(t: Token): boolean {
  if (t.stop || NEVER.has(t.lower) || t.text.length < 2) return false;
  if (
    t.pos === 'PUNCT' ||
    t.pos === 'SYM' ||
    t.pos === 'SPACE' ||
    t.pos === 'NUM' ||
    t.pos === 'PRON' ||
    t.pos === 'DET' ||
    t.pos === 'ADP' ||
    t.pos === 'CCONJ' ||
    t.pos === 'SCONJ' ||
    t.pos === 'PART' ||
    t.pos === 'AUX' ||
    t.pos === 'INTJ'
  )
    return false;
  if (!/^[@A-Za-z]/.test(t.text) || /[^\w.@+/-]/.test(t.text)) return false;
  return !isFileLike(t.text);
}
