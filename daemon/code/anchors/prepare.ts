// Reading ahead, off the event loop, what resolving an episode's mentions
// will ask of git, so that resolveMention (mention.ts) reads git no more.
import type { CodeStore } from '../store/store';
import type { Caches } from './caches';
import { locate, own } from './definitions';
import { cleaned, FILE_LINE, IDENT, normalize, SOURCE_EXT } from './written';

/** Names of one episode looked for at its commit, at most (each is one `git grep`). */
const GONE_ASKED = 24;

/**
 * Reads from git, off the event loop, what resolving these mentions needs:
 * the tracked files (a path written in another checkout), and at the
 * session's commit the renames since and the diff of each `file.ts:N`
 * mention's file. resolveMention then reads git no more.
 */
export async function prepareMentions(c: Caches, store: CodeStore, repo: string, mentions: readonly string[], commit?: string): Promise<void> {
  await c.git.loadTracked(repo);
  if (commit === undefined) return;
  await c.git.loadRenames(repo, commit);
  const files: string[] = [];
  let short = false;
  for (const m of mentions) {
    const fileLine = FILE_LINE.exec(cleaned(m));
    const file = fileLine ? locate(c, store, repo, normalize(fileLine[1]!)) : undefined;
    if (file !== undefined) files.push(file);
    // A path that is nowhere now and was not renamed as written: the commit's files may hold it, written short.
    const written = fileLine ? fileLine[1]! : cleaned(m);
    if (!short && file === undefined && (written.includes('/') || SOURCE_EXT.test(written))) {
      const rel = normalize(written);
      short = locate(c, store, repo, rel) === undefined && c.git.renamedTo(repo, commit, rel) === undefined;
    }
  }
  await Promise.all([c.git.loadSince(repo, commit, files), short ? c.git.loadCommitFiles(repo, commit) : undefined]);
  // Names no symbol has now (goneSince: did one place declare them at the commit?) and names with one
  // definition now (severalThen: did another file declare them then, and no more?).
  const unknown: string[] = [];
  const single: string[] = [];
  for (const m of new Set(mentions.map(cleaned))) {
    if (!IDENT.test(m) || m.includes('.')) continue;
    const symbols = store.symbolsNamed(m);
    if (symbols.length === 0) unknown.push(m);
    else if (own(symbols).length === 1) single.push(m);
  }
  await c.declared.loadDeclarations(repo, commit, [...unknown.slice(0, GONE_ASKED), ...single.slice(0, GONE_ASKED)]);
}
