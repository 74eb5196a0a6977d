// The repos this SCRY_HOME holds an index for, as `scry repos` lists them,
// and finding the one `scry forget PATH` means (its folder may be gone).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InvalidParamsError } from '../errors';
import { repoDir } from '../paths';
import type { KnownRepo } from '../protocol';
import { knownRepos } from './live';
import { isGitRoot, recordedKind, whyNotRestored } from './roots';

/** Every indexed repo on disk, with how it is a repo and whether it may be watched. */
export function listIndexed(
  home: string,
  watching: (repo: string) => boolean,
  log: (line: string) => void,
  serving: readonly { repo: string; dir: string }[] = [],
): KnownRepo[] {
  const known = knownRepos(home, log);
  // A repo asked about for the first time is served (from a glance, then its first index) before its index file exists.
  const listed = new Set(known.map((k) => k.repo));
  const building = serving.filter((s) => !listed.has(s.repo)).map((s) => ({ repo: s.repo, dir: s.dir, indexedAt: undefined }));
  return [...known, ...building].map((k) => {
    const exists = fs.existsSync(k.repo);
    const why = exists ? whyNotRestored(k.repo, k.dir) : `'${k.repo}' no longer exists`;
    const kind = why !== undefined ? 'refused' : (recordedKind(k.dir) ?? (isGitRoot(k.repo) ? 'git' : 'refused'));
    return {
      repo: k.repo,
      kind,
      ...(why !== undefined ? { reason: why } : {}),
      exists,
      indexed_at: k.indexedAt !== undefined && Number.isFinite(k.indexedAt) ? new Date(k.indexedAt).toISOString() : null,
      watching: watching(k.repo),
      index_dir: k.dir,
      index_bytes: bytesUnder(k.dir),
    };
  });
}

/** The real path of the indexed repo `input` names: as given (resolved), or through its links when it still exists. */
export function indexedRepoOf(home: string, input: string, known: (repo: string) => boolean): string {
  const resolved = path.resolve(input);
  const candidates = [resolved];
  try {
    candidates.unshift(fs.realpathSync(resolved));
  } catch {
    // gone: only its recorded path can name it
  }
  const found = candidates.find((c) => known(c) || fs.existsSync(repoDir(home, c)));
  if (!found) throw new InvalidParamsError(`'${input}' has no index here; scry repos lists the indexed repositories`);
  return found;
}

export function bytesUnder(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    try {
      total += e.isDirectory() ? bytesUnder(p) : fs.lstatSync(p).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}
