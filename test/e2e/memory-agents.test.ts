// The editor's agents in the memory graph, end to end: the packaged VSIX in
// real VS Code (code-server) reports where this editor keeps its storage;
// Copilot Chat sessions laid in this workspace's workspaceStorage/<hash> and
// a Cline task laid in the editor's globalStorage are swept from there; the
// graph's side panel lists each session under its agent's name. What must be
// drawn comes from the CLI's answers on the same memory. Screenshots land in
// test-artifacts/e2e-memory-agents/.
// One code-server and Chromium at a time (lock=editor), beside one other test file, not alone.
// scry-test: lock=editor
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { agentName, type EpisodesResult, type SweepResult } from '../../daemon/protocol';
import { ROOT, scryJson, stopDaemon, tempDir } from '../helpers';
import { age } from '../memory/sources/agent-home';
import * as h from './harness';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-memory-agents');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');
const skip = h.missingPrerequisite();
if (skip) process.stderr.write(`# e2e: SKIPPED: ${skip}\n`);

describe('the editor’s agents in the memory graph (code-server)', { skip }, () => {
  const home = tempDir('e2e-agents-scry');
  // The daemon the extension starts sweeps this HOME's default places, never the real one.
  const userHome = tempDir('e2e-agents-home');
  const env = { SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0', HOME: userHome };
  let workspace = '';
  let server: h.CodeServer | undefined;
  let page: Page | undefined;
  let view: FrameLocator;

  before(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    workspace = fs.realpathSync(tempDir('e2e-agents-ws'));
    execFileSync('git', ['init', '-q', workspace]);
    fs.writeFileSync(path.join(workspace, 'README.md'), '# orders api\n');
    ({ server, page } = await h.openEditor({ workspace, settings: { 'scry.home': home }, env }));
  });

  after(async () => {
    await h.closeEditor({ server, page }, ARTIFACTS);
    await stopDaemon(home);
    for (const d of [home, userHome, workspace]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  it('the extension reports this editor’s storage, and the sweep reads Copilot Chat and Cline there', async () => {
    await h.waitForStatus(page!, /Scry/);
    const reported = path.join(home, 'memory', 'editor-storage.json');
    const storage = await h.waitFor('the editor storage report', () => {
      if (!fs.existsSync(reported)) return undefined;
      const list = JSON.parse(fs.readFileSync(reported, 'utf8')) as Array<{ userDir: string; workspaceDir?: string }>;
      return list.find((s) => s.workspaceDir !== undefined);
    });
    assert.equal(storage.userDir, path.join(server!.root, 'user-data', 'User'));
    assert.equal(path.dirname(storage.workspaceDir!), path.join(storage.userDir, 'workspaceStorage'));

    // Laid out as the agents lay them, their folders pointed at this workspace.
    const chats = path.join(storage.workspaceDir!, 'chatSessions');
    fs.mkdirSync(chats, { recursive: true });
    for (const f of ['6f1c2a8e-0b7d-4c55-9a1e-2f3b4c5d6e7f.json', '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl']) {
      fs.writeFileSync(
        path.join(chats, f),
        fs.readFileSync(path.join(FIXTURES, 'copilot', 'written', f), 'utf8').replaceAll('/home/dev/orders-api', workspace),
      );
    }
    if (!fs.existsSync(path.join(storage.workspaceDir!, 'workspace.json')))
      fs.writeFileSync(path.join(storage.workspaceDir!, 'workspace.json'), JSON.stringify({ folder: pathToFileURL(workspace).href }));
    const task = path.join(storage.userDir, 'globalStorage', 'saoudrizwan.claude-dev', 'tasks', '1768471200000');
    fs.mkdirSync(task, { recursive: true });
    const src = path.join(FIXTURES, 'cline', 'written', 'tasks', '1768471200000');
    for (const f of fs.readdirSync(src))
      fs.writeFileSync(path.join(task, f), fs.readFileSync(path.join(src, f), 'utf8').replaceAll('/home/dev/billing', workspace));
    age(chats);
    age(task);

    const swept = await scryJson<SweepResult>(['memory', 'sweep'], { home, env });
    const row = (id: string): SweepResult['sources'][number] => swept.sources.find((s) => s.source === id)!;
    assert.deepEqual([row('copilot').ingested, row('cline').ingested], [2, 1], JSON.stringify(swept));
  });

  it('the memory graph lists each session under its agent’s name', async () => {
    await h.runCommand(page!, 'Scry: Show Memory Graph');
    view = page!.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    const drawn = await h.waitFor('drawn entities', async () => {
      const names = (
        await view
          .locator('#node-list .node-item')
          .allInnerTexts()
          .catch(() => [])
      ).map((s) => s.trim());
      return names.length > 0 ? names : undefined;
    });
    // An entity the editor agents' sessions mention, as the CLI answers for it.
    let chosen: { name: string; agents: string[] } | undefined;
    for (const name of drawn) {
      const eps = await scryJson<EpisodesResult>(['memory', 'episodes', name, '--limit', '10'], { home, env });
      const agents = eps.episodes.map((e) => agentName(e.source));
      if (eps.episodes.some((e) => e.source === 'copilot') && eps.episodes.some((e) => e.source === 'cline')) {
        chosen = { name, agents };
        break;
      }
      if (!chosen && eps.episodes.some((e) => e.source === 'copilot' || e.source === 'cline')) chosen = { name, agents };
    }
    assert.ok(chosen, `no drawn entity has an editor agent's episode: ${drawn.join(', ')}`);
    await view.locator('#node-list .node-item', { hasText: new RegExp(`^${chosen.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
    const links = view.locator('#detail .transcript-link');
    const shown = await h.waitFor('the side panel’s episodes', async () => {
      const agents = await links.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.agent ?? ''));
      return agents.length === chosen!.agents.length ? agents : undefined;
    });
    assert.deepEqual([...shown].sort(), [...chosen.agents].sort());
    assert.ok(
      shown.some((a) => a === agentName('copilot') || a === agentName('cline')),
      shown.join(', '),
    );
    for (const text of await links.allInnerTexts())
      assert.match(text, /^(Copilot Chat|Cline|Claude Code|Codex|Aider|Roo Code|remembered|run|seed) · \d{4}-\d\d-\d\d · lines \d+–\d+$/);
    await h.screenshot(page!, ARTIFACTS, '01-agents');
  });
});
