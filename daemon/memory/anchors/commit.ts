// The commit a session worked on, as near as git can say: the last commit of
// HEAD made before the session's time (what `git rev-list -1 --before=T HEAD`
// gives). `rev-parse HEAD` would be today's commit, not the session's. The
// history is read once per repo and pass, not once per episode.
import { git } from '../../git';

/** HEAD's history, newest first as git walks it: commit time (s) and sha. */
export type History = ReadonlyArray<readonly [number, string]>;

export async function historyOf(repo: string): Promise<History> {
  const stdout = await git(repo, ['log', '--format=%ct %H', '-n', '20000', 'HEAD'], { maxBuffer: 4 << 20 });
  if (stdout === undefined) return [];
  const out: Array<readonly [number, string]> = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\d+) ([0-9a-f]{40})$/.exec(line);
    if (m) out.push([Number(m[1]), m[2]!]);
  }
  return out;
}

/** The first commit git walks to whose commit time is at or before `at`. */
export function commitAt(history: History, at: string): string | undefined {
  const t = Date.parse(at) / 1000;
  if (!Number.isFinite(t)) return undefined;
  return history.find(([ct]) => ct <= t)?.[1];
}
