// The few lines of memory a code answer carries about its symbol (issue 25):
// asked of MemoryNotes (protocol/anchors.ts), which the daemon hands the code
// domain; their compact bytes come out of the page's budget.
import * as path from 'node:path';
import * as P from '../../protocol';
import type { AnchorNote, MemoryNotes } from '../../protocol/anchors';
import { errorMessage } from '../../errors';

/** The answers that carry them, and at most how many lines. */
const CARRIED: ReadonlySet<string> = new Set([P.Refs.method, P.Defs.method, P.Callers.method, P.Impact.method, P.Symbols.method]);
export const MAX_NOTES = 2;

export function remembered(
  notes: MemoryNotes | undefined,
  method: string,
  params: P.RepoParams,
  repo: string,
  log: (line: string) => void,
): { notes: AnchorNote[]; params: P.RepoParams } | undefined {
  if (!notes || !CARRIED.has(method)) return undefined;
  const p = params as P.RepoParams & { name?: unknown; file?: unknown; memory?: boolean; budget?: number; offset?: number };
  // A later page already had them.
  if (p.memory === false || (p.offset ?? 0) > 0) return undefined;
  // symbols FILE asks about its file (repo-relative, as anchors keep it), the others about their symbol.
  const file = method === P.Symbols.method && typeof p.file === 'string' ? repoRelative(repo, p.file) : undefined;
  if (file === undefined && (method === P.Symbols.method || typeof p.name !== 'string')) return undefined;
  let found: AnchorNote[];
  try {
    found = file !== undefined ? (notes.aboutFile?.(repo, file, MAX_NOTES) ?? []) : notes.about(repo, String(p.name), MAX_NOTES);
  } catch (err) {
    // Memory failing never fails a code answer.
    log(`memory notes for ${file ?? String(p.name)}: ${errorMessage(err)}`);
    return undefined;
  }
  if (found.length === 0) return undefined;
  const bytes = found.reduce((n, x) => n + Buffer.byteLength(P.noteLine(x)) + 1, 0);
  return { notes: found, params: p.budget === undefined ? params : ({ ...params, budget: Math.max(1, p.budget - bytes) } as P.RepoParams) };
}

/** `src/a.ts`, `./src/a.ts` or an absolute path inside the repo, as the repo-relative, `/`-separated path anchors keep; outside it, undefined. */
function repoRelative(repo: string, file: string): string | undefined {
  const rel = path.relative(repo, path.resolve(repo, file));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}
