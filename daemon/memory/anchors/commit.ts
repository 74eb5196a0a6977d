// The commit a session worked on, as near as git can say: the last commit of
// HEAD made before the session's time. `rev-parse HEAD` would be today's
// commit, not the session's.
import { execFile } from 'node:child_process';

export function commitAt(repo: string, at: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', repo, 'rev-list', '-1', `--before=${at}`, 'HEAD'], { timeout: 5000, windowsHide: true }, (err, stdout) => {
      const sha = err ? '' : stdout.trim();
      resolve(/^[0-9a-f]{40}$/.test(sha) ? sha : undefined);
    });
  });
}
