// glibc's allocator settings the launcher gives the daemon (client/launch.ts
// says why each), and how the daemon keeps them to itself. glibc reads them
// once, when the process starts; a process the daemon starts later (an
// indexer, git, claude) would inherit them and pay for them: scip-typescript
// on rxjs ran 2.9 s under them against 2.5 s without, its system time three
// times as high (every block of 32 KiB and more mapped and unmapped on its
// own). So the launcher names the settings it added, and the daemon drops
// those from its environment as it starts: its children get the user's own.

/** The daemon's settings (see client/launch.ts). */
export const DAEMON_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '32768' };

/** Which of them the launcher added (the user had not set them), comma-separated. */
export const MALLOC_ADDED_ENV = 'SCRY_MALLOC_ADDED';

/** The daemon's environment: the settings under the user's own (which win), and which of them were added; none with SCRY_GLIBC_DEFAULTS=1. */
export function daemonEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (base.SCRY_GLIBC_DEFAULTS === '1') return { ...base };
  const added = Object.keys(DAEMON_MALLOC_ENV).filter((k) => base[k] === undefined);
  return { ...DAEMON_MALLOC_ENV, ...base, ...(added.length > 0 ? { [MALLOC_ADDED_ENV]: added.join(',') } : {}) };
}

/** In the daemon, as it starts: drops the settings the launcher added, so the processes it starts do not inherit them. */
export function forgetAddedMallocEnv(env: NodeJS.ProcessEnv = process.env): void {
  const allowed = new Set(Object.keys(DAEMON_MALLOC_ENV));
  for (const k of (env[MALLOC_ADDED_ENV] ?? '').split(',')) if (allowed.has(k)) delete env[k];
  delete env[MALLOC_ADDED_ENV];
}
