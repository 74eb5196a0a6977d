// The launcher's glibc allocator settings stay the daemon's own
// (daemon/malloc-env.ts): a real daemon the CLI starts runs under them (its
// environment at start, /proc/PID/environ), and a process it starts (a stub
// `claude`, asked to reword a recall question) gets the user's environment:
// none of the settings the launcher added, and the user's own value where the
// user set one. Before, an indexer inherited them and ran 15% slower.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { RecallResult, StatusResult } from '../../daemon/protocol';
import { scry, stopDaemon, tempDir } from '../helpers';
import { stubClaude } from '../memory/extract/fake-llm';

/** The MALLOC_* variables of an environment. */
const mallocOf = (env: NodeJS.ProcessEnv): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('MALLOC_')));

/** A process's environment as it started (Linux). */
function startEnv(pid: number): Record<string, string> {
  const raw = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    raw
      .split('\0')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('the daemon keeps its allocator settings to itself', () => {
  const cases: Array<[string, NodeJS.ProcessEnv]> = [
    ['with none set by the user', {}],
    ['with the user’s own MALLOC_ARENA_MAX', { MALLOC_ARENA_MAX: '4' }],
  ];
  for (const [label, user] of cases) {
    it(`runs under them while what it starts does not, ${label}`, async () => {
      const home = tempDir('malloc-env');
      const stub = stubClaude(path.join(home, 'bin'), { type: 'result', is_error: false, result: 'todo localStorage reload', usage: {} });
      fs.writeFileSync(
        path.join(home, 'config.yaml'),
        'memory:\n  providers:\n    - type: claude-cli\n  budget:\n    daily_episodes: 0\n  recall:\n    rewrite: true\n',
      );
      // The user's environment, without any MALLOC_* of the machine running the tests: exactly `user`'s.
      const env: NodeJS.ProcessEnv = { SCRY_MEMORY_SWEEP: '0', PATH: `${path.dirname(stub.bin)}${path.delimiter}${process.env.PATH}`, ...user };
      for (const k of Object.keys(mallocOf(process.env))) if (!(k in user)) env[k] = undefined;
      try {
        const r = await scry(['memory', 'recall', 'where do the chores survive a restart', '--json'], { home, env });
        assert.equal(r.code, 0, r.stderr);
        assert.equal((JSON.parse(r.stdout) as RecallResult).rewrite?.terms, 'todo localStorage reload', 'the stub claude was asked');
        const seen = JSON.parse(fs.readFileSync(stub.log, 'utf8').trim().split('\n').pop()!) as { malloc: Record<string, string> };
        assert.deepEqual(seen.malloc, mallocOf(user), 'the process the daemon started has the user’s allocator settings only');
        if (process.platform === 'linux') {
          const status = await scry(['status', '--json'], { home, env });
          const pid = (JSON.parse(status.stdout) as StatusResult).daemon.pid;
          const daemon = mallocOf(startEnv(pid));
          assert.equal(daemon.MALLOC_MMAP_THRESHOLD_, '32768', 'the daemon itself runs under the launcher’s settings');
          assert.equal(daemon.MALLOC_ARENA_MAX, user.MALLOC_ARENA_MAX ?? '2', 'the user’s own value wins');
        }
      } finally {
        await stopDaemon(home);
        fs.rmSync(home, { recursive: true, force: true });
      }
    });
  }
});
