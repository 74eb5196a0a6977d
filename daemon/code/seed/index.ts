// Seeding a new checkout's index from its nearest indexed sibling: the
// sibling's index copied and re-rooted, the files that differ answered from
// the overlay, the precise build after it.
export { differingFiles, type Difference } from './differ';
export { missingDependencies } from './dependencies';
export { gitCommonDir } from './git';
export { copyIndex } from './copy';
export { findSibling, type Candidate } from './sibling';
