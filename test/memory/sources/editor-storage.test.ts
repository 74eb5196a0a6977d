// The editor's part through a real daemon: an editor whose storage is not in
// a default place (a portable install) reports its `User` folder and this
// workspace's storage over the socket; the sweep then reads the Copilot
// Chat sessions and Cline tasks kept there, the report survives a daemon
// restart, and a folder that does not exist is refused in one line while
// the daemon stays up.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { connectRunning, RpcError } from '../../../daemon/client';
import * as P from '../../../daemon/protocol';
import { ROOT, stopDaemon } from '../../helpers';
import { storageDirs } from '../../../extension/editorStorage';
import { age, agentHome, type AgentHome } from './agent-home';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');

async function report(h: AgentHome, params: P.EditorStorageParams): Promise<P.EditorStorageResult> {
  const client = await connectRunning(h.scryHome);
  assert.ok(client, 'the daemon answers');
  try {
    return await client.request(P.MemoryEditorStorage.type, params);
  } finally {
    client.dispose();
  }
}

describe('the storage an editor reports', () => {
  let h: AgentHome;
  after(async () => h.dispose());

  it('is swept for the editor’s agents, kept across a restart, and a missing folder is refused', async () => {
    h = agentHome('editor-storage');
    // A portable VS Code: its data folder is beside the program, nowhere a default root looks.
    const user = path.join(h.home, 'apps', 'VSCode-linux-x64', 'data', 'user-data', 'User');
    const wsStorage = path.join(user, 'workspaceStorage', '0123456789abcdef0123456789abcdef');
    fs.mkdirSync(path.join(wsStorage, 'chatSessions'), { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, 'copilot', 'written', '6f1c2a8e-0b7d-4c55-9a1e-2f3b4c5d6e7f.json'), path.join(wsStorage, 'chatSessions', 'a.json'));
    fs.mkdirSync(path.join(wsStorage, 'scry.scry'), { recursive: true });
    const task = path.join(user, 'globalStorage', 'saoudrizwan.claude-dev', 'tasks', '1768471200000');
    fs.cpSync(path.join(FIXTURES, 'cline', 'written', 'tasks', '1768471200000'), task, { recursive: true });
    fs.mkdirSync(path.join(user, 'globalStorage', 'scry.scry'), { recursive: true });
    age(path.join(h.home, 'apps'));

    const before = await h.json<P.SweepResult>(['memory', 'sweep']);
    assert.deepEqual(
      ['copilot', 'cline'].map((id) => before.sources.find((s) => s.source === id)!.files),
      [0, 0],
      'not found before the editor reports',
    );

    // What the extension sends, from its own storage locations.
    const params = storageDirs(
      { scheme: 'file', fsPath: path.join(user, 'globalStorage', 'scry.scry') },
      { scheme: 'file', fsPath: path.join(wsStorage, 'scry.scry') },
    );
    assert.deepEqual(params, { user_dir: user, workspace_dir: wsStorage });
    const r = await report(h, params!);
    assert.equal(r.known, 1);
    assert.ok(r.roots.copilot!.includes(wsStorage), JSON.stringify(r.roots));
    assert.ok(r.roots.cline!.includes(path.join(user, 'globalStorage', 'saoudrizwan.claude-dev', 'tasks')), JSON.stringify(r.roots));

    const swept = await h.json<P.SweepResult>(['memory', 'sweep']);
    for (const id of ['copilot', 'cline']) assert.equal(swept.sources.find((s) => s.source === id)!.ingested, 1, `${id}: ${JSON.stringify(swept)}`);
    assert.ok(h.episodes('copilot').length > 0 && h.episodes('cline').length > 0);

    // A restarted daemon still sweeps there: a task added later is found without a new report.
    await stopDaemon(h.scryHome);
    const later = path.join(user, 'globalStorage', 'saoudrizwan.claude-dev', 'tasks', '1768471300000');
    fs.cpSync(task, later, { recursive: true });
    age(later);
    const again = await h.json<P.SweepResult>(['memory', 'sweep']);
    assert.deepEqual([again.sources.find((s) => s.source === 'cline')!.files, again.sources.find((s) => s.source === 'cline')!.ingested], [2, 1]);

    await assert.rejects(report(h, { user_dir: path.join(h.home, 'nowhere', 'User') }), (e: unknown) => {
      assert.ok(e instanceof RpcError);
      assert.match(e.message, /^memory\/editor-storage: user_dir '.*nowhere\/User' is not an existing absolute folder$/);
      return true;
    });
    assert.equal((await h.json<P.MemoryStatus>(['memory', 'status'])).episodes > 0, true, 'the daemon is still up');
  });
});
