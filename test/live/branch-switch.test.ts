// `git checkout` of another branch in place, with a real spawned daemon and
// real git: hundreds of files change at once; the changed files answer from
// the overlay until the rebuild swaps, and a name defined on both branches
// never gets an empty answer, before, during or after.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type * as P from '../../daemon/protocol';
import { lineOf, rxjsRepo, scryJson, stopDaemon, tempDir } from '../helpers';

const FAST_REBUILD = { SCRY_DEBOUNCE_MS: '300', SCRY_COOLDOWN_MS: '0' };

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

describe('branch switch in place', () => {
  let home: string;
  let repo: string;
  const file = 'src/internal/operators/concatMap.ts';

  before(async () => {
    home = tempDir('branch');
    repo = fs.realpathSync(rxjsRepo());
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'main');
    git(repo, 'checkout', '-qb', 'other');
    // The other branch: every operator file gains two lines at the top (a few hundred files), concatMap included.
    const dir = path.join(repo, 'src/internal/operators');
    for (const f of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, f), `// other branch\n// moved down\n${fs.readFileSync(path.join(dir, f), 'utf8')}`);
    git(repo, 'commit', '-qam', 'other');
    git(repo, 'checkout', '-q', 'master');
    await scryJson<P.IndexResult>(['index', repo], { home, env: FAST_REBUILD });
  });
  after(() => stopDaemon(home));

  it('never answers empty for a name both branches define, and ends at the new lines, precisely', async () => {
    const mainLine = lineOf(path.join(repo, file), /^export function concatMap</);
    const ask = (): Promise<P.QueryResult> => scryJson<P.QueryResult>(['refs', 'concatMap', '--repo', repo, '--limit', '500'], { home });
    const defsIn = (r: P.QueryResult): number[] => r.matches.flatMap((m) => m.occurrences.filter((o) => o.is_definition && o.file === file).map((o) => o.line));
    assert.ok(defsIn(await ask()).includes(mainLine));
    const before = (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0]!.indexed_at;
    git(repo, 'checkout', '-q', 'other');
    const otherLine = lineOf(path.join(repo, file), /^export function concatMap</);
    assert.equal(otherLine, mainLine + 2);
    let answers = 0;
    let sawOverlay = false;
    // A generous deadline, as waitFor's: the loop waits for the rebuild, never for a time.
    const deadline = Date.now() + 600_000;
    for (;;) {
      assert.ok(Date.now() < deadline, 'timed out waiting for the rebuild after the switch');
      const r = await ask();
      answers++;
      assert.ok(r.total > 0, `answer ${answers} is empty`);
      const defs = defsIn(r);
      assert.ok(defs.length > 0, `answer ${answers} has no definition of concatMap in ${file}`);
      if ((r.index.overlay_files ?? 0) > 0) sawOverlay = true;
      const s = (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0]!;
      if (s.indexed_at !== before && !s.building && s.pending_changes === 0 && (r.index.overlay_files ?? 0) === 0) {
        assert.deepEqual(defs.includes(otherLine), true, 'the rebuilt index has the other branch');
        assert.ok(r.matches.flatMap((m) => m.occurrences).every((o) => o.precision === undefined));
        break;
      }
    }
    console.log(`# ${answers} answers during the switch, ${sawOverlay ? 'some' : 'none'} from the overlay`);
    assert.ok(answers > 1);
  });
});
