// Aider through a real daemon: its chat histories are found in the repos the
// code index holds (Aider writes `.aider.chat.history.md` where it runs), the
// sessions keep the times of their `# aider chat started at` headers, a second
// sweep adds nothing, recall finds what a session said, a planted token never
// reaches SCRY_HOME, and a history in a form Scry does not know is reported
// with its path and what was expected, with nothing stored.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RecallResult, SweepResult } from '../../../daemon/protocol';
import { ROOT } from '../../helpers';
import { age, agentHome, assertStatusLists, type AgentHome } from './agent-home';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory', 'aider');
const WRITTEN = path.join(FIXTURES, 'written', 'ledger.aider.chat.history.md');
const REAL = path.join(FIXTURES, 'real', 'mozgoslav.aider.chat.history.md');
const TOKEN = 'ghp_Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0Gf9Ed8Cb';

/** The session start times the file's headers give, read as Aider wrote them (local time). */
function headerTimes(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/^# aider chat started at (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/gm)].map((m) =>
    new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!).toISOString(),
  );
}

function repoWith(root: string, name: string, history: string): string {
  const repo = path.join(root, 'src', name);
  fs.mkdirSync(repo, { recursive: true });
  execFileSync('git', ['init', '-q', repo]);
  fs.writeFileSync(path.join(repo, 'README.md'), `# ${name}\n`);
  fs.copyFileSync(history, path.join(repo, '.aider.chat.history.md'));
  return repo;
}

describe('Aider histories through the daemon', () => {
  let h: AgentHome;
  let ledger: string;
  let first: SweepResult;
  before(async () => {
    h = agentHome('aider');
    ledger = repoWith(h.home, 'ledger', WRITTEN);
    const mozgoslav = repoWith(h.home, 'mozgoslav', REAL);
    age(path.join(h.home, 'src'));
    // Indexing makes them repos Scry knows; that is how the sweep finds their histories.
    for (const repo of [ledger, mozgoslav]) await h.json(['index', repo]);
    first = await h.json<SweepResult>(['memory', 'sweep']);
  });
  after(async () => h.dispose());

  it('finds the history in each indexed repo and ingests both', () => {
    const row = first.sources.find((s) => s.source === 'aider');
    assert.ok(row, JSON.stringify(first.sources));
    assert.deepEqual([row.files, row.ingested, row.failed], [2, 2, 0], JSON.stringify(row));
    assert.deepEqual(first.failed, []);
  });

  it('is listed in memory status with the repo it was found in and its sessions', async () => {
    await assertStatusLists(h, 'aider', ledger, 2);
  });

  it('dates each episode by the session it came from, and records the repo it ran in', () => {
    const eps = h.episodes('aider');
    const ledgerEps = eps.filter((e) => e.repo_root === fs.realpathSync(ledger) || e.repo_root === ledger);
    assert.ok(ledgerEps.length >= 1, JSON.stringify(eps.map((e) => e.repo_root)));
    const starts = new Set([...headerTimes(WRITTEN), ...headerTimes(REAL)]);
    for (const e of eps) assert.ok(starts.has(e.occurred_at), `${e.occurred_at} is no session's start`);
    assert.equal(ledgerEps[0]!.occurred_at, headerTimes(WRITTEN)[0]);
    assert.match(ledgerEps.map((e) => e.text).join('\n'), /\[edited notes\/deploy\.md\]/, 'the applied edit is a breadcrumb');
    assert.doesNotMatch(ledgerEps.map((e) => e.text).join('\n'), /<<<<<<< SEARCH/, 'the edit block itself is not kept');
  });

  it('a second sweep adds nothing', async () => {
    const again = await h.json<SweepResult>(['memory', 'sweep']);
    const row = again.sources.find((s) => s.source === 'aider')!;
    assert.equal(row.added, 0);
    assert.equal(row.unchanged, 2);
  });

  it('recall finds the decision the session stated', async () => {
    const r = await h.json<RecallResult>(['memory', 'recall', 'where does the ledger service deploy']);
    // What the passages say, and the statements they were found through.
    const said = (r.passages ?? [])
      .filter((p) => p.source === 'aider')
      .map((p) => p.snippet)
      .join('\n');
    assert.match(said, /build-7/, JSON.stringify(r.passages));
  });

  it('never stores the planted token', () => {
    assert.ok(fs.readFileSync(WRITTEN, 'utf8').includes(TOKEN), 'the fixture carries the token');
    assert.equal(h.holds(TOKEN), false);
    assert.match(
      h
        .episodes('aider')
        .map((e) => e.text)
        .join('\n'),
      /\[redacted:github-token\]/,
    );
  });
});

describe('an Aider history Scry cannot read', () => {
  let h: AgentHome;
  after(async () => h.dispose());

  it('is reported with its path and what was expected; nothing is stored and no cursor moves', async () => {
    h = agentHome('aider-unknown');
    const root = path.join(h.home, 'work');
    const repo = path.join(root, 'notes');
    fs.mkdirSync(repo, { recursive: true });
    // A later Aider that opened sessions differently, as far as this Scry can tell.
    fs.writeFileSync(
      path.join(repo, '.aider.chat.history.md'),
      fs.readFileSync(WRITTEN, 'utf8').replace(/^# aider chat started at /gm, '# aider session v2 started '),
    );
    age(root);
    fs.writeFileSync(path.join(h.scryHome, 'config.yaml'), `memory:\n  sources:\n    aider: [${root}]\n`);
    const r = await h.json<SweepResult>(['memory', 'sweep']);
    const row = r.sources.find((s) => s.source === 'aider')!;
    assert.deepEqual([row.files, row.failed, row.added], [1, 1, 0]);
    const failure = r.failed.find((f) => f.path.endsWith('.aider.chat.history.md'));
    assert.ok(failure, JSON.stringify(r.failed));
    assert.match(failure.error, /notes\/\.aider\.chat\.history\.md.*expected .*# aider chat started at/);
    assert.equal(h.episodes('aider').length, 0);
    assert.equal(h.cursors('aider'), 0);
  });
});
