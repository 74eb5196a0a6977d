// An index.db damaged in the middle (its header, schema and meta still read
// fine, so it opens) under a real daemon: the query that reads a damaged page
// moves the index aside, status never calls it `ready` without an error while
// it rebuilds, and every answer matches the one from before the damage.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { connectRunning } from '../../daemon/client';
import { repoDir } from '../../daemon/paths';
import * as P from '../../daemon/protocol';
import { rxjsRepo, scry, scryJson, stopDaemon, tempDir } from '../helpers';

/** The names asked: every rxjs operator (one per file), real symbols spread over the whole index. */
function operatorNames(repo: string): string[] {
  return fs
    .readdirSync(path.join(repo, 'src/internal/operators'))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.slice(0, -3))
    .sort();
}

/** An answer without what differs between two builds of the same code. */
const comparable = (r: P.QueryResult): unknown => r.matches;

/** Overwrites whole pages from 40% to 60% of the file with 0xFF: no b-tree page survives that, and page 1 (header, schema) is untouched. */
function damageMiddle(file: string): { pages: number; damaged: number } {
  const db = new Database(file, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const size = fs.statSync(file).size;
  const pages = size / pageSize;
  const first = Math.floor(pages * 0.4);
  const last = Math.floor(pages * 0.6);
  const fd = fs.openSync(file, 'r+');
  try {
    for (let p = first; p < last; p++) fs.writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, p * pageSize);
  } finally {
    fs.closeSync(fd);
  }
  return { pages, damaged: last - first };
}

describe('an index.db corrupted mid-file, under a real daemon', () => {
  let home: string;
  let repo: string;
  let names: string[];
  const good = new Map<string, unknown>();
  let builtAt: string;

  before(async () => {
    home = tempDir('corrupt-home');
    repo = rxjsRepo();
    names = operatorNames(repo);
    const built = await scryJson<P.IndexResult>(['index', '--repo', repo], { home });
    builtAt = built.indexed_at;
    const client = (await connectRunning(home))!;
    try {
      for (const name of names) good.set(name, comparable(await client.request(P.Refs.type, { repo, name, limit: 10_000 })));
    } finally {
      client.dispose();
    }
    // Stopped so that no page of the good index is still in the daemon's cache.
    await stopDaemon(home);
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('moves it aside on the query that reads a damaged page, rebuilds, and answers as before', async () => {
    const dir = repoDir(home, fs.realpathSync(repo));
    const file = path.join(dir, 'index.db');
    const { pages, damaged } = damageMiddle(file);
    const corrupt = fs.readFileSync(file);
    // What open-time checks see is fine: the schema version and meta read; only the middle is broken.
    const check = new Database(file, { readonly: true });
    assert.equal((check.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string }).value.length > 0, true);
    assert.notEqual(check.pragma('quick_check', { simple: true }), 'ok', 'the file is damaged');
    check.close();
    console.log(`damaged ${damaged} of ${pages} pages in the middle of index.db`);

    assert.equal((await scry(['start'], { home })).code, 0);
    const client = (await connectRunning(home))!;
    const watcher = (await connectRunning(home))!;
    const seen: P.RepoStatus[] = [];
    let reportedAt = -1;
    try {
      for (const [i, name] of names.entries()) {
        let pending = true;
        const answer = client.request(P.Refs.type, { repo, name, limit: 10_000 }).finally(() => (pending = false));
        // While a query is out, status is read on a second connection: once the index is moved aside, it must not look healthy.
        while (pending) {
          const s = (await watcher.request(P.Status.type, { repo })).repos[0]!;
          if (asideFiles(dir).length > 0 && pending) seen.push(s);
          await new Promise((r) => setTimeout(r, 50));
        }
        assert.deepEqual(comparable(await answer), good.get(name), `refs ${name} answers as before the damage`);
        if (reportedAt < 0 && asideFiles(dir).length > 0) reportedAt = i;
      }
    } finally {
      client.dispose();
      watcher.dispose();
    }
    assert.notEqual(reportedAt, -1, 'some query read a damaged page');
    console.log(
      `query ${reportedAt + 1} of ${names.length} found the damage; ${seen.length} status reads while it rebuilt: ${[...new Set(seen.map((s) => `${s.effective_status}/${s.building ? 'building' : 'idle'}`))].join(', ')}`,
    );
    for (const s of seen) {
      assert.ok(!(s.effective_status === 'ready' && s.last_error === null && s.indexed_at === builtAt), `status during the rebuild: ${JSON.stringify(s)}`);
      assert.match(s.last_error ?? '', /unreadable \(database disk image is malformed\); it was moved aside to/);
    }
    const aside = asideFiles(dir);
    assert.equal(aside.length, 1, aside.join(', '));
    assert.deepEqual(fs.readFileSync(path.join(dir, aside[0]!)), corrupt, 'the damaged file is kept as it was');
    const log = fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8');
    assert.match(log, /is unreadable \(database disk image is malformed\); it was moved aside/);

    const status = await scryJson<P.StatusResult>(['status', '--repo', repo], { home });
    const s = status.repos[0]!;
    assert.equal(s.effective_status, 'ready');
    assert.equal(s.last_error, null);
    assert.notEqual(s.indexed_at, builtAt, 'rebuilt');
  });
});

const asideFiles = (dir: string): string[] => fs.readdirSync(dir).filter((f) => f.startsWith('index.db.unreadable-'));
