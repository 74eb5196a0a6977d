// The one real-path helper: a checkout's path with its links resolved, or
// undefined when it is not there. Callers choose their own fallback (the path
// as given, or resolved), since each means something different by "not there".
import * as fs from 'node:fs';

/** `native`: the operating system's realpath(3), what the repo-boundary checks (code/roots/inside.ts) compare against. */
export function realPath(p: string, options: { native?: boolean } = {}): string | undefined {
  try {
    return options.native ? fs.realpathSync.native(p) : fs.realpathSync(p);
  } catch {
    return undefined;
  }
}
