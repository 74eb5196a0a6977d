// Private role bits (above SCIP's) set by the syntactic indexer on every
// occurrence it writes: the store reads them back as `precision: 'syntactic'`,
// per occurrence, so a precise document that carries a few syntactic
// references (scip-php's, with Laravel's string edges) is marked right.
export const ROLE_SYNTACTIC = 1 << 24;
/** It knows from the tree whether a reference is a call, instead of the line's text being guessed at (Ruby calls need no parentheses). */
export const ROLE_SYNTACTIC_CALL = 1 << 25;

/**
 * An object-literal method's occurrence (store/object-methods.ts) where the
 * indexer named the type's member the method implements: the method's caller
 * there, as the call hierarchy finds it through the type, but no callee of
 * the code around it (the call hierarchy resolves that call to the member).
 */
export const ROLE_THROUGH_TYPE = 1 << 26;

export const isSyntacticRole = (roles: number): boolean => (roles & ROLE_SYNTACTIC) !== 0;
