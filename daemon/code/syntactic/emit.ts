// Resolved facts as SCIP documents, so the one ingest path writes them into
// the store exactly as it writes a precise indexer's output: definitions with
// their enclosing ranges (containing symbols, callers, callees), references,
// imports, and implementation relationships. Syntactic symbols use their own
// scheme, `scry-syntactic <language>`, and carry the call flag explicitly.
import { create } from '@bufbuild/protobuf';
import {
  DocumentSchema,
  OccurrenceSchema,
  RelationshipSchema,
  SymbolInformationSchema,
  type Document,
  type Occurrence,
  type SymbolInformation,
} from '../scip/gen/scip_pb';
import { ROLE_SYNTACTIC, ROLE_SYNTACTIC_CALL } from '../store/roles';
import { Kind, type FileFacts, type Reference } from './facts';
import type { Resolver } from './resolve';

const ROLE_DEFINITION = 0x1;
const ROLE_IMPORT = 0x2;

export const SCHEME = 'scry-syntactic';

export const symbolOf = (language: string, key: string): string => `${SCHEME} ${language} . . ${key}`;

const METHOD_KINDS = new Set<number>([Kind.Method, Kind.Constructor, Kind.Function]);

export function toDocument(facts: FileFacts, text: string, resolver: Resolver, scheme: string): Document {
  const occurrences: Occurrence[] = [];
  const symbols: SymbolInformation[] = [];
  const sym = (key: string): string => symbolOf(scheme, key);
  for (const d of facts.definitions) {
    if (d.phantom) continue;
    occurrences.push(
      create(OccurrenceSchema, { range: [...d.range], symbol: sym(d.key), symbolRoles: ROLE_DEFINITION | ROLE_SYNTACTIC, enclosingRange: [...d.extent] }),
    );
    // Every file's supers for this type (a Rust trait impl elsewhere adds to it).
    const relationships = resolver.supersOf(d.key).map((s) => create(RelationshipSchema, { symbol: sym(s), isImplementation: true }));
    // A method implements or overrides the same-named method of each ancestor that declares one.
    const owner = METHOD_KINDS.has(d.kind) ? ownerOf(d.key) : undefined;
    if (owner) {
      for (const s of resolver.supersOf(owner)) {
        const overridden = resolver.findMember(s, d.name, 'method');
        if (overridden && overridden !== d.key) relationships.push(create(RelationshipSchema, { symbol: sym(overridden), isImplementation: true }));
      }
    }
    symbols.push(create(SymbolInformationSchema, { symbol: sym(d.key), kind: d.kind, displayName: d.name, relationships }));
  }
  for (const r of facts.references) emitReference(r, resolver.resolve(r.target), sym, occurrences, symbols);
  return create(DocumentSchema, { relativePath: facts.path, language: facts.language, occurrences, symbols, text });
}

/** One reference's occurrences (one per key it resolved to) and the symbols it introduces, appended to the lists. */
export function emitReference(
  r: Reference,
  keys: readonly string[],
  sym: (key: string) => string,
  occurrences: Occurrence[],
  symbols: SymbolInformation[],
): void {
  const roles = ROLE_SYNTACTIC | (r.call ? ROLE_SYNTACTIC_CALL : 0) | (r.import ? ROLE_IMPORT : 0) | (r.defines ? ROLE_DEFINITION : 0);
  for (const key of keys) {
    occurrences.push(
      create(OccurrenceSchema, { range: [...r.range], symbol: sym(key), symbolRoles: roles, ...(r.defines ? { enclosingRange: [...r.defines.extent] } : {}) }),
    );
    if (key.startsWith('unresolved/') && (r.target.type === 'member' || r.target.type === 'unresolved')) {
      const kind = r.target.member === 'method' ? Kind.Method : r.target.member === 'constant' ? Kind.Constant : Kind.Property;
      symbols.push(create(SymbolInformationSchema, { symbol: sym(key), kind, displayName: r.target.name }));
    }
  }
  if (r.defines && keys[0] !== undefined)
    symbols.push(create(SymbolInformationSchema, { symbol: sym(keys[0]), kind: r.defines.kind, displayName: r.defines.name }));
}

/** `A/B#m().` -> `A/B#`. */
function ownerOf(key: string): string | undefined {
  const i = key.lastIndexOf('#');
  return i > 0 && i < key.length - 1 ? key.slice(0, i + 1) : undefined;
}
