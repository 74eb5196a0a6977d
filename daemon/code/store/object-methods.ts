// Methods written in an object literal bound to a name (`const buffer = {
// getBuffer() {…} }`, `export const timeoutProvider: TimeoutProvider = {
// setTimeout() {…} }`). scip-typescript gives such a method no definition of
// its own: in a typed object its name is a reference to the type's member, in
// an untyped one a `local N` nobody can ask for by its owner. Ingest makes
// each one a symbol named with its owner (`timeoutProvider.setTimeout`): its
// definition at the method's name, its body's extent from the syntax tree
// (local-functions.ts), and every `owner.method` written anywhere in the repo
// as an occurrence of it, so refs, defs, callers and callees find it.
import { create } from '@bufbuild/protobuf';
import type { Document, SymbolInformation } from '../scip/decode';
import { SymbolInformationSchema } from '../scip/gen/scip_pb';
import { kindNumber } from '../scip/kinds';
import { isLocalSymbol } from '../scip/symbol';
import type { LocalFunctions } from './locals';

const ROLE_DEFINITION = 0x1;

export interface ObjectMethod {
  symbol: string;
  name: string;
  ownerName: string;
  /** 0-based range of the method's name. */
  range: [number, number, number, number];
  /** 0-based extent of the whole method. */
  extent: [number, number, number, number];
}

export interface DocumentObjectMethods {
  /** By `line:col` (0-based) of each method's name. */
  bySite: Map<string, ObjectMethod>;
  /** A `local N` the indexer defined at a method's name, and the method's symbol that replaces it. */
  replaces: Map<string, string>;
}

/** The method's symbol beside its owner's: `…/owner.name().` for an owner the indexer names globally, `local N.name` beside a local one. */
export function objectMethodSymbol(owner: string, name: string): string | undefined {
  if (isLocalSymbol(owner)) return `${owner}.${name}`;
  // A term (a const, let or var); anything else is not a variable an object literal is bound to.
  return owner.endsWith('.') && !owner.endsWith('().') ? `${owner}${name}().` : undefined;
}

/** SymbolInformation for a method's symbol, so it is stored as the repo's own method. */
export function objectMethodInfo(m: ObjectMethod): SymbolInformation {
  return create(SymbolInformationSchema, { symbol: m.symbol, kind: kindNumber('method'), displayName: m.name });
}

/** The document's object-literal methods whose owner's definition it holds. */
export function objectMethodsOf(
  locals: LocalFunctions | undefined,
  occs: Document['occurrences'],
  ranges: ReadonlyArray<[number, number, number, number]>,
  lines: readonly string[],
): DocumentObjectMethods {
  const bySite = new Map<string, ObjectMethod>();
  const replaces = new Map<string, string>();
  if (!locals) return { bySite, replaces };
  const definedAt = new Map<string, number>();
  ranges.forEach((r, i) => {
    if ((occs[i]!.symbolRoles & ROLE_DEFINITION) !== 0) definedAt.set(`${r[0]}:${r[1]}`, i);
  });
  for (const [site, fn] of locals) {
    if (!fn.objectMethod) continue;
    const owner = definedAt.get(`${fn.objectMethod.owner[0]}:${fn.objectMethod.owner[1]}`);
    if (owner === undefined) continue;
    const symbol = objectMethodSymbol(occs[owner]!.symbol, fn.objectMethod.name);
    if (!symbol) continue;
    const [line, col] = site.split(':').map(Number) as [number, number];
    const [ol, oc, , oe] = ranges[owner]!;
    const ownerName = lines[ol]?.slice(oc, oe) ?? '';
    bySite.set(site, { symbol, name: fn.objectMethod.name, ownerName, range: [line, col, line, col + fn.objectMethod.name.length], extent: fn.extent });
    const here = definedAt.get(site);
    if (here !== undefined && isLocalSymbol(occs[here]!.symbol)) replaces.set(occs[here]!.symbol, symbol);
  }
  return { bySite, replaces };
}

/**
 * The `owner.` written right before the name at [line, col], as the index of
 * the occurrence that names the owner there, if one does (`owner.name`,
 * `owner?.name`).
 */
export function ownerBefore(text: string | undefined, line: number, col: number, endingAt: ReadonlyMap<string, number>): number | undefined {
  if (text === undefined) return undefined;
  const dot = text[col - 1] === '.' ? (text[col - 2] === '?' ? col - 2 : col - 1) : -1;
  return dot < 0 ? undefined : endingAt.get(`${line}:${dot}`);
}
