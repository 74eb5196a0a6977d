// Finds the transcripts a sweep should look at, under the default roots or
// the ones given. Listing only: nothing here reads a transcript beyond the
// first line of an old-style subagent file, to learn whose subagent it is.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SourceType } from '../episode';
import { asRecord, asString } from './jsonl';

export type DiscoverableSource = Exclude<SourceType, 'manual'>;

export interface SourceFile {
  kind: DiscoverableSource;
  /** A session file, a rollout, a run directory or a seed file. */
  path: string;
  /** Claude only: the session's subagent transcripts, distilled as their own sessions. */
  subagents?: string[];
}

export interface DiscoverOptions {
  /** The directory to search instead of the default for this kind. */
  root?: string;
  /** The home directory the defaults hang off (tests pass a temp dir). */
  home?: string;
  /** Environment for CODEX_HOME and SCRY_HOME (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
}

/** Where each kind is looked for when no root is given. */
export function defaultRoots(kind: DiscoverableSource, opts: Omit<DiscoverOptions, 'root'> = {}): string[] {
  const home = opts.home ?? os.homedir();
  const env = opts.env ?? process.env;
  const scryHome = env.SCRY_HOME ?? path.join(home, '.scry');
  switch (kind) {
    case 'claude':
      return [path.join(home, '.claude', 'projects')];
    case 'codex': {
      const codexHome = env.CODEX_HOME ?? path.join(home, '.codex');
      return [path.join(codexHome, 'sessions'), path.join(codexHome, 'archived_sessions')];
    }
    case 'run':
      return [path.join(scryHome, 'runs')];
    case 'seed':
      return [path.join(scryHome, 'seeds')];
  }
}

/** Lists the sources of one kind, sorted by path so sweeps are reproducible. */
export function discoverSources(kind: DiscoverableSource, opts: DiscoverOptions = {}): SourceFile[] {
  const roots = opts.root ? [opts.root] : defaultRoots(kind, opts);
  const out: SourceFile[] = [];
  for (const root of roots) {
    if (!isDir(root)) continue;
    if (kind === 'claude') out.push(...claudeSources(root));
    else if (kind === 'codex') walk(root, (p, name) => name.startsWith('rollout-') && name.endsWith('.jsonl') && void out.push({ kind, path: p }));
    else if (kind === 'seed') walk(root, (p, name) => /\.(md|markdown)$/i.test(name) && void out.push({ kind, path: p }));
    else walk(root, (p, name) => name === 'state.json' && void out.push({ kind, path: path.dirname(p) }));
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every project directory under the root, or the root itself when it is one project. */
function claudeSources(root: string): SourceFile[] {
  const out: SourceFile[] = [];
  const projectDirs = [root, ...entries(root).filter((e) => e.isDirectory()).map((e) => path.join(root, e.name))];
  for (const dir of projectDirs) {
    const files = entries(dir).filter((e) => e.isFile() && e.name.endsWith('.jsonl'));
    const sessions = new Map<string, SourceFile>();
    for (const f of files) {
      if (f.name.startsWith('agent-')) continue;
      const p = path.join(dir, f.name);
      const s: SourceFile = { kind: 'claude', path: p };
      const subDir = path.join(dir, path.basename(f.name, '.jsonl'), 'subagents');
      const subs: string[] = [];
      if (isDir(subDir)) walk(subDir, (sp, name) => name.startsWith('agent-') && name.endsWith('.jsonl') && void subs.push(sp));
      if (subs.length) s.subagents = subs.sort();
      sessions.set(path.basename(f.name, '.jsonl'), s);
      out.push(s);
    }
    // Older Claude Code wrote subagents beside the session; their lines name the parent's sessionId.
    for (const f of files) {
      if (!f.name.startsWith('agent-')) continue;
      const p = path.join(dir, f.name);
      const parent = sessions.get(firstSessionId(p) ?? '');
      if (parent) (parent.subagents ??= []).push(p);
      else out.push({ kind: 'claude', path: p });
    }
  }
  return out;
}

function firstSessionId(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(64 * 1024);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const text = buf.toString('utf8', 0, n);
    const nl = text.indexOf('\n');
    return asString(asRecord(JSON.parse(nl === -1 ? text : text.slice(0, nl)))?.sessionId);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function walk(dir: string, visit: (p: string, name: string) => unknown, depth = 0): void {
  // Deep enough for YYYY/MM/DD and workflow subfolders; a symlink loop cannot run away.
  if (depth > 8) return;
  for (const e of entries(dir)) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, visit, depth + 1);
    else if (e.isFile()) visit(p, e.name);
  }
}

function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
