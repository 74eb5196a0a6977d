// The live index: watchers, overlay and rebuild scheduling per repo, and the
// repos to bring back to life when the daemon starts.
export { groupMembers, knownRepos, recoverRepoDir, recoverRepoDirs, type KnownRepo } from './known';
export { LiveRepo, type LiveRepoOptions } from './live-repo';
