// The extension end to end: the packaged VSIX installed into real VS Code
// (code-server on Node 24), driven through headless Chromium, on a small real
// TypeScript workspace. Expectations come from the CLI's own answers on the
// same workspace, never from hard-coded numbers. Screenshots land in
// test-artifacts/e2e/.
// One code-server and Chromium at a time (lock=editor), beside one other test file, not alone.
// scry-test: lock=editor
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { DaemonInfo, IndexResult, QueryResult, StatusResult } from '../../daemon/protocol';
import { daemonPid, isAlive, ROOT, scry, scryJson, stopDaemon, tempDir } from '../helpers';
import * as h from './harness';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e');
const skip = h.missingPrerequisite();
if (skip) process.stderr.write(`# e2e: SKIPPED: ${skip}\n`);

const t0 = Date.now();
const mark = (what: string): void => void process.stderr.write(`# e2e: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

let vsix = '';
let workspace = '';
let expected: IndexResult;

/** A private copy of the fixture as its own git repo, so its root is itself. */
function fixtureWorkspace(): string {
  const dir = tempDir('e2e-ws');
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'workspace'), dir, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return fs.realpathSync(dir);
}

const readyRe = /Scry: ready · ([\d,]+) symbols/;

describe('the extension in code-server', { skip }, () => {
  before(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    vsix = await h.packagedVsix();
    mark('VSIX ready');
    workspace = fixtureWorkspace();
    // What the editor must show: the CLI's own index of the same workspace.
    const home = tempDir('e2e-expect');
    expected = await scryJson<IndexResult>(['index', workspace], { home });
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
    assert.ok(expected.symbols > 0);
    mark(`expected index computed (${expected.symbols} symbols)`);
  });
  after(() => {
    if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
    mark('done');
  });

  describe('a fresh machine: the editor starts the daemon', () => {
    let server: h.CodeServer | undefined;
    let page: Page | undefined;
    const home = tempDir('e2e-home');

    before(async () => {
      // The first index is on, as for a user: the status bar must not say "ready" until the precise index is in.
      // scry.nodePath points at Node 24: the daemon must find its ABI's build inside the VSIX.
      // SCRY_HOME in the environment too, so nothing could reach the real ~/.scry.
      server = await h.startCodeServer({
        vsix,
        workspace,
        settings: { 'scry.home': home, 'scry.nodePath': path.join(h.NODE24_BIN, 'node') },
        env: { SCRY_HOME: home },
      });
      mark(`code-server up in ${server.startMs} ms`);
      page = await h.openWorkbench(server.url);
      mark('workbench visible');
    });
    after(async () => {
      if (page) await h.screenshot(page, ARTIFACTS, 'zz-last-state').catch(() => undefined);
      await h.closeWorkbench(page);
      await server?.stop();
      await stopDaemon(home);
      fs.rmSync(home, { recursive: true, force: true });
    });

    it('the status bar reaches "ready" with the symbol count of a CLI index', async () => {
      const text = await h.waitForStatus(page!, readyRe);
      mark(`status bar ready: ${text}`);
      await h.screenshot(page!, ARTIFACTS, '01-ready');
      assert.equal(Number(readyRe.exec(text)![1]!.replace(/,/g, '')), expected.symbols);
      assert.match(text, /just now|min ago/);
    });

    it('the daemon it started runs on scry.nodePath (Node 24) with the matching native build from the VSIX', async () => {
      const status = await scryJson<StatusResult>(['status'], { home });
      assert.equal(status.daemon.node, 'v24.22.3');
      assert.equal(status.daemon.pid, daemonPid(home));
      assert.ok(status.repos.some((r) => r.repo === workspace && r.symbols === expected.symbols));
      await h.clickStatus(page!, readyRe);
      const pick = await h.waitForQuickPick(page!, /^Scry: running/);
      assert.equal(pick.title, `Scry: running, pid ${status.daemon.pid}`, 'started by the editor, not adopted');
      assert.ok((await h.quickPickLabels(page!)).some((l) => l.includes('Reindex Workspace')));
      await h.screenshot(page!, ARTIFACTS, '02-actions');
      await page!.keyboard.press('Escape');
    });

    it('registers the MCP server definition: "MCP: List Servers" lists Scry', async () => {
      await h.runCommand(page!, 'MCP: List Servers');
      const labels = await h.waitFor('Scry in the MCP server list', async () => {
        const l = await h.quickPickLabels(page!);
        return l.some((x) => x === 'Scry' || x.startsWith('Scry')) ? l : undefined;
      });
      await h.screenshot(page!, ARTIFACTS, '03-mcp-servers');
      assert.ok(
        labels.some((x) => x.startsWith('Scry')),
        labels.join(', '),
      );
      await page!.keyboard.press('Escape');
    });

    it('Find References at a cursor position lists the locations the CLI reports, and opens one', async () => {
      const refs = await scryJson<QueryResult>(['refs', 'totalArea', '--repo', workspace], { home });
      const want = refs.matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}:${o.column}`)).sort();
      assert.ok(want.length >= 3);
      const def = refs.matches[0]!.occurrences.find((o) => o.is_definition)!;
      // The cursor inside the name, not at its start: the command takes the word under it.
      await h.openFileAt(page!, def.file, def.line, def.column + 3);
      await h.runCommand(page!, 'Scry: Find References');
      const pick = await h.waitForQuickPick(page!, /^References of totalArea/);
      assert.match(pick.title, new RegExp(`^References of totalArea: ${refs.total} in \\d+ files`));
      const labels = await h.quickPickLabels(page!);
      await h.screenshot(page!, ARTIFACTS, '04-find-references');
      assert.deepEqual([...labels].sort(), want);
      const use = refs.matches[0]!.occurrences.find((o) => !o.is_definition && o.file !== def.file)!;
      await h.pickQuickPickRow(page!, `${use.file}:${use.line}:${use.column}`);
      await h.waitForCursor(page!, use.end_line, use.end_column);
      assert.equal(await h.activeTab(page!), path.basename(use.file));
      await h.screenshot(page!, ARTIFACTS, '05-opened-reference');
    });

    it('Reindex Workspace from the command palette rebuilds the index', async () => {
      const before = (await scryJson<StatusResult>(['status', '--repo', workspace], { home })).repos[0]!;
      await h.runCommand(page!, 'Scry: Reindex Workspace');
      const after = await h.waitFor('a newer index', async () => {
        const r = (await scryJson<StatusResult>(['status', '--repo', workspace], { home })).repos[0]!;
        return r.indexed_at !== before.indexed_at && !r.building ? r : undefined;
      });
      assert.ok(Date.parse(after.indexed_at!) > Date.parse(before.indexed_at!));
      assert.equal(after.symbols, expected.symbols);
      const text = await h.waitForStatus(page!, readyRe);
      assert.equal(Number(readyRe.exec(text)![1]!.replace(/,/g, '')), expected.symbols);
      const log = fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8');
      assert.equal(log.split('\n').filter((l) => l.includes(`build start ${workspace}`)).length, 2, 'the first index, then the reindex');
      await h.screenshot(page!, ARTIFACTS, '06-reindexed');
    });

    it('the integrated terminal has the bundled scry on PATH, pointed at the daemon the editor watches', async () => {
      const out = path.join(home, 'terminal-check.txt');
      await h.runCommand(page!, 'Terminal: Create New Terminal');
      await page!.locator('.terminal-wrapper.active .xterm').first().waitFor({ state: 'visible' });
      // Keys go to the terminal once its input has focus; the pty buffers them until the shell reads.
      await h.waitFor('terminal focus', () => page!.evaluate(() => document.activeElement?.classList.contains('xterm-helper-textarea') === true || undefined));
      await page!.keyboard.type(`{ command -v scry; scry start --json; echo "$SCRY_HOME"; } > '${out}' 2>&1`);
      await page!.keyboard.press('Enter');
      const lines = await h.waitFor('the terminal command output', () => {
        const l = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').trim().split('\n') : [];
        return l.length >= 3 ? l : undefined;
      });
      await h.screenshot(page!, ARTIFACTS, '06b-terminal');
      assert.match(lines[0]!, /\/extensions\/scry-dev\.scry-[\d.]+\/bin\/scry$/, 'the scry bundled in the installed extension');
      assert.equal((JSON.parse(lines[1]!) as DaemonInfo).pid, daemonPid(home));
      assert.equal(lines[2], home);
    });

    it('restarts the daemon after it is killed', async () => {
      const first = daemonPid(home)!;
      process.kill(first, 'SIGKILL');
      const second = await h.waitFor('a new daemon', () => {
        const pid = daemonPid(home);
        return pid && pid !== first && isAlive(pid) ? pid : undefined;
      });
      assert.ok(!isAlive(first));
      await h.waitForStatus(page!, readyRe);
      const info = await scryJson<DaemonInfo>(['start'], { home });
      assert.equal(info.pid, second, 'the CLI reaches the daemon the editor restarted');
      await h.clickStatus(page!, readyRe);
      const pick = await h.waitForQuickPick(page!, /^Scry: running/);
      assert.equal(pick.title, `Scry: running, pid ${second}`);
      await h.screenshot(page!, ARTIFACTS, '07-restarted');
      await page!.keyboard.press('Escape');
    });
  });

  describe('the CLI came first: the editor adopts its daemon', () => {
    let server: h.CodeServer | undefined;
    let page: Page | undefined;
    const home = tempDir('e2e-adopt');

    after(async () => {
      await h.closeWorkbench(page);
      await server?.stop();
      await stopDaemon(home);
      fs.rmSync(home, { recursive: true, force: true });
    });

    it('shows the daemon the CLI started as adopted', async () => {
      const cli = await scryJson<DaemonInfo>(['start'], { home, env: { SCRY_FIRST_INDEX: '0' } });
      server = await h.startCodeServer({ vsix, workspace, settings: { 'scry.home': home }, env: { SCRY_HOME: home, SCRY_FIRST_INDEX: '0' } });
      page = await h.openWorkbench(server.url);
      const text = await h.waitForStatus(page, readyRe);
      assert.equal(Number(readyRe.exec(text)![1]!.replace(/,/g, '')), expected.symbols);
      await h.clickStatus(page, readyRe);
      const pick = await h.waitForQuickPick(page, /^Scry: running/);
      await h.screenshot(page, ARTIFACTS, '08-adopted');
      assert.equal(pick.title, `Scry: running, pid ${cli.pid} (adopted)`);
      assert.equal(daemonPid(home), cli.pid);
      await page.keyboard.press('Escape');
    });

    it('Restart Daemon replaces it with one started with the node on PATH, which outlives the editor', async () => {
      const old = daemonPid(home)!;
      await h.runCommand(page!, 'Scry: Restart Daemon');
      const fresh = await h.waitFor('a new daemon', () => {
        const pid = daemonPid(home);
        return pid && pid !== old && isAlive(pid) ? pid : undefined;
      });
      await h.waitFor('the old daemon gone', () => !isAlive(old));
      await h.waitForStatus(page!, readyRe);
      await h.clickStatus(page!, readyRe);
      const pick = await h.waitForQuickPick(page!, /^Scry: running/);
      await h.screenshot(page!, ARTIFACTS, '09-restarted-by-command');
      assert.equal(pick.title, `Scry: running, pid ${fresh}`);
      await h.closeWorkbench(page);
      page = undefined;
      await server?.stop();
      server = undefined;
      assert.ok(isAlive(fresh), 'closing the editor leaves the daemon running');
      assert.equal(daemonPid(home), fresh);
      const refs = await scry(['refs', 'totalArea', '--repo', workspace, '--json'], { home });
      assert.equal(refs.code, 0, refs.stderr);
      assert.ok((JSON.parse(refs.stdout) as QueryResult).total > 0);
    });
  });

  describe('no usable Node: a clear message, a button to set it, recovery once it is set', () => {
    let server: h.CodeServer | undefined;
    let page: Page | undefined;
    const home = tempDir('e2e-nonode');
    const bogus = path.join(home, 'no-such-node');

    after(async () => {
      await h.closeWorkbench(page);
      await server?.stop();
      await stopDaemon(home);
      fs.rmSync(home, { recursive: true, force: true });
    });

    it('says what is wrong, offers "Set Node Path", and starts the daemon when the setting is fixed', async () => {
      server = await h.startCodeServer({
        vsix,
        workspace,
        settings: { 'scry.home': home, 'scry.nodePath': bogus },
        env: { SCRY_HOME: home, SCRY_FIRST_INDEX: '0' },
      });
      page = await h.openWorkbench(server.url);
      await h.waitForStatus(page, /Scry: no Node/);
      const note = await h.waitForNotification(page, /scry\.nodePath/);
      await h.screenshot(page, ARTIFACTS, '10-no-node');
      assert.equal(note.message, `Scry could not run the Node set in scry.nodePath ('${bogus}'): not an executable file`);
      assert.deepEqual(note.buttons, ['Set Node Path']);
      assert.equal(daemonPid(home), undefined, 'nothing was started');
      await h.clickNotificationButton(page, /scry\.nodePath/, 'Set Node Path');
      await h.screenshot(page, ARTIFACTS, '10b-settings');
      // The Settings editor opens on the setting itself.
      await page.locator('.settings-editor .setting-item-title').filter({ hasText: 'Node Path' }).first().waitFor({ state: 'visible' });
      h.writeSettings(server, 'Machine', { 'scry.home': home, 'scry.nodePath': path.join(h.NODE24_BIN, 'node') });
      const text = await h.waitForStatus(page, readyRe);
      await h.screenshot(page, ARTIFACTS, '11-node-set');
      assert.equal(Number(readyRe.exec(text)![1]!.replace(/,/g, '')), expected.symbols);
      const info = await scryJson<DaemonInfo>(['start'], { home });
      assert.equal(info.node, 'v24.22.3');
    });
  });

  describe("Scry: Install 'scry' Command in PATH, and its undo", () => {
    let server: h.CodeServer | undefined;
    let page: Page | undefined;
    // The editor's own HOME, so the link lands in a temp ~/.local/bin (on the editor's PATH), never the real one.
    const userHome = tempDir('e2e-path-user');
    const home = tempDir('e2e-path-home');
    const linkDir = path.join(userHome, '.local', 'bin');
    const link = path.join(linkDir, 'scry');
    const node20 = spawnSync('sh', ['-c', 'command -v node'], { encoding: 'utf8' }).stdout.trim();
    // A plain shell afterwards: no editor terminal, no extension folder on PATH, only the link's folder and a Node.
    const plainShell = (cmd: string) =>
      spawnSync('sh', ['-c', cmd], {
        cwd: userHome,
        env: { PATH: `${linkDir}:${path.dirname(node20)}:/usr/bin:/bin`, HOME: userHome, SCRY_HOME: home },
        encoding: 'utf8',
      });

    before(async () => {
      // The extension host's PATH comes from a login shell (VS Code runs `$SHELL -i -l`): /etc/profile,
      // then ~/.profile, which on Debian (and most distributions) adds ~/.local/bin when it exists.
      if (fs.existsSync('/etc/skel/.profile')) fs.copyFileSync('/etc/skel/.profile', path.join(userHome, '.profile'));
      fs.mkdirSync(linkDir, { recursive: true });
      server = await h.startCodeServer({
        vsix,
        workspace,
        settings: { 'scry.home': home, 'scry.nodePath': path.join(h.NODE24_BIN, 'node') },
        env: { SCRY_HOME: home, HOME: userHome },
      });
      page = await h.openWorkbench(server.url);
      await h.waitForStatus(page, readyRe);
    });
    after(async () => {
      if (page) await h.screenshot(page, ARTIFACTS, 'zz-path-last-state').catch(() => undefined);
      await h.closeWorkbench(page);
      // Had the editor not used the HOME it was given, the link would be in this user's home: take it back.
      const stray = path.join(os.homedir(), '.local', 'bin', 'scry');
      if (server && fs.lstatSync(stray, { throwIfNoEntry: false })?.isSymbolicLink() && fs.readlinkSync(stray).startsWith(server.root)) fs.rmSync(stray);
      await server?.stop();
      await stopDaemon(home);
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(userHome, { recursive: true, force: true });
    });

    it('links ~/.local/bin/scry to the bundled CLI, says where and how to undo; a plain shell runs it against the same daemon; undo removes it', async () => {
      assert.notEqual(plainShell('command -v scry').status, 0, 'no scry on the plain PATH before');
      await h.runCommand(page!, "Scry: Install 'scry' Command in PATH");
      const note = await h.waitForNotification(page!, /Scry: linked/);
      await h.screenshot(page!, ARTIFACTS, '12-path-installed');
      const installed = fs.readdirSync(server!.extensionsDir).find((d) => d.startsWith('scry-dev.scry-'))!;
      const bundled = path.join(server!.extensionsDir, installed, 'bin', 'scry');
      assert.equal(fs.readlinkSync(link), bundled);
      assert.ok(note.message.startsWith(`Scry: linked ~/.local/bin/scry to ${bundled}`), note.message);
      assert.match(note.message, /Undo: "Scry: Uninstall 'scry' Command from PATH"/);
      // Whether the folder is on the editor's PATH depends on the login shell's profile; either way the message is true.
      if (/not on your PATH/.test(note.message)) assert.ok(note.message.includes(`add export PATH="${linkDir}:$PATH" to your shell profile`), note.message);
      mark(
        `PATH command: ${note.message.includes('not on your PATH') ? 'hint to add ~/.local/bin to PATH shown' : "~/.local/bin already on the editor's PATH"}`,
      );

      const where = plainShell('command -v scry');
      assert.equal(where.stdout.trim(), link);
      const version = plainShell('scry --version');
      assert.equal(version.status, 0, version.stderr);
      assert.match(version.stdout, /^scry \d+\.\d+\.\d+/);
      // The same SCRY_HOME: the daemon answering is the one the editor started (on Node 24).
      const status = plainShell('scry status --json');
      assert.equal(status.status, 0, status.stderr);
      const s = JSON.parse(status.stdout) as StatusResult;
      assert.equal(s.daemon.node, 'v24.22.3');
      assert.equal(s.daemon.pid, daemonPid(home));

      await h.runCommand(page!, "Scry: Uninstall 'scry' Command from PATH");
      const undone = await h.waitForNotification(page!, /Scry: removed/);
      await h.screenshot(page!, ARTIFACTS, '13-path-removed');
      assert.equal(undone.message, 'Scry: removed ~/.local/bin/scry.');
      assert.throws(() => fs.lstatSync(link), /ENOENT/);
      assert.notEqual(plainShell('command -v scry').status, 0, 'no scry on the plain PATH after undo');
    });
  });

  describe('the daemon inside the installed VSIX on each supported Node', () => {
    const nodes = [
      { major: 20, bin: spawnSync('sh', ['-c', 'command -v node'], { encoding: 'utf8' }).stdout.trim() },
      // build-native.mjs fetched this Node for its headers.
      { major: 22, bin: path.join(process.env.SCRY_NATIVE_CACHE || path.join(os.homedir(), '.cache', 'scry-native'), 'node22', 'bin', 'node') },
      { major: 24, bin: path.join(h.NODE24_BIN, 'node') },
    ];
    let unpacked = '';
    before(() => {
      unpacked = tempDir('e2e-vsix');
      const r = spawnSync('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', vsix, unpacked]);
      assert.equal(r.status, 0, String(r.stderr));
    });
    after(() => fs.rmSync(unpacked, { recursive: true, force: true }));

    for (const n of nodes) {
      it(`indexes and answers on Node ${n.major}`, { skip: fs.existsSync(n.bin) ? undefined : `no Node ${n.major} at ${n.bin}` }, async () => {
        const home = tempDir(`e2e-node${n.major}`);
        const ws = fixtureWorkspace();
        try {
          const ext = path.join(unpacked, 'extension');
          const run = (...args: string[]) =>
            spawnSync(n.bin, [path.join(ext, 'bin', 'scry'), ...args, '--json'], {
              env: { ...process.env, SCRY_HOME: home, SCRY_DEBOUNCE_MS: '600000' },
              encoding: 'utf8',
            });
          const indexed = run('index', ws);
          assert.equal(indexed.status, 0, indexed.stderr);
          assert.equal((JSON.parse(indexed.stdout) as IndexResult).symbols, expected.symbols);
          const status = JSON.parse(run('status').stdout) as StatusResult;
          assert.match(status.daemon.node, new RegExp(`^v${n.major}\\.`));
          if (n.major === 24) await overlayFromVsix(run, ws);
          run('stop');
          // A restarted daemon reads the index files of known repos back with the
          // VSIX's own SQLite build (no better-sqlite3/build ships) and watches them again.
          assert.equal(run('start').status, 0);
          const restored = (JSON.parse(run('status').stdout) as StatusResult).repos.find((r) => r.repo === ws);
          assert.equal(restored?.watching, true, `after a restart the VSIX daemon watches ${ws} again`);
          run('stop');
        } finally {
          fs.rmSync(home, { recursive: true, force: true });
          fs.rmSync(ws, { recursive: true, force: true });
        }
      });
    }
  });
});

/**
 * The live index's tree-sitter overlay works from the packaged files alone
 * (web-tree-sitter and its grammars are outside the bundles): a call added to
 * a file is answered, marked syntactic, before any rebuild (the daemon's
 * debounce is set far out, so none starts).
 */
async function overlayFromVsix(run: (...args: string[]) => { stdout: string; status: number | null }, ws: string): Promise<void> {
  const file = path.join(ws, 'src', 'geometry.ts');
  fs.appendFileSync(file, '\nexport const overlayProbe = totalArea([]);\n');
  for (let i = 0; i < 200; i++) {
    const r = run('refs', 'totalArea', '--repo', ws);
    const result = JSON.parse(r.stdout) as QueryResult;
    const hit = result.matches.flatMap((m) => m.occurrences).find((o) => o.context.includes('overlayProbe'));
    if (hit) {
      assert.equal(hit.precision, 'syntactic');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('the overlay never answered the added call to totalArea from the unpacked VSIX');
}
