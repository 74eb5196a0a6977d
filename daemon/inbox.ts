// $SCRY_HOME/memory/inbox.jsonl: transcripts a SessionEnd hook handed over
// while no daemon answered in time. Shared by the hook (CLI) that writes it
// and the memory domain that reads it, so it belongs to neither. The hook appends one line (a single small
// write, so concurrent hooks do not interleave); the daemon takes the file at
// start by renaming it first, so a line appended meanwhile lands in a new
// inbox and is never lost or read twice.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface InboxEntry {
  /** A source id, or (from a hook) the agent whose SessionEnd hook wrote the entry; the daemon's source registry maps one to the other. */
  source?: string;
  agent?: string;
  path: string;
  at: string;
}

export const inboxFile = (home: string): string => path.join(home, 'memory', 'inbox.jsonl');

export function appendInbox(file: string, entry: InboxEntry): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
}

/** Takes every entry out of the inbox; a malformed line is reported and dropped. */
export function drainInbox(file: string, report: (line: string) => void = () => undefined): InboxEntry[] {
  const taken = `${file}.${process.pid}.taken`;
  try {
    fs.renameSync(file, taken);
  } catch {
    return [];
  }
  const out: InboxEntry[] = [];
  for (const line of fs.readFileSync(taken, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const e = JSON.parse(line) as Record<string, unknown>;
      const at = typeof e.at === 'string' ? e.at : '';
      if (typeof e.path !== 'string') report(`skipped an entry without a path: ${line.slice(0, 200)}`);
      else if (typeof e.source === 'string') out.push({ source: e.source, path: e.path, at });
      else if (typeof e.agent === 'string') out.push({ agent: e.agent, path: e.path, at });
      else report(`skipped an entry without source or agent: ${line.slice(0, 200)}`);
    } catch {
      report(`skipped a line that is not JSON: ${line.slice(0, 200)}`);
    }
  }
  fs.rmSync(taken, { force: true });
  return out;
}

/**
 * $SCRY_HOME/repos-queue.jsonl: repos an agent searched while no daemon ran.
 * A hook never starts an index itself (it must not hold up the agent's
 * command); the daemon indexes these at its next start.
 */
export const repoQueueFile = (home: string): string => path.join(home, 'repos-queue.jsonl');

export function appendRepoQueue(home: string, repo: string): void {
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  fs.appendFileSync(repoQueueFile(home), `${JSON.stringify({ repo, at: new Date().toISOString() })}\n`, { mode: 0o600 });
}

/** Takes every queued repo out (each once); a malformed line is reported and dropped. */
export function drainRepoQueue(home: string, report: (line: string) => void = () => undefined): string[] {
  const file = repoQueueFile(home);
  const taken = `${file}.${process.pid}.taken`;
  try {
    fs.renameSync(file, taken);
  } catch {
    return [];
  }
  const out = new Set<string>();
  for (const line of fs.readFileSync(taken, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const e = JSON.parse(line) as { repo?: unknown };
      if (typeof e.repo === 'string' && e.repo !== '') out.add(e.repo);
      else report(`skipped a queued repo without a path: ${line.slice(0, 200)}`);
    } catch {
      report(`skipped a queued repo line that is not JSON: ${line.slice(0, 200)}`);
    }
  }
  fs.rmSync(taken, { force: true });
  return [...out];
}
