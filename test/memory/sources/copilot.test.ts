// VS Code Copilot Chat through a real daemon: a private HOME laid out as VS
// Code lays it (~/.config/Code/User/workspaceStorage/<hash>/ with
// workspace.json and chatSessions/ holding one JSON session and one JSONL
// edit log). The sweep finds both, each request keeps its own time, the
// workspace's folder is the session's project, a second sweep adds nothing,
// recall finds a stated fact, a planted token is not stored, and a session
// of a version Scry does not know is reported with nothing stored.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { RecallResult, SweepResult } from '../../../daemon/protocol';
import { ROOT } from '../../helpers';
import { age, agentHome, assertStatusLists, type AgentHome } from './agent-home';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory', 'copilot', 'written');
const JSON_SESSION = '6f1c2a8e-0b7d-4c55-9a1e-2f3b4c5d6e7f.json';
const LOG_SESSION = '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl';
const TOKEN = 'ghp_Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz2Xc4Vb6N';

/** A workspace folder as VS Code keeps it: workspace.json naming `folder`, and chatSessions/. */
function workspace(home: string, hash: string, folder: string, sessions: Record<string, string>): string {
  const dir = path.join(home, '.config', 'Code', 'User', 'workspaceStorage', hash);
  fs.mkdirSync(path.join(dir, 'chatSessions'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'workspace.json'), JSON.stringify({ folder: pathToFileURL(folder).href }));
  for (const [name, text] of Object.entries(sessions)) fs.writeFileSync(path.join(dir, 'chatSessions', name), text);
  return dir;
}

/** Request times, and the session's creation, as the fixture records them (epoch ms). */
function requestTimes(): string[] {
  const json = JSON.parse(fs.readFileSync(path.join(FIXTURES, JSON_SESSION), 'utf8')) as { requests: Array<{ timestamp: number }> };
  const log = fs
    .readFileSync(path.join(FIXTURES, LOG_SESSION), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: number; v?: unknown });
  const pushed = log
    .filter((e) => e.kind === 2 && Array.isArray(e.v))
    .flatMap((e) => e.v as Array<{ timestamp?: number }>)
    .filter((r) => typeof r.timestamp === 'number');
  return [...json.requests, ...pushed].map((r) => new Date(r.timestamp!).toISOString());
}

describe('Copilot Chat sessions through the daemon', () => {
  let h: AgentHome;
  let repo: string;
  let first: SweepResult;
  before(async () => {
    h = agentHome('copilot');
    repo = path.join(h.home, 'src', 'orders-api');
    fs.mkdirSync(repo, { recursive: true });
    execFileSync('git', ['init', '-q', repo]);
    // The fixtures' file URIs, pointed at a folder that exists here.
    const here = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('/home/dev/orders-api', repo);
    workspace(h.home, 'a1b2c3d4e5f60718293a4b5c6d7e8f90', repo, { [JSON_SESSION]: here(JSON_SESSION), [LOG_SESSION]: here(LOG_SESSION) });
    age(path.join(h.home, '.config'));
    first = await h.json<SweepResult>(['memory', 'sweep']);
  });
  after(async () => h.dispose());

  it('finds both session forms under the default workspaceStorage and ingests them', () => {
    const row = first.sources.find((s) => s.source === 'copilot');
    assert.ok(row, JSON.stringify(first.sources));
    assert.ok(
      row.roots.some((r) => r === path.join(h.home, '.config', 'Code', 'User', 'workspaceStorage')),
      JSON.stringify(row.roots),
    );
    assert.deepEqual([row.files, row.ingested, row.failed], [2, 2, 0], JSON.stringify(first));
  });

  it('is listed in memory status with its workspaceStorage and its sessions', async () => {
    await assertStatusLists(h, 'copilot', path.join(h.home, '.config', 'Code', 'User', 'workspaceStorage'), 2);
  });

  it('keeps the requests’ own times and the workspace folder as the project', () => {
    const eps = h.episodes('copilot');
    assert.equal(new Set(eps.map((e) => e.source_path)).size, 2);
    const times = new Set(requestTimes());
    for (const e of eps) {
      assert.ok(times.has(e.occurred_at), `${e.occurred_at} is no request's time`);
      assert.equal(e.repo_root, repo);
      assert.equal(e.cwd, repo);
    }
    const all = eps.map((e) => e.text).join('\n');
    assert.match(all, /\[ran: npm test -- payments\]/);
    assert.match(all, /\[edited src\/payments\/queue\.ts\]/);
  });

  it('a second sweep adds nothing', async () => {
    const row = (await h.json<SweepResult>(['memory', 'sweep'])).sources.find((s) => s.source === 'copilot')!;
    assert.deepEqual([row.added, row.unchanged], [0, 2]);
  });

  it('recall finds facts stated in the JSON session and in the JSONL log', async () => {
    const said = async (q: string): Promise<string> => {
      const r = await h.json<RecallResult>(['memory', 'recall', q]);
      return (r.passages ?? [])
        .filter((p) => p.source === 'copilot')
        .map((p) => p.snippet)
        .join('\n');
    };
    assert.match(await said('where does the staging database live'), /db-staging-2/);
    assert.match(await said('payment retries backoff'), /three times/);
  });

  it('never stores the planted token', () => {
    assert.ok(fs.readFileSync(path.join(FIXTURES, LOG_SESSION), 'utf8').includes(TOKEN));
    assert.equal(h.holds(TOKEN), false);
  });
});

describe('a chat session of a version Scry does not know', () => {
  let h: AgentHome;
  after(async () => h.dispose());

  it('is reported with its path and what was expected; nothing is stored and no cursor moves', async () => {
    h = agentHome('copilot-unknown');
    const repo = path.join(h.home, 'src', 'app');
    fs.mkdirSync(repo, { recursive: true });
    const future = JSON.parse(fs.readFileSync(path.join(FIXTURES, JSON_SESSION), 'utf8')) as { version: number };
    future.version = 4;
    workspace(h.home, 'ffff0000ffff0000ffff0000ffff0000', repo, { 'future.json': JSON.stringify(future) });
    age(path.join(h.home, '.config'));
    const r = await h.json<SweepResult>(['memory', 'sweep']);
    const row = r.sources.find((s) => s.source === 'copilot')!;
    assert.deepEqual([row.files, row.failed, row.added], [1, 1, 0]);
    assert.match(r.failed[0]!.error, /chatSessions\/future\.json.*expected .*version 1, 2 or 3/);
    assert.equal(h.episodes('copilot').length, 0);
    assert.equal(h.cursors('copilot'), 0);
  });
});
