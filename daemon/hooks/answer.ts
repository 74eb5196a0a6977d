// The index's answer to a search an agent ran: the refs of the symbol a grep
// named, the outline of the file a find named, the remembered lines about a
// file it read. Each decides with the index whether the search concerns the
// repo's code at all (a name the repo defines, in files the search covers);
// when it does not, there is no answer and the hook says nothing.
import * as path from 'node:path';
import picomatch from 'picomatch';
import type { RpcClient } from '../client/rpc';
import { gitRootOf } from '../repos';
import { RpcError } from '../client/rpc';
import { Refs, Symbols, type QueryResult, type SymbolsResult } from '../protocol/code';
import { compactQuery, compactSymbols } from '../protocol/compact';
import { noteLine } from '../protocol/anchors';
import { ErrorCode } from '../protocol/errors';
import { FILE_TYPES, type Candidate, type FindIntent, type GrepIntent } from './search';

/** About 1.5 KB: what one search may add to the agent's context. */
export const ANSWER_BUDGET = 1536;
/** What the daemon's page may take of it; the rest is the frame around it. */
const PAGE_BUDGET = 1100;

/** Only a git root is a repo to a hook. */
export const gitRoot = gitRootOf;

export interface Answer {
  /** What the agent is told. */
  text: string;
  repo: string;
  /** Every repo file the answer names (its sites and the files its page left out). */
  files: string[];
}

export async function answerCandidate(c: RpcClient, cand: Candidate): Promise<Answer | undefined> {
  return cand.kind === 'symbol' ? symbolAnswer(c, cand) : fileAnswer(c, cand.name, cand.search);
}

async function symbolAnswer(c: RpcClient, cand: Extract<Candidate, { kind: 'symbol' }>): Promise<Answer | undefined> {
  const repo = gitRoot(cand.search.dir);
  if (!repo) return undefined;
  const scope = scopeOf(cand.search, repo);
  if (!scope) return undefined;
  const { symbol } = cand;
  const ask = (name: string): Promise<QueryResult> => c.request(Refs.type, { repo, name, budget: PAGE_BUDGET });
  // The exact name first; a qualified pattern (`Owner.name`) asks for that owner's member.
  const r = await ask(symbol.qualified ?? symbol.name);
  if (r.suggestions || r.matches.length === 0) return undefined;
  // A case-sensitive search names what it spells; the index matches any case.
  const same = (m: QueryResult['matches'][number]): boolean =>
    cand.search.ignoreCase ? m.display_name.toLowerCase() === symbol.name.toLowerCase() : m.display_name === symbol.name;
  const matches = r.matches.filter((m) => same(m) && definedHere(m));
  if (matches.length === 0) return undefined;
  const files = [...new Set([...matches.flatMap((m) => m.occurrences.map((o) => o.file)), ...(r.rest ?? []).map((f) => f.file)])];
  // In scope: a file of the answer, or a source file the search names that the index holds (the name is not in it,
  // and the answer says where it is). A folder, glob or type the answer has no file in is someone else's search.
  if (!files.some(scope) && !(await namesIndexedFile(c, repo, cand.search))) return undefined;
  const page = { ...r, matches };
  const label = symbol.qualified ?? symbol.name;
  const head = `scry: '${label}' is a code symbol of this repo; its references from the semantic index (no comments, strings or other symbols of the same name):`;
  const more =
    r.next_offset !== undefined
      ? `more: mcp__scry__scry_refs {"symbol":"${label}","offset":${r.next_offset}}, or scry refs ${label} --offset ${r.next_offset}`
      : `callers, callees and impact: mcp__scry__scry_callers / scry_callees / scry_impact {"symbol":"${label}"}`;
  return { text: fit(head, compactQuery(page, 'refs'), more), repo, files };
}

/** Whether a path the search names is a file the index holds. */
async function namesIndexedFile(c: RpcClient, repo: string, search: GrepIntent): Promise<boolean> {
  for (const p of search.paths) {
    if (/[*?[\]{}]/.test(p)) continue;
    const rel = path.relative(repo, path.resolve(search.dir, p)).split(path.sep).join('/');
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || !/\.[\w]+$/.test(rel)) continue;
    try {
      await c.request(Symbols.type, { repo, file: rel, limit: 1, memory: false });
      return true;
    } catch {
      // Not in the index (a config file, a lock file, docs): not a file of the repo's code.
    }
  }
  return false;
}

/** The repo's own symbol: defined in one of its files, not only used from a library. */
const definedHere = (m: QueryResult['matches'][number]): boolean => (m.counts?.definitions.length ?? 0) > 0 || m.occurrences.some((o) => o.is_definition);

/**
 * Which repo files a search covers: its paths (folders or files, relative to
 * where it ran), its include globs and file types, minus its excludes.
 * undefined when it covers none of the repo (a path outside it, or a file
 * type no tool table knows).
 */
export function scopeOf(search: GrepIntent | FindIntent, repo: string): ((file: string) => boolean) | undefined {
  const given = search.paths.length > 0 ? search.paths : ['.'];
  const roots: string[] = [];
  for (const p of given) {
    const abs = path.resolve(search.dir, p);
    const rel = path.relative(repo, abs).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    roots.push(rel === '' ? '' : rel);
  }
  if (roots.length === 0) return undefined;
  const under = (file: string): boolean =>
    roots.some(
      (r) =>
        r === '' ||
        file === r ||
        file.startsWith(`${r.replace(/\/$/, '')}/`) ||
        picomatch.isMatch(file, r) ||
        picomatch.isMatch(file, `${r.replace(/\/$/, '')}/**`),
    );
  if (search.kind === 'find') return under;
  const includes = search.includes.map((g) => picomatch(g, { basename: !g.includes('/'), dot: true }));
  const excludes = search.excludes.map((g) => picomatch(g, { basename: !g.includes('/'), dot: true }));
  const exts: string[] = [];
  for (const t of search.types) {
    const e = FILE_TYPES[t];
    if (!e) return undefined;
    exts.push(...e);
  }
  return (file) =>
    under(file) &&
    (includes.length === 0 || includes.some((m) => m(file))) &&
    !excludes.some((m) => m(file)) &&
    (exts.length === 0 || exts.includes(file.slice(file.lastIndexOf('.') + 1)));
}

async function fileAnswer(c: RpcClient, name: string, search: FindIntent): Promise<Answer | undefined> {
  const repo = gitRoot(search.dir);
  if (!repo) return undefined;
  const scope = scopeOf(search, repo);
  if (!scope) return undefined;
  const outline = async (file: string): Promise<SymbolsResult | string | undefined> => {
    try {
      return await c.request(Symbols.type, { repo, file, budget: PAGE_BUDGET });
    } catch (err) {
      // Not at the root: the index names the one file ending so, if there is exactly one.
      if (err instanceof RpcError && err.code === ErrorCode.FileNotIndexed) return /Did you mean '([^']+)'/.exec(err.remedy ?? '')?.[1];
      throw err;
    }
  };
  let r = await outline(name);
  if (typeof r === 'string') r = await outline(r);
  if (r === undefined || typeof r === 'string' || !scope(r.file)) return undefined;
  const head = `scry: ${r.file} is in the index; its outline (line, kind, name):`;
  return { text: fit(head, compactSymbols(r), `references to any of these: mcp__scry__scry_refs {"symbol":"NAME"}`), repo, files: [r.file] };
}

/** What memory holds about a file the agent read: at most two lines with their state, or nothing. */
export async function readNotes(c: RpcClient, file: string): Promise<string | undefined> {
  const repo = gitRoot(path.dirname(file));
  if (!repo) return undefined;
  const rel = path.relative(repo, file).split(path.sep).join('/');
  let r: SymbolsResult;
  try {
    r = await c.request(Symbols.type, { repo, file: rel, limit: 1 });
  } catch {
    return undefined;
  }
  const notes = (r.memory ?? []).slice(0, 2);
  if (notes.length === 0) return undefined;
  return [`scry memory about ${rel}:`, ...notes.map(noteLine)].join('\n');
}

/** Head, body and tail within ANSWER_BUDGET bytes; a body cut short says so. */
function fit(head: string, body: string, tail: string): string {
  const room = ANSWER_BUDGET - Buffer.byteLength(head) - Buffer.byteLength(tail) - 64;
  let text = body.trimEnd();
  if (Buffer.byteLength(text) > room) {
    const lines = text.split('\n');
    let kept = '';
    for (const l of lines) {
      if (Buffer.byteLength(kept) + Buffer.byteLength(l) + 1 > room) break;
      kept += `${l}\n`;
    }
    text = `${kept}… cut at ${ANSWER_BUDGET} bytes`;
  }
  return `${head}\n${text}\n${tail}`;
}
