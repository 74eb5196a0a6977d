// Turns what an agent typed into symbols. Compound forms (`DB::table`,
// `auth->user`, `client.Connect`, `OrderService#processOrder`, `pkg.Func`)
// resolve the tail and keep the matches whose container is the head; when no
// container matches, every match of the tail is kept and the answer says so.
import { InvalidParamsError } from '../../errors';
import { plural } from '../../protocol/plural';
import type { CodeStore, SymbolRecord } from '../store/store';

export interface Resolved {
  symbols: SymbolRecord[];
  note?: string;
}

const SEPARATOR = /::|->|[.#]/g;

export interface Compound {
  head: string;
  tail: string;
}

/** The last separator splits head from tail; a plain name has no head. */
/** The name a query looks up: a compound's tail (`method` in `Class#method`). */
export const lookedUp = (name: string): string => splitCompound(name.trim())?.tail ?? name.trim();

export function splitCompound(name: string): Compound | undefined {
  let last: RegExpExecArray | undefined;
  for (const m of name.matchAll(SEPARATOR)) last = m as RegExpExecArray;
  if (!last || last.index === 0) return undefined;
  return { head: name.slice(0, last.index), tail: name.slice(last.index + last[0].length) };
}

const lastSegment = (s: string): string =>
  s
    .split(/::|->|[.#/:]/)
    .filter((p) => p.length > 0)
    .pop() ?? s;

export function resolveName(store: CodeStore, input: unknown): Resolved {
  if (typeof input !== 'string' || input.trim() === '') throw new InvalidParamsError('a symbol name is required (got an empty name)');
  const name = input.trim();
  const compound = splitCompound(name);
  if (!compound) return { symbols: store.symbolsNamed(name) };
  // A name that itself holds separators (Laravel's `users.show`, `services.stripe.key`) is matched whole first.
  const whole = store.symbolsNamed(name);
  if (whole.length > 0) return { symbols: whole };
  if (compound.tail === '') throw new InvalidParamsError(`'${name}' ends with a separator; give the member name after it, e.g. ${name}name`);
  const candidates = store.symbolsNamed(compound.tail);
  const head = lastSegment(compound.head).toLowerCase();
  const kept = candidates.filter((s) => s.parent_name !== null && lastSegment(s.parent_name).toLowerCase() === head);
  // The case decides when it can: `timeoutProvider.setTimeout` is the object's method, not the `TimeoutProvider` interface's member.
  const sameCase = kept.filter((s) => lastSegment(s.parent_name!) === lastSegment(compound.head));
  if (sameCase.length > 0) return { symbols: sameCase };
  if (kept.length > 0) return { symbols: kept };
  // A method of an object literal bound inside a function (`const buffer = { getBuffer() {…} }`) is a local named with its owner.
  const owned = store.everyNamed(compound.tail).filter((s) => s.is_local && s.parent_name !== null && s.parent_name.toLowerCase() === head);
  if (owned.length > 0) return { symbols: owned };
  if (candidates.length === 0) return { symbols: [] };
  return {
    symbols: candidates,
    note: `nothing named '${compound.tail}' is inside '${compound.head}'; showing every '${compound.tail}' (${plural(candidates.length, 'symbol')})`,
  };
}
