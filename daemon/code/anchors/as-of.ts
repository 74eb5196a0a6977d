// Definitions found now, as they were at a session's commit (issue 25: an
// anchor keeps "the definition's location and a hash of its text as they
// were"). The definition's lines now are mapped back through the diff from
// the commit to the working tree: untouched, they were the same text a few
// lines up or down; a hunk inside them means the text then differs, and it is
// read from the commit. A definition whose lines were all written since is
// looked for at the commit by its name line (the one place that line stood):
// it moved there from another file; else, by its name, the one declaration of
// it in its own file then (its signature was rewritten). Where git cannot
// say, nothing is returned, and the caller keeps the definition as it is now.
import type { CodeDefinition, PastDefinition } from '../../protocol/anchors';
import type { CodeStore } from '../store/store';
import { mapExtentBack } from '../../git';
import type { Caches } from './caches';
import { extentOf } from './definitions';
import { definitionHash } from './hash';

export async function definitionsAt(
  c: Caches,
  store: CodeStore,
  repo: string,
  commit: string,
  defs: readonly CodeDefinition[],
): Promise<Array<PastDefinition | undefined>> {
  // A symbol with no id is already as the commit had it (mention.ts, goneSince): no diff to read for it.
  await c.git.loadSince(
    repo,
    commit,
    defs.filter((d) => d.kind === 'file' || d.symbol !== undefined).map((d) => d.file),
  );
  const out: Array<PastDefinition | undefined> = [];
  for (const d of defs) out.push(d.kind === 'file' ? await fileAt(c, repo, commit, d) : await symbolAt(c, store, repo, commit, d));
  return out;
}

async function fileAt(c: Caches, repo: string, commit: string, d: CodeDefinition): Promise<PastDefinition | undefined> {
  const since = c.git.sinceOf(repo, commit, d.file);
  if (since) return { file: d.file, line: d.line, hash: definitionHash(since.old.join('\n')) };
  const was = c.git.renamedFrom(repo, commit, d.file);
  const old = was === undefined ? undefined : await c.git.linesAt(repo, commit, was);
  return was === undefined || old === undefined ? undefined : { file: was, line: d.line, hash: definitionHash(old.join('\n')) };
}

async function symbolAt(c: Caches, store: CodeStore, repo: string, commit: string, d: CodeDefinition): Promise<PastDefinition | undefined> {
  const extent = extentOf(c, store, repo, d);
  if (!extent) return undefined;
  const { from, to } = extent;
  const since = c.git.sinceOf(repo, commit, d.file);
  if (since) {
    const back = mapExtentBack(since.hunks, from, to);
    if (!back.added) {
      const line = Math.min(back.to, back.from + (d.line - from));
      if (!back.touched) return { file: d.file, line, hash: d.hash };
      return { file: d.file, line, hash: definitionHash(since.old.slice(back.from - 1, back.to).join('\n')) };
    }
  }
  // Not in this file at the commit: the one place its name line stood then, with as many lines around it as it has now.
  // Its name line rewritten too (a signature changed): the one declaration of its name in this file then.
  const nameLine = extent.lines[d.line - 1]?.trim() ?? '';
  const was = c.git.renamedFrom(repo, commit, d.file) ?? d.file;
  const place =
    (await c.git.onlyPlaceAt(repo, commit, nameLine, was)) ??
    (d.name === undefined ? undefined : await c.declared.onlyDeclarationAt(repo, commit, d.name, was));
  const old = place && (await c.git.linesAt(repo, commit, place.file));
  if (!place || !old) return undefined;
  const text = old.slice(Math.max(0, place.line - 1 - (d.line - from)), place.line + (to - d.line));
  return { file: place.file, line: place.line, hash: definitionHash(text.join('\n')) };
}
