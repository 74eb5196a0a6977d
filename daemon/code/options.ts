// The code domain's options, and the environment variables that set them
// (tests and benchmarks shorten every wait through these).
import type { MemoryNotes } from '../protocol/anchors';
import type { SchedulerOptions } from './watch';

export interface CodeDomainOptions {
  nodePath?: string;
  /** Watch indexed repos and keep them live (default true). */
  watch?: boolean;
  schedule?: Partial<SchedulerOptions>;
  /** Close a repo's store after this long without use (it reopens on demand). */
  idleCloseMs?: number;
  /**
   * A repo with no index answers first from a syntactic index, or from its
   * indexed sibling's (default true; SCRY_FIRST_INDEX=0 turns both off, so
   * benchmarks can run the cold precise build side by side).
   */
  firstIndex?: boolean;
  /** Folders watched with inotify per repo at most; past it the repo is polled (SCRY_MAX_WATCHED_DIRS). */
  maxWatchedDirs?: number;
  /** Poll interval of a degraded watcher, ms (SCRY_POLL_MS). */
  pollMs?: number;
  /** What memory remembers about a symbol (protocol/anchors.ts), handed over by the daemon; refs, defs, callers and impact carry it. */
  memory?: () => MemoryNotes | undefined;
  /** How long a glance (first/glance.ts) may parse before it answers with what it read, ms (SCRY_GLANCE_BUDGET_MS). */
  glanceBudgetMs?: number;
  /** How long a repo's folder may be gone (`git worktree remove`, a deleted clone) before its index is dropped, ms (SCRY_GONE_GRACE_MS). */
  goneGraceMs?: number;
}

export const IDLE_CLOSE_MS = 10 * 60_000;
export const SWEEP_MS = 30_000;
/** A folder gone this long is not coming back (a removed worktree, a deleted clone): its index goes. */
export const GONE_GRACE_MS = 15 * 60_000;

/** SCRY_DEBOUNCE_MS / SCRY_COOLDOWN_MS tune rebuild scheduling (tests and benchmarks shorten the cooldown). */
export function scheduleFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<SchedulerOptions> {
  const num = (v: string | undefined): number | undefined => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const out: Partial<SchedulerOptions> = {};
  const debounce = num(env.SCRY_DEBOUNCE_MS);
  const cooldown = num(env.SCRY_COOLDOWN_MS);
  if (debounce !== undefined) out.debounceMs = debounce;
  if (cooldown !== undefined) out.cooldownMs = cooldown;
  return out;
}

/** SCRY_MAX_WATCHED_DIRS / SCRY_POLL_MS: the watch cap per repo and the degraded watcher's poll interval. */
export function watchFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<CodeDomainOptions, 'maxWatchedDirs' | 'pollMs'> {
  const positive = (v: string | undefined): number | undefined => (v !== undefined && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
  const out: Pick<CodeDomainOptions, 'maxWatchedDirs' | 'pollMs'> = {};
  const cap = positive(env.SCRY_MAX_WATCHED_DIRS);
  const poll = positive(env.SCRY_POLL_MS);
  if (cap !== undefined) out.maxWatchedDirs = cap;
  if (poll !== undefined) out.pollMs = poll;
  return out;
}

/** SCRY_IDLE_CLOSE_MS: how long an unused store stays open (tests and benchmarks shorten it). */
export function idleCloseFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return msFromEnv(env.SCRY_IDLE_CLOSE_MS);
}

function msFromEnv(v: string | undefined): number | undefined {
  return v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined;
}

/** SCRY_GLANCE_BUDGET_MS: a glance's parse budget (a test on a loaded machine lifts it when it checks what a complete glance names). */
export function glanceBudgetFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return msFromEnv(env.SCRY_GLANCE_BUDGET_MS);
}

/** SCRY_GONE_GRACE_MS: how long a gone repo's index is kept. */
export function goneGraceFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return msFromEnv(env.SCRY_GONE_GRACE_MS);
}

/** Every option the environment sets (SCRY_* above, SCRY_FIRST_INDEX=0 for no first index); options given in code win over these. */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): CodeDomainOptions {
  const idleCloseMs = idleCloseFromEnv(env);
  const goneGraceMs = goneGraceFromEnv(env);
  const glanceBudgetMs = glanceBudgetFromEnv(env);
  return {
    schedule: scheduleFromEnv(env),
    ...watchFromEnv(env),
    firstIndex: env.SCRY_FIRST_INDEX !== '0',
    ...(idleCloseMs !== undefined ? { idleCloseMs } : {}),
    ...(goneGraceMs !== undefined ? { goneGraceMs } : {}),
    ...(glanceBudgetMs !== undefined ? { glanceBudgetMs } : {}),
  };
}

/** How often the sweep runs: often enough that a store closes within about its idle time, and a gone repo's index goes within about its grace. */
export function sweepEveryMs(options: CodeDomainOptions): number {
  return Math.max(100, Math.min(SWEEP_MS, (options.idleCloseMs ?? IDLE_CLOSE_MS) / 2, (options.goneGraceMs ?? GONE_GRACE_MS) / 2));
}
