// Tree-sitter, loaded on first use only: a daemon whose files never change
// never pays for the WASM runtime or a grammar. Grammars come prebuilt, from
// the package each language names; one Parser per grammar is kept.
import * as path from 'node:path';
import type { Language, Parser, Query, Tree } from 'web-tree-sitter';
import { errorMessage, ScryError } from '../../errors';
import { grammarById, type Grammar, type GrammarId } from '../languages';

export class GrammarLoadError extends ScryError {
  constructor(
    readonly grammar: string,
    pkg: string,
    detail: string,
  ) {
    super(`could not load the tree-sitter grammar '${grammar}': ${detail}`, `Reinstall Scry (npm install) so ${pkg} is present`);
  }
}

let runtime: Promise<typeof import('web-tree-sitter')> | undefined;
const parsers = new Map<GrammarId, Promise<Parser>>();

function loadRuntime(): Promise<typeof import('web-tree-sitter')> {
  runtime ??= import('web-tree-sitter').then(async (ts) => {
    const wasm = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
    await ts.Parser.init({ locateFile: () => wasm });
    return ts;
  });
  return runtime;
}

/** The grammar's WASM in its package; for a bundled grammar whose package is not installed, the build's copy beside the bundles. */
function wasmPath(wasm: Grammar['wasm']): string {
  try {
    return path.join(path.dirname(require.resolve(`${wasm.package}/package.json`)), wasm.file);
  } catch (err) {
    if (!wasm.bundled) throw err;
    return path.join(__dirname, 'grammars', path.basename(wasm.file));
  }
}

/** The grammar's parser, loaded once; its `parse` is synchronous. */
export function parserFor(grammar: GrammarId): Promise<Parser> {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = (async () => {
      const ts = await loadRuntime();
      const { wasm } = grammarById(grammar);
      let language: Language;
      try {
        language = await ts.Language.load(wasmPath(wasm));
      } catch (err) {
        throw new GrammarLoadError(grammar, wasm.package, errorMessage(err));
      }
      const p = new ts.Parser();
      p.setLanguage(language);
      return p;
    })();
    parser.catch(() => parsers.delete(grammar));
    parsers.set(grammar, parser);
  }
  return parser;
}

export type QueryClass = typeof Query;

/** The runtime's Query class, for code that compiles its queries synchronously later. */
export async function queryClass(): Promise<QueryClass> {
  return (await loadRuntime()).Query;
}

/** Parses source text; the caller must `delete()` the tree. */
export async function parseSource(grammar: GrammarId, text: string): Promise<Tree> {
  const parser = await parserFor(grammar);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${grammar} file`);
  return tree;
}

/**
 * Parses within a time budget: undefined when tree-sitter gave up or ran out
 * of time (the indexer then skips the file with that reason). The caller
 * must `delete()` the tree.
 */
export async function parseWithin(grammar: GrammarId, text: string, budgetMs: number): Promise<Tree | undefined> {
  const parser = await parserFor(grammar);
  const deadline = performance.now() + budgetMs;
  // Returning true cancels the parse (web-tree-sitter's types say void).
  const progressCallback = (): boolean => performance.now() > deadline;
  const tree = parser.parse(text, null, { progressCallback });
  parser.reset();
  return tree ?? undefined;
}
