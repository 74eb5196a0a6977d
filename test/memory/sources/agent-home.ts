// A private HOME laid out as an agent lays its store, a SCRY_HOME beside it,
// and the real CLI and daemon against both: the per-agent source tests share
// this. The daemon's HOME is the private one, so default roots resolve there.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MemoryStatus } from '../../../daemon/protocol';
import { openDatabase } from '../../../daemon/sqlite';
import { scry, stopDaemon, tempDir } from '../../helpers';

export interface AgentHome {
  /** The user's home folder the daemon sees. */
  home: string;
  /** SCRY_HOME. */
  scryHome: string;
  json<T>(args: string[]): Promise<T>;
  /** The stored episodes of one source, oldest first. */
  episodes(source: string): Array<{ id: string; occurred_at: string; text: string; source_path: string; cwd: string | null; repo_root: string | null }>;
  /** Cursors the store keeps for one source. */
  cursors(source: string): number;
  /** Whether any file under SCRY_HOME holds `needle` (the database, its WAL, logs). */
  holds(needle: string): boolean;
  dispose(): Promise<void>;
}

export function agentHome(prefix: string, env: NodeJS.ProcessEnv = {}): AgentHome {
  const home = tempDir(`${prefix}-home`);
  const scryHome = tempDir(`${prefix}-scry`);
  fs.chmodSync(scryHome, 0o700);
  const fullEnv = { SCRY_MEMORY_SWEEP: '0', HOME: home, XDG_CONFIG_HOME: '', XDG_DATA_HOME: '', APPDATA: '', ...env };
  const query = <T>(sql: string, ...args: unknown[]): T[] => {
    const file = path.join(scryHome, 'memory', 'memory.db');
    if (!fs.existsSync(file)) return [];
    const db = openDatabase(file, { readonly: true });
    try {
      return db.prepare(sql).all(...args) as T[];
    } finally {
      db.close();
    }
  };
  return {
    home,
    scryHome,
    async json<T>(args: string[]): Promise<T> {
      const r = await scry([...args, '--json'], { home: scryHome, env: fullEnv });
      assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
      return JSON.parse(r.stdout) as T;
    },
    episodes: (source) =>
      query('SELECT id, occurred_at, text, source_path, cwd, repo_root FROM episodes WHERE source = ? ORDER BY occurred_at, line_start', source),
    cursors: (source) => query<{ n: number }>('SELECT count(*) AS n FROM cursors WHERE source = ?', source)[0]?.n ?? 0,
    holds(needle) {
      const hit = (dir: string): boolean =>
        fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) return hit(p);
          return e.isFile() && !e.name.endsWith('.sock') && fs.readFileSync(p).includes(needle);
        });
      return hit(scryHome);
    },
    async dispose() {
      if (fs.existsSync(path.join(scryHome, 'scryd.pid'))) await stopDaemon(scryHome);
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(scryHome, { recursive: true, force: true });
    },
  };
}

/** Makes every file under `dir` an hour old, so a sweep (which leaves files modified in the last minutes) takes them. */
export function age(dir: string): void {
  const old = new Date(Date.now() - 3600_000);
  const visit = (p: string): void => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
    fs.utimesSync(p, old, old);
  };
  visit(dir);
}

/** `scry memory status` lists the source with the store it was found in, the sessions found and ingested there, and no failure. */
export async function assertStatusLists(h: AgentHome, source: string, store: string, sessions: number): Promise<void> {
  const status = await h.json<MemoryStatus>(['memory', 'status']);
  const s = status.sources?.find((x) => x.id === source);
  assert.ok(s, `status lists ${source}: ${JSON.stringify(status.sources?.map((x) => x.id))}`);
  assert.ok(
    s.stores?.some((x) => x === store || x === fs.realpathSync(store)),
    `${source}'s store ${store} is listed: ${JSON.stringify(s.stores)}`,
  );
  assert.deepEqual([s.sessions_found, s.sessions_ingested, s.failed], [sessions, sessions, []], JSON.stringify(s));
}
