// The repos this SCRY_HOME has indexed, read back from disk at startup (each
// index.db records its repo in meta), and the clean-up a killed daemon needs:
// a half-written index.db.next, a stray .scip, an orphaned indexer process.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openDatabase } from '../../sqlite';
import { INDEXER_PID_FILE } from '../indexers/run';
import { isIndexerCommandLine } from '../indexers';
import { errorMessage } from '../../errors';
import { readText } from '../../text/read-text';

export interface KnownRepo {
  repo: string;
  dir: string;
  indexedAt: number | undefined;
  /** The sibling its index was copied from, while it has no build of its own. */
  seededFrom?: string;
  /** Its index is the syntactic first one: the precise build never finished. */
  syntactic?: boolean;
}

export function knownRepos(home: string, log: (line: string) => void): KnownRepo[] {
  const root = path.join(home, 'repos');
  let dirs: string[];
  try {
    dirs = fs.readdirSync(root);
  } catch {
    return [];
  }
  const out: KnownRepo[] = [];
  for (const name of dirs) {
    const dir = path.join(root, name);
    const file = path.join(dir, 'index.db');
    if (!fs.existsSync(file)) continue;
    try {
      const db = openDatabase(file, { readonly: true, fileMustExist: true });
      try {
        const rows = db.prepare("SELECT key, value FROM meta WHERE key IN ('repo', 'indexed_at', 'seeded_from', 'first_index')").all() as Array<{
          key: string;
          value: string;
        }>;
        const meta = new Map(rows.map((r) => [r.key, r.value]));
        const repo = meta.get('repo');
        const seededFrom = meta.get('seeded_from');
        if (repo)
          out.push({
            repo,
            dir,
            indexedAt: meta.has('indexed_at') ? Date.parse(meta.get('indexed_at')!) : undefined,
            ...(seededFrom ? { seededFrom } : {}),
            ...(meta.get('first_index') === 'syntactic' ? { syntactic: true } : {}),
          });
      } finally {
        db.close();
      }
    } catch (err) {
      log(`index ${file} is unreadable, skipping it: ${errorMessage(err)}`);
    }
  }
  return out;
}

/**
 * Removes what an interrupted build left in a repo's folder. Only call it when
 * no build of this repo runs in this process (the daemon lock rules out others).
 */
export function recoverRepoDir(dir: string, log: (line: string) => void): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === 'index.db.next' || name.endsWith('.scip')) {
      fs.rmSync(path.join(dir, name), { force: true });
      log(`removed ${name} left by an interrupted build in ${dir}`);
    }
  }
  const pidFile = path.join(dir, INDEXER_PID_FILE);
  const pid = Number(readText(pidFile)?.trim());
  if (Number.isInteger(pid) && pid > 0) {
    for (const orphan of orphanedIndexers(pid)) {
      try {
        process.kill(orphan, 'SIGKILL');
        log(`killed orphaned indexer ${orphan} of an interrupted build`);
      } catch {
        // already gone
      }
    }
  }
  fs.rmSync(pidFile, { force: true });
}

/** recoverRepoDir for every repo folder under SCRY_HOME, indexed or not yet (a first build killed leaves no index.db). */
export function recoverRepoDirs(home: string, log: (line: string) => void): void {
  const root = path.join(home, 'repos');
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) recoverRepoDir(path.join(root, name), log);
}

/**
 * The processes a pid file's pid stands for that still run an indexer: the
 * pid itself, and the members of the process group it led (the guard's
 * group, whose indexer outlives a guard killed on its own). A recycled pid
 * running anything else is left alone.
 */
export function orphanedIndexers(pid: number): number[] {
  const out = new Set<number>();
  if (isOurIndexer(pid)) out.add(pid);
  for (const member of groupMembers(pid)) if (isOurIndexer(member)) out.add(member);
  return [...out];
}

/** Pids whose process group is `pgid` (Linux: /proc/PID/stat's fifth field). */
export function groupMembers(pgid: number): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`/proc/${name}/stat`);
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields && Number(fields[2]) === pgid) out.push(Number(name));
  }
  return out;
}

/** Only a process still running an indexer: a recycled pid is left alone. */
function isOurIndexer(pid: number): boolean {
  const cmdline = readText(`/proc/${pid}/cmdline`);
  return cmdline !== undefined && isIndexerCommandLine(cmdline);
}
