// A new transcript format is one declaration and one registry line. Here a
// format nobody ships ("dummy": plain `user:` / `assistant:` lines in
// *.dummy files) is added the way a real one would be, beside the
// registered ones, and a real daemon on a real socket discovers it under its
// default root, sweeps it, ingests a file of it by id, tracks it by source
// and path, and lists it in `memory status`. Nothing else in memory changes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as fsSync from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectRunning, RpcError, type RpcClient } from '../../../daemon/client';
import { ErrorCode } from '../../../daemon/errors';
import { createMemoryDomain } from '../../../daemon/memory';
import type { DistilledSession, Turn } from '../../../daemon/memory/episode';
import { discoverIn, SOURCE_IDS, SOURCES, type TranscriptSource } from '../../../daemon/memory/sources';
import * as P from '../../../daemon/protocol';
import { createDaemon, type Daemon } from '../../../daemon/server/daemon';
import { tempDir } from '../../helpers';

// ---- what would be daemon/memory/sources/dummy.ts ----
const dummy = {
  id: 'dummy',
  holds: 'a .dummy transcript or a folder of them',
  configKey: 'dummy',
  conversational: true,
  defaultRoots: ({ home }) => [path.join(home, '.dummy', 'sessions')],
  discover: (root) =>
    fsSync
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.dummy'))
      .map((f) => ({ path: path.join(root, f) })),
  distill: async (file): Promise<DistilledSession> => {
    // Only complete lines: what follows the last newline may still be being written.
    const complete = (await fs.readFile(file, 'utf8')).split('\n').slice(0, -1);
    const turns: Turn[] = complete.flatMap((l, i): Turn[] => {
      const m = /^(user|assistant): (.+)$/.exec(l);
      return m ? [{ role: m[1] as Turn['role'], text: m[2]!, lineStart: i + 1, lineEnd: i + 1 }] : [];
    });
    return {
      source: 'dummy',
      path: file,
      sessionId: path.basename(file, '.dummy'),
      turns,
      consumedBytes: Buffer.byteLength(complete.map((l) => `${l}\n`).join('')),
      lines: complete.length,
      unknownTypes: {},
      malformedLines: 0,
      redactions: 0,
    };
  },
} as const satisfies TranscriptSource<'dummy'>;
// ---- and its line in daemon/memory/sources/index.ts ----
const WITH_DUMMY = { ...SOURCES, dummy };

const conversation = (topic: string, turns: number): string =>
  Array.from({ length: turns }, (_, i) => (i % 2 === 0 ? `user: please look into the ${topic} (${i})` : `assistant: the ${topic} is handled now (${i})`)).join(
    '\n',
  ) + '\n';

describe('adding a transcript format through the source registry', () => {
  let home: string;
  let userHome: string;
  let daemon: Daemon;
  let client: RpcClient;

  before(async () => {
    home = tempDir('registry-home');
    userHome = tempDir('registry-user');
    const root = path.join(userHome, '.dummy', 'sessions', '2026');
    fsSync.mkdirSync(root, { recursive: true });
    fsSync.writeFileSync(path.join(root, 'first.dummy'), conversation('billing retry', 4));
    fsSync.writeFileSync(path.join(root, 'ignored.txt'), conversation('nothing', 4));
    // Files younger than min_age_minutes wait for a later sweep.
    fsSync.writeFileSync(path.join(home, 'config.yaml'), 'memory:\n  sweep:\n    min_age_minutes: 0\n');
    daemon = await createDaemon(home, [createMemoryDomain({ userHome, sources: WITH_DUMMY, sweep: false, extract: false, env: { SCRY_HOME: home } })]);
    client = (await connectRunning(home))!;
  });
  after(async () => {
    client.dispose();
    await daemon.dispose();
    fsSync.rmSync(home, { recursive: true, force: true });
    fsSync.rmSync(userHome, { recursive: true, force: true });
  });

  it('is discoverable under its default root', () => {
    const found = discoverIn(dummy, path.join(userHome, '.dummy', 'sessions'));
    assert.deepEqual(
      found.map((f) => [f.kind, path.basename(f.path)]),
      [['dummy', 'first.dummy']],
    );
  });

  it('is listed in memory status with its roots, after the registered ones', async () => {
    const status = await client.request(P.MemoryStatusMethod.type, {});
    assert.deepEqual(
      status.sources?.map((s) => s.id),
      [...SOURCE_IDS, 'dummy'],
    );
    const entry = status.sources!.find((s) => s.id === 'dummy')!;
    assert.deepEqual(entry.roots, [path.join(userHome, '.dummy', 'sessions')]);
    assert.equal(entry.conversational, true);
  });

  it('is swept: its file becomes episodes, the other files under the root are left alone', async () => {
    const r = await client.request(P.MemorySweep.type, {});
    const mine = r.sources.find((s) => s.source === 'dummy');
    assert.ok(mine, 'the sweep reports the new source');
    assert.equal(mine.files, 1);
    assert.equal(mine.ingested, 1);
    assert.ok(mine.added >= 1, `episodes added: ${mine.added}`);
    assert.equal(r.failed.length, 0);
    const again = await client.request(P.MemorySweep.type, {});
    assert.equal(again.sources.find((s) => s.source === 'dummy')!.unchanged, 1, 'a second sweep finds it unchanged (its cursor is kept)');
  });

  it('is ingestible by its id, and an unknown id is refused with the known ones named', async () => {
    const other = path.join(tempDir('registry-other'), 'second.dummy');
    fsSync.writeFileSync(other, conversation('deploy machine', 6));
    const r = await client.request(P.MemoryIngest.type, { source: 'dummy', path: other });
    assert.deepEqual(
      r.files.map((f) => [f.source, f.outcome]),
      [['dummy', 'ingested']],
    );
    const episodes = await client.request(P.MemoryStatusMethod.type, {});
    assert.ok(episodes.episodes >= 2);
    await assert.rejects(client.request(P.MemoryIngest.type, { source: 'nope', path: other }), (e: unknown) => {
      assert.ok(e instanceof RpcError);
      assert.equal(e.code, ErrorCode.InvalidParams);
      assert.ok(e.message.includes(`unknown memory source 'nope': this daemon reads ${[...SOURCE_IDS, 'dummy'].join(', ')}`), e.message);
      return true;
    });
  });
});

describe('the source registry', () => {
  it("is what `scry memory ingest`'s help names for --source, in its order", () => {
    assert.match(P.MemoryIngest.cli?.summary ?? '', new RegExp(`--source ${SOURCE_IDS.join('\\|')}\\)`));
  });

  it('files every source under its own id, each with roots, discovery and a distiller', () => {
    for (const id of SOURCE_IDS) {
      const s: TranscriptSource = SOURCES[id];
      assert.equal(s.id, id);
      assert.equal(typeof s.distill, 'function');
      // Aider's histories live in the repos the code index holds: those are its default roots.
      assert.ok(s.defaultRoots({ home: '/h', scryHome: '/h/.scry', env: {}, repos: () => ['/h/src/app'] }).length > 0, `${id} has default roots`);
    }
    assert.deepEqual(new Set(SOURCE_IDS.map((id) => SOURCES[id].configKey)).size, SOURCE_IDS.length, 'config keys are distinct');
  });

  it("names every agent whose sessions it reads, so the graph and recall show the agent's name, not a source id", () => {
    const agents = SOURCE_IDS.filter((id) => SOURCES[id].conversational);
    assert.deepEqual(
      agents.filter((id) => P.agentName(id) === id),
      [],
      'agents shown under their source id',
    );
    assert.equal(new Set(agents.map((id) => P.agentName(id))).size, agents.length, 'two agents share a name');
  });
});
