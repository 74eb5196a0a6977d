// What the anchor tests with a real git repo share: git run with a fixed
// author (and the dates a test gives it), and a Claude Code session about
// that repo written as the real .jsonl (cwd the repo, one minute a turn).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Turn = ['user' | 'assistant', string];

/** Runs git in `repo`; fails the test with git's message when it fails. */
export function git(repo: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e', ...env },
  });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** `git init` on main and a first commit of everything, dated the day before `sessionAt` (ms): the commit a session then worked on. */
export function commitDayBefore(repo: string, message: string, sessionAt: number): void {
  git(repo, ['init', '-q', '-b', 'main']);
  git(repo, ['add', '.']);
  const day = new Date(sessionAt - 86_400_000).toISOString();
  git(repo, ['commit', '-q', '-m', message], { GIT_AUTHOR_DATE: day, GIT_COMMITTER_DATE: day });
}

/** A fresh folder for transcripts, named as Claude Code names a project's (`-NAME-repo`). */
export function sessionsDir(tempDir: (prefix: string) => string, name: string): string {
  const dir = path.join(tempDir(`${name}-sessions`), `-${name}-repo`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes session `id` (its turns from `at`, ms) into `dir` as `FILE.jsonl` (default: the id); returns its path. */
export function sessionFile(dir: string, repo: string, id: string, at: number, turns: readonly Turn[], file = id): string {
  const lines = turns.map(([type, text], i) =>
    JSON.stringify({
      type,
      uuid: `${id}-${i}`,
      parentUuid: i > 0 ? `${id}-${i - 1}` : null,
      sessionId: id,
      cwd: repo,
      gitBranch: 'main',
      timestamp: new Date(at + i * 60_000).toISOString(),
      message: type === 'user' ? { role: 'user', content: text } : { id: `msg-${id}-${i}`, role: 'assistant', content: [{ type: 'text', text }] },
    }),
  );
  const out = path.join(dir, `${file}.jsonl`);
  fs.writeFileSync(out, lines.join('\n') + '\n');
  return out;
}
