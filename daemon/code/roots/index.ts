// The repo root is the boundary: which folders may be repos, and which paths
// inside a repo may be read (never through a link out of it).
export { admit, recordedKind, whyNotRestored, type AdmitRequest, type RootKind } from './admission';
export { isGitRoot, refusalOf, type Refusal } from './policy';
export { binaryReason, outsideTarget, readInside, type Inside } from './inside';
