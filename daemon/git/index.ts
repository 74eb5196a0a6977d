// git, at the bottom of the house: the one runner (run.ts), the real-path
// helper, and the pure arithmetic of a diff's hunks (line-map.ts). It imports
// nothing of the daemon, and everything that asks git goes through it.
export { git, gitGrep, runGit, type GitLimits, type GitOutcome } from './run';
export { realPath } from './real-path';
export { mapExtentBack, mapLine, parseHunks, type ExtentThen, type Hunk, type LineNow } from './line-map';
