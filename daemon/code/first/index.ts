// The first answers of a repo Scry has never seen: a name query read from the
// files naming it (glance) while the syntactic first index is built.
export { emptyStore } from './empty';
export { exactFirst, glance, MAX_GLANCE_FILES, tailOf, type Glance } from './glance';
export { declaredLike } from './declared';
