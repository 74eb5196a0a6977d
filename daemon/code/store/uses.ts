// How an occurrence uses its symbol, decided once at index time from the
// SCIP roles and the source line: the compact answer shows it on every line.
// Codes are stored in occurrences.use; names are what answers carry.
import type { OccurrenceUse } from '../../protocol';

export const USE_NAMES: readonly OccurrenceUse[] = ['read', 'def', 'call', 'import', 'write', 'type', 'doc'];
export const USE = { read: 0, def: 1, call: 2, import: 3, write: 4, type: 5, doc: 6 } as const;

const ROLE_IMPORT = 0x2;
const ROLE_WRITE = 0x4;

const IMPORT_LINE = /^\s*(?:import\b|export\s+(?:type\s+)?(?:\*|\{)|from\s+\S+\s+import\b)/;
const ASSIGNED = /^\s*(?:(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])|\+\+|--)/;
// A name right after one of these is in a type position (TypeScript); for a
// value symbol the kind check at the end of the build turns it back into a read.
const TYPE_BEFORE = /(?:(?<![?\w]\s*)\)\s*:|[:<|&]|\bextends|\bimplements|\bas|\bsatisfies|\bkeyof|\bis)\s*$/;

/** An import's or export's name list that does not close on its first line: `import {`, `from x import (`. */
const OPENS_LIST = /[{(][^})]*$/;

/**
 * The lines (0-based) inside a name list an import or export statement
 * spreads over several lines (`import {` … `} from "./codegen"`, Python's
 * `from x import (` … `)`), up to the line that closes it: a name there is
 * imported, though its own line says nothing of it.
 */
export function importListLines(lines: readonly string[]): Set<number> {
  const inside = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!IMPORT_LINE.test(lines[i]!) || !OPENS_LIST.test(lines[i]!)) continue;
    // A list runs until its closing bracket; one left open this long is not a list (a syntax error, a generated file).
    for (let j = i + 1; j < lines.length && j <= i + 1000; j++) {
      inside.add(j);
      if (/[})]/.test(lines[j]!)) {
        i = j;
        break;
      }
    }
  }
  return inside;
}

/** The use of a non-definition occurrence at [start, end) of `line`; `inImportList`: the line is inside a multi-line import's name list. */
export function useAt(line: string | undefined, start: number, end: number, roles: number, isCall: boolean, inImportList = false): number {
  if (inImportList || (line !== undefined && IMPORT_LINE.test(line))) return USE.import;
  if ((roles & ROLE_IMPORT) !== 0) return USE.import;
  if (isCall) return USE.call;
  if ((roles & ROLE_WRITE) !== 0) return USE.write;
  if (line === undefined) return USE.read;
  // `const s: Settings = ...` names a type; the assignment is to s.
  if (TYPE_BEFORE.test(line.slice(Math.max(0, start - 16), start))) return USE.type;
  if (ASSIGNED.test(line.slice(end)) || /(?:\+\+|--)\s*$/.test(line.slice(0, start))) return USE.write;
  return USE.read;
}

/**
 * Kinds whose every plain use is a use as a type (applied at query time: an
 * interface merged with a value shares its positions, and there the value's
 * reading decides).
 */
export const TYPE_KINDS: ReadonlySet<string> = new Set(['interface', 'type_alias', 'type', 'type_parameter']);
/** Kinds that may be named in a type position; for any other, a 'type' guess is a read. */
export const TYPE_POSITION_KINDS = [...TYPE_KINDS, 'class', 'enum', 'namespace', 'module', 'external'];
