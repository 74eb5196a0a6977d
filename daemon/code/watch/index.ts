// Watching repos: which files count, what is ignored, and when to rebuild.
export { RepoIgnore } from './ignore';
export { inotifyWatches, maxUserWatches } from './inotify';
export { DEFAULT_SCHEDULE, RebuildScheduler, type SchedulerOptions } from './scheduler';
export { RepoWatcher, type ChangeKind, type FileChange, type RepoWatcherOptions } from './watcher';
