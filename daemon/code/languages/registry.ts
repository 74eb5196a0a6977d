// The registered languages and the lookups every other part of Scry derives
// from them. Adding a language: one file in this folder, one entry below, and
// its grammar's WASM in .vscodeignore when it brings a new one; what reads it
// is registered apart (readers/registry.ts, indexers/registry.ts).
import * as path from 'node:path';
import { c } from './c';
import { cpp } from './cpp';
import { csharp } from './csharp';
import { dart } from './dart';
import { elixir } from './elixir';
import { go } from './go';
import { java } from './java';
import { kotlin } from './kotlin';
import type { Claim, Grammar, Language, SourceExtension } from './language';
import { lua } from './lua';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { rust } from './rust';
import { scala } from './scala';
import { swift } from './swift';
import { typescript } from './typescript';

// Each key must be its language's id: a language is found under the name it records.
const registry = <const T extends { readonly [K in keyof T]: Language & { readonly id: K } }>(languages: T): T => languages;

/**
 * In the order detection reports languages and the build runs their
 * indexers. The last ones are detected only: no indexer reads them.
 */
export const LANGUAGES = registry({ typescript, python, go, php, java, ruby, rust, csharp, c, cpp, kotlin, swift, scala, dart, elixir, lua });

export type LanguageId = keyof typeof LANGUAGES;

type GrammarsOf<L> = L extends { readonly extensions: infer E }
  ? { [K in keyof E]: E[K] extends { readonly grammar: { readonly id: infer G } } ? G : never }[keyof E]
  : never;
export type GrammarId = GrammarsOf<(typeof LANGUAGES)[LanguageId]>;

export const LANGUAGE_IDS: readonly LanguageId[] = Object.keys(LANGUAGES).filter((k): k is LanguageId => k in LANGUAGES);

/** Widened to the general shape, so callers handle what a future language may lack (indexer, grammar). */
export const languageById = (id: LanguageId): Language => LANGUAGES[id];

interface Source {
  language: LanguageId;
  extension: SourceExtension;
}

const BY_EXTENSION = new Map<string, Source>();
const GRAMMARS = new Map<string, Grammar>();
for (const language of LANGUAGE_IDS) {
  for (const [ext, extension] of Object.entries(languageById(language).extensions)) {
    const taken = BY_EXTENSION.get(ext);
    // Two owners would make detection, the store and the overlay disagree about the file.
    if (taken) throw new Error(`'${ext}' is declared by both ${taken.language} and ${language}`);
    BY_EXTENSION.set(ext, { language, extension });
    if (extension.grammar) GRAMMARS.set(extension.grammar.id, extension.grammar);
  }
}

/** Extension -> the languages claiming it beside its owner, in registry order. */
const CLAIMS = new Map<string, Array<{ language: LanguageId; claim: Claim }>>();
for (const language of LANGUAGE_IDS) {
  for (const [ext, claim] of Object.entries(languageById(language).claims ?? {})) {
    const owner = BY_EXTENSION.get(ext);
    if (!owner || owner.language === language) throw new Error(`${language} claims '${ext}', which ${owner ? 'it owns itself' : 'no language owns'}`);
    CLAIMS.set(ext, [...(CLAIMS.get(ext) ?? []), { language, claim }]);
    GRAMMARS.set(claim.grammar.id, claim.grammar);
  }
}

const extensionOf = (file: string): string => path.extname(file).toLowerCase();
const sourceOf = (file: string): Source | undefined => BY_EXTENSION.get(extensionOf(file));

export const isGrammarId = (id: string | undefined): id is GrammarId => id !== undefined && GRAMMARS.has(id);

/** Every registered grammar, each once. */
export const allGrammars = (): Grammar[] => [...GRAMMARS.values()];

export function grammarById(id: GrammarId): Grammar {
  const grammar = GRAMMARS.get(id);
  if (!grammar) throw new Error(`no registered grammar '${id}'`);
  return grammar;
}

/** The language owning this file's extension (another may claim the file in some repos: see languageOfSource). */
export const languageOfFile = (file: string): LanguageId | undefined => sourceOf(file)?.language;

/** Could this language read this file: it owns the extension, or claims it in some repos? */
export const mayRead = (file: string, language: LanguageId): boolean =>
  languageOfFile(file) === language || (CLAIMS.get(extensionOf(file))?.some((c) => c.language === language) ?? false);

/** Could a language other than the extension's owner read this file (C++ a `.h`)? */
export const isClaimable = (file: string): boolean => CLAIMS.has(extensionOf(file));

/** What decides a claimable file's language beyond its extension. */
export interface SourceContext {
  /** Languages whose claims hold for the whole repo (see projectClaims). */
  readonly projects: ReadonlySet<LanguageId>;
  /** The file's text, or its start; read only when a claim asks. Undefined when it cannot be read. */
  text(): string | undefined;
}

/** Languages whose claims hold project-wide in this repo, from the extensions of its source files. */
export function projectClaims(repo: string, extensions: ReadonlySet<string>): Set<LanguageId> {
  const out = new Set<LanguageId>();
  for (const claimers of CLAIMS.values()) {
    for (const { language, claim } of claimers) if (!out.has(language) && claim.project(repo, extensions)) out.add(language);
  }
  return out;
}

/** The language that reads this file in its repo: a language claiming it (project-wide, else by the file's text), else the extension's owner. */
export function languageOfSource(file: string, context: SourceContext): LanguageId | undefined {
  const claimers = CLAIMS.get(extensionOf(file));
  if (!claimers) return languageOfFile(file);
  for (const { language } of claimers) if (context.projects.has(language)) return language;
  const text = context.text();
  if (text !== undefined) for (const { language, claim } of claimers) if (claim.text(text)) return language;
  return languageOfFile(file);
}

/** The grammar a language parses this file with: its own extension's, or its claim's. */
export function grammarOfLanguageFile(language: LanguageId, file: string): GrammarId | undefined {
  const ext = extensionOf(file);
  const source = BY_EXTENSION.get(ext);
  const id = source?.language === language ? source.extension.grammar?.id : languageById(language).claims?.[ext]?.grammar.id;
  return isGrammarId(id) ? id : undefined;
}

/** The grammar the overlay parses this file with, or undefined when it has none. */
export function grammarOfFile(file: string): GrammarId | undefined {
  const id = sourceOf(file)?.extension.grammar?.id;
  return isGrammarId(id) ? id : undefined;
}

/** The language a file is recorded as in the store ('javascript' for .js, though scip-typescript reads it). */
export function documentLanguageOf(file: string): string | undefined {
  const source = sourceOf(file);
  return source && (source.extension.documentLanguage ?? source.language);
}
