// Watching repos: which files count, what is ignored, and when to rebuild.
export { RepoIgnore } from './ignore';
export { DEFAULT_SCHEDULE, RebuildScheduler, type SchedulerOptions } from './scheduler';
export { RepoWatcher, type ChangeKind, type FileChange, type RepoWatcherOptions } from './watcher';
