// Cline and Roo Code through a real daemon: a private HOME laid out as VS
// Code lays an extension's storage (~/.config/Code/User/globalStorage/<ext
// id>/tasks/<task>/), the sweep finds the task, each message keeps its own
// time and the task's working folder is its project, a second sweep adds
// nothing, recall finds a stated fact, a planted token is not stored, and a
// task file in a form Scry does not know is reported with nothing stored.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RecallResult, SweepResult } from '../../../daemon/protocol';
import { ROOT } from '../../helpers';
import { age, agentHome, assertStatusLists, type AgentHome } from './agent-home';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');

interface Agent {
  id: 'cline' | 'roo';
  extension: string;
  task: string;
  /** The working folder the fixture's environment details name. */
  cwd: string;
  question: string;
  fact: RegExp;
  /** A secret in what the user typed: the fixture's own, or planted in the laid-out copy's first message. */
  token: string;
  planted: boolean;
  /** A task folder name of this agent's form, for the task in a form Scry does not know. */
  unknownTask: string;
}

const AGENTS: Agent[] = [
  {
    id: 'cline',
    extension: 'saoudrizwan.claude-dev',
    task: 'cline/written/tasks/1768471200000',
    cwd: '/home/dev/billing',
    question: 'how are VAT ids stored',
    fact: /two-letter prefix/,
    token: 'ghp_Mn4Bv6Cx8Za1Sd3Fg5Hj7Kl9Qw2Er4Ty6Ui8O',
    planted: false,
    unknownTask: '1769000000000',
  },
  {
    id: 'roo',
    extension: 'rooveterinaryinc.roo-cline',
    task: 'roo/written/tasks/3f2e1d0c-9b8a-4765-8432-10fedcba9876',
    cwd: '/home/dev/atlas',
    question: 'how long are map tiles cached',
    fact: /24 hours/,
    token: 'glpat-Qm3Xr8Tz1Vb6Nw4Kp9Ls2D',
    planted: true,
    unknownTask: '7c6b5a49-3827-4160-9f5e-4d3c2b1a0f9e',
  },
];

/** Lays the fixture's task folder out where the extension keeps it, its folder pointed at a repo that exists here. */
function layTask(h: AgentHome, a: Agent, repo: string): string {
  const dir = path.join(h.home, '.config', 'Code', 'User', 'globalStorage', a.extension, 'tasks', path.basename(a.task));
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(path.join(FIXTURES, a.task)))
    fs.writeFileSync(path.join(dir, f), fs.readFileSync(path.join(FIXTURES, a.task, f), 'utf8').replaceAll(a.cwd, repo));
  if (a.planted) {
    const ui = path.join(dir, 'ui_messages.json');
    const messages = JSON.parse(fs.readFileSync(ui, 'utf8')) as Array<{ type: string; say?: string; text?: string }>;
    const typed = messages.find((m) => m.type === 'say' && m.say === 'text')!;
    typed.text = `${typed.text ?? ''} The deploy token is ${a.token} if you need it.`;
    fs.writeFileSync(ui, JSON.stringify(messages));
  }
  return dir;
}

for (const a of AGENTS) {
  describe(`${a.id} tasks through the daemon`, () => {
    let h: AgentHome;
    let repo: string;
    let first: SweepResult;
    before(async () => {
      h = agentHome(a.id);
      repo = path.join(h.home, 'src', path.basename(a.cwd));
      fs.mkdirSync(repo, { recursive: true });
      execFileSync('git', ['init', '-q', repo]);
      layTask(h, a, repo);
      age(path.join(h.home, '.config'));
      first = await h.json<SweepResult>(['memory', 'sweep']);
    });
    after(async () => h.dispose());

    it('finds the task under the editor’s globalStorage and ingests it', () => {
      const row = first.sources.find((s) => s.source === a.id);
      assert.ok(row, JSON.stringify(first.sources));
      assert.deepEqual([row.files, row.ingested, row.failed], [1, 1, 0], JSON.stringify(first));
    });

    it('is listed in memory status with the tasks folder it was found in', async () => {
      await assertStatusLists(h, a.id, path.join(h.home, '.config', 'Code', 'User', 'globalStorage', a.extension, 'tasks'), 1);
    });

    it('keeps the messages’ own times and the task’s folder as the project', () => {
      const ui = JSON.parse(fs.readFileSync(path.join(FIXTURES, a.task, 'ui_messages.json'), 'utf8')) as Array<{ ts: number }>;
      const times = new Set(ui.map((m) => new Date(m.ts).toISOString()));
      const eps = h.episodes(a.id);
      assert.ok(eps.length >= 1);
      for (const e of eps) {
        assert.ok(times.has(e.occurred_at), `${e.occurred_at} is no message's time`);
        assert.equal(e.repo_root, repo);
      }
      assert.equal(eps[0]!.occurred_at, new Date(ui[0]!.ts).toISOString());
      assert.match(eps.map((e) => e.text).join('\n'), /\[edited src\//);
    });

    it('a second sweep adds nothing', async () => {
      const row = (await h.json<SweepResult>(['memory', 'sweep'])).sources.find((s) => s.source === a.id)!;
      assert.deepEqual([row.added, row.unchanged], [0, 1]);
    });

    it('recall finds the fact the task stated', async () => {
      const r = await h.json<RecallResult>(['memory', 'recall', a.question]);
      const said = (r.passages ?? [])
        .filter((p) => p.source === a.id)
        .map((p) => p.snippet)
        .join('\n');
      assert.match(said, a.fact, JSON.stringify(r.passages));
    });

    it('never stores the planted token', () => {
      const laid = path.join(h.home, '.config', 'Code', 'User', 'globalStorage', a.extension, 'tasks', path.basename(a.task), 'ui_messages.json');
      assert.ok(fs.readFileSync(laid, 'utf8').includes(a.token), 'the task the sweep read carries the token');
      assert.equal(h.holds(a.token), false);
      assert.match(
        h
          .episodes(a.id)
          .map((e) => e.text)
          .join('\n'),
        /\[redacted:/,
        'it was redacted, not dropped with its message',
      );
    });
  });
}

for (const a of AGENTS) {
  describe(`a ${a.id} task file Scry cannot read`, () => {
    let h: AgentHome;
    after(async () => h.dispose());

    it('is reported with its path and what was expected; nothing is stored and no cursor moves', async () => {
      h = agentHome(`${a.id}-unknown`);
      const dir = path.join(h.home, '.config', 'Code', 'User', 'globalStorage', a.extension, 'tasks', a.unknownTask);
      fs.mkdirSync(dir, { recursive: true });
      // A later writer that wraps the messages in a versioned object.
      const messages = JSON.parse(fs.readFileSync(path.join(FIXTURES, a.task, 'ui_messages.json'), 'utf8')) as unknown[];
      fs.writeFileSync(path.join(dir, 'ui_messages.json'), JSON.stringify({ version: 2, messages }));
      age(path.join(h.home, '.config'));
      const r = await h.json<SweepResult>(['memory', 'sweep']);
      const row = r.sources.find((s) => s.source === a.id)!;
      assert.deepEqual([row.files, row.failed, row.added], [1, 1, 0]);
      assert.match(r.failed[0]!.error, new RegExp(`${a.unknownTask}/ui_messages\\.json.*expected a JSON array of task messages`));
      assert.equal(h.episodes(a.id).length, 0);
      assert.equal(h.cursors(a.id), 0);
    });
  });
}
