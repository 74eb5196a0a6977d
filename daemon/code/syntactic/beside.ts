// The syntactic reader beside a precise indexer. scip-go and scip-php give
// definitions no enclosing ranges: tree-sitter's extents stand in, so
// callers, callees and containing symbols work on their documents too. A
// reader that declares `besidePrecise` (PHP) adds what the indexer cannot
// see: the references it keeps (Laravel's strings and facades) go into the
// indexer's own documents, bound to the indexer's symbol wherever the
// indexer names the same thing, and the files the indexer left out get
// documents of their own. The files are read once, before the indexer runs;
// when it fails, the same reading indexes the language.
import type { LanguageId } from '../languages';
import type { Document, SymbolInformation } from '../scip/decode';
import { descriptorsOf } from '../scip/symbol';
import type { IngestSession } from '../store/ingest';
import { emitReference, symbolOf } from './emit';
import { addExtents, definitionExtents, extentsOf, type Extents } from './extents';
import { readSyntactically, writeSyntactically, type ReadSet, type SyntacticResult } from './index';
import type { SyntacticReader } from './reader';

export class Companion {
  private constructor(
    private readonly language: LanguageId,
    private readonly extents: Extents,
    private readonly set: ReadSet | undefined,
  ) {}

  /** Undefined for a language without a syntactic reader. */
  static async read(repo: string, language: LanguageId, reader: SyntacticReader | undefined, signal?: AbortSignal): Promise<Companion | undefined> {
    if (!reader) return undefined;
    if (!reader.besidePrecise) return new Companion(language, await definitionExtents(repo, language, reader, signal), undefined);
    const set = await readSyntactically(repo, language, reader, { signal });
    return new Companion(language, extentsOf(set.read.map((r) => r.facts)), set);
  }

  /**
   * The indexer's documents wait for it to exit: binding a kept reference to
   * the indexer's symbol needs every symbol it names, and a failed run then
   * leaves nothing half-written for the syntactic indexer to work around.
   */
  get holdsDocuments(): boolean {
    return this.set !== undefined;
  }

  /** Gives one streamed document its extents (a companion that holds nothing). */
  addExtents(doc: Document): void {
    addExtents(doc, this.extents);
  }

  /** Extents and the kept references for the indexer's documents, all of them, once it has exited. */
  complete(docs: readonly Document[], external: readonly SymbolInformation[]): void {
    const set = this.set;
    const keeps = set?.reader.besidePrecise?.keeps;
    const fold = set?.reader.foldCase ? (k: string): string => k.toLowerCase() : (k: string): string => k;
    const precise = new Map<string, string>();
    const seen = new Set<string>();
    // A symbol recurs at every occurrence: each is parsed once.
    const note = (symbol: string): void => {
      if (seen.has(symbol)) return;
      seen.add(symbol);
      const d = descriptorsOf(symbol);
      if (d && !precise.has(fold(d))) precise.set(fold(d), symbol);
    };
    for (const doc of docs) {
      for (const o of doc.occurrences) note(o.symbol);
      for (const s of doc.symbols) note(s.symbol);
    }
    for (const s of external) note(s.symbol);
    const byPath = new Map((set?.read ?? []).map((r) => [r.facts.path, r.facts]));
    // Facts name things by descriptor: the indexer's symbol for it when it has one (a backing class's method), else Scry's own.
    const sym = (key: string): string => precise.get(fold(key)) ?? symbolOf(this.language, key);
    for (const doc of docs) {
      addExtents(doc, this.extents);
      const facts = set && keeps ? byPath.get(doc.relativePath.split('\\').join('/')) : undefined;
      if (!facts || !set || !keeps) continue;
      for (const r of facts.references) {
        const keys = set.resolver.resolve(r.target);
        if (keeps(r, keys)) emitReference(r, keys, sym, doc.occurrences, doc.symbols);
      }
    }
  }

  /** Documents for the files the indexer did not write, when the reader asks for them; undefined when there were none. */
  writeLeftOut(session: IngestSession): SyntacticResult | undefined {
    if (!this.set?.reader.besidePrecise?.leftOutFiles) return undefined;
    if (this.set.read.every((r) => session.has(r.facts.path))) return undefined;
    return writeSyntactically(this.set, session, { only: (file) => !session.has(file) });
  }

  /** The whole language, syntactically, from what was read (the indexer failed); undefined when nothing was read ahead. */
  writeAll(session: IngestSession): SyntacticResult | undefined {
    return this.set ? writeSyntactically(this.set, session) : undefined;
  }
}
