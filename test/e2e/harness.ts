/// <reference lib="dom" />
// Real VS Code for end-to-end tests: code-server (on its own Node 24) with a
// VSIX installed into temp dirs, driven by playwright-core in Debian's
// headless Chromium. Nothing is written to the real home: code-server's XDG
// dirs, its user data, its extensions and Chromium's profile are temp dirs.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { errorMessage } from '../../daemon/errors';

const execFileP = promisify(execFile);

// Where .ci/setup-e2e installs: $SCRY_E2E_PREFIX, /opt/scry-e2e (root), ~/.cache/scry-e2e.
export const E2E_PREFIX = process.env.SCRY_E2E_PREFIX || (fs.existsSync('/opt/scry-e2e') ? '/opt/scry-e2e' : path.join(os.homedir(), '.cache', 'scry-e2e'));
export const NODE24_BIN = path.join(E2E_PREFIX, 'node24', 'bin');

/** code-server's environment: Node 24 first on PATH, and its config, data and cache under `root`, never the user's. */
function codeServerEnv(root: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${NODE24_BIN}:${process.env.PATH}`,
    XDG_CONFIG_HOME: path.join(root, 'xdg-config'),
    XDG_DATA_HOME: path.join(root, 'xdg-data'),
    XDG_CACHE_HOME: path.join(root, 'xdg-cache'),
    ...extra,
  };
}
export const CODE_SERVER = path.join(E2E_PREFIX, 'code-server', 'bin', 'code-server');
export const CHROMIUM = process.env.SCRY_E2E_CHROMIUM || '/usr/bin/chromium';

/**
 * The VSIX under test: $SCRY_E2E_VSIX, or `npm run package` of this checkout
 * (minutes: bundles, native builds, vsce). scripts/test.mjs gives the files of
 * one run a shared folder (SCRY_TEST_RUN_DIR): the first e2e file to get here
 * packages under a lock folder and leaves its VSIX there; every other e2e file
 * of the run waits for that lock and installs the same file, so the run
 * packages once and no two files write out/ at once.
 */
export async function packagedVsix(): Promise<string> {
  if (process.env.SCRY_E2E_VSIX) return process.env.SCRY_E2E_VSIX;
  const runDir = process.env.SCRY_TEST_RUN_DIR;
  if (!runDir) return packageNow();
  return oncePerRun(path.join(runDir, 'scry-under-test.vsix'), (tmp) => fs.copyFileSync(packageNow(), tmp));
}

/**
 * `shared` made once per run: the first caller makes it (into `${shared}.tmp`,
 * then one rename) under a lock folder; every other caller waits for that lock
 * and gets the same file or folder.
 */
async function oncePerRun(shared: string, make: (tmp: string) => void | Promise<void>): Promise<string> {
  const lock = `${shared}.lock`;
  for (;;) {
    if (fs.existsSync(shared)) return shared;
    if (takeLock(lock)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    if (fs.existsSync(shared)) return shared;
    const tmp = `${shared}.tmp`;
    fs.rmSync(tmp, { recursive: true, force: true });
    await make(tmp);
    fs.renameSync(tmp, shared);
    return shared;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** mkdir is the lock; a holder that died (its pid gone) leaves it to the next one. */
function takeLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // No pid yet: the holder has just made the folder, or has just removed it.
    let pid = 0;
    try {
      pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      pid = 0;
    }
    if (pid && !alive(pid)) fs.rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function packageNow(): string {
  const root = path.resolve(__dirname, '..', '..');
  // No file listing (`vsce ls`, seconds of CPU): no test reads it.
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'package.mjs'), '--no-listing'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm run package failed (exit ${r.status ?? r.signal})`);
  return path.join(root, (JSON.parse(fs.readFileSync(path.join(root, 'out', 'package-report.json'), 'utf8')) as { vsix: string }).vsix);
}

/** Why the e2e suite cannot run here, or undefined when it can. */
export function missingPrerequisite(): string | undefined {
  if (!fs.existsSync(CODE_SERVER)) return `code-server is not installed at ${CODE_SERVER} (run .ci/setup-e2e, or set SCRY_E2E_PREFIX)`;
  if (!fs.existsSync(path.join(NODE24_BIN, 'node'))) return `Node 24 for code-server is not installed at ${NODE24_BIN} (run .ci/setup-e2e)`;
  if (!fs.existsSync(CHROMIUM)) return `Chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set SCRY_E2E_CHROMIUM)`;
  return undefined;
}

// Keep the workbench quiet and deterministic.
const SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'files.hotExit': 'off',
  'window.restoreWindows': 'none',
  'editor.accessibilitySupport': 'off',
  'accessibility.signals.enabled': false,
  'workbench.editor.enablePreview': false,
  // MCP servers may be listed but are not started by the editor on its own.
  'chat.mcp.access': 'all',
  'chat.mcp.autostart': 'never',
};

export interface CodeServer {
  url: string;
  root: string;
  /** Where the VSIX was installed: <extensionsDir>/<publisher>.<name>-<version>. */
  extensionsDir: string;
  logFile: string;
  startMs: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** One entry of code-server's extensions.json: where an installed extension is. */
interface InstalledExtension {
  relativeLocation: string;
  location: { $mid: number; fsPath: string; external: string; path: string; scheme: string };
}

/**
 * The VSIX as code-server's `--install-extension` installs it, into
 * `extensionsDir`. The install is the same seconds of CPU for every server
 * of a run, so code-server runs it once per VSIX (by content) into a folder
 * of the run (SCRY_TEST_RUN_DIR, else this process's temp dir), and each
 * server gets a copy, its extensions.json pointed at the copy.
 */
async function installVsix(vsix: string, extensionsDir: string): Promise<void> {
  const bytes = fs.readFileSync(vsix);
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const runDir = process.env.SCRY_TEST_RUN_DIR || installRoot();
  const installed = await oncePerRun(path.join(runDir, `code-server-extensions-${key}`), async (tmp) => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-e2e-install-'));
    try {
      const env = codeServerEnv(scratch);
      const dirs = ['--user-data-dir', path.join(scratch, 'user-data'), '--extensions-dir', tmp, '--config', path.join(scratch, 'config.yaml')];
      await execFileP(CODE_SERVER, [...dirs, '--install-extension', path.resolve(vsix), '--force'], { env });
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
  fs.cpSync(installed, extensionsDir, { recursive: true });
  const manifest = path.join(extensionsDir, 'extensions.json');
  const entries = JSON.parse(fs.readFileSync(manifest, 'utf8')) as InstalledExtension[];
  for (const e of entries) {
    const at = path.join(extensionsDir, e.relativeLocation);
    e.location = { ...e.location, fsPath: at, external: pathToFileURL(at).href, path: at };
  }
  fs.writeFileSync(manifest, JSON.stringify(entries));
}

let ownInstallRoot: string | undefined;

/** Outside scripts/test.mjs: a temp folder of this process for the installed VSIX, removed at exit. */
function installRoot(): string {
  if (!ownInstallRoot) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-e2e-installed-'));
    ownInstallRoot = dir;
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return ownInstallRoot;
}

export async function startCodeServer(options: {
  vsix: string;
  workspace: string;
  settings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
}): Promise<CodeServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-e2e-cs-'));
  const userData = path.join(root, 'user-data');
  const extensions = path.join(root, 'extensions');
  const config = path.join(root, 'config.yaml');
  const logFile = path.join(root, 'code-server.log');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(extensions, { recursive: true });
  const port = await freePort();
  fs.writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  // code-server is a remote: machine-scoped settings (scry.home, scry.nodePath) are read from Machine/.
  fs.mkdirSync(path.join(userData, 'Machine'), { recursive: true });
  for (const scope of ['User', 'Machine'])
    fs.writeFileSync(path.join(userData, scope, 'settings.json'), JSON.stringify({ ...SETTINGS, ...options.settings }, null, 2));
  const env = codeServerEnv(root, options.env);
  const dirs = ['--user-data-dir', userData, '--extensions-dir', extensions, '--config', config];
  await installVsix(options.vsix, extensions);
  const started = Date.now();
  const out = fs.openSync(logFile, 'a');
  const proc = spawn(
    CODE_SERVER,
    [
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      ...dirs,
      path.resolve(options.workspace),
    ],
    { env, stdio: ['ignore', out, out], detached: true },
  );
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}/`;
  const killGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-proc.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  try {
    await waitFor('code-server /healthz', async () => {
      if (proc.exitCode !== null) throw new Error(`code-server exited with ${proc.exitCode}:\n${fs.readFileSync(logFile, 'utf8')}`);
      return fetch(`${url}healthz`).then(
        (r) => r.ok,
        () => false,
      );
    });
  } catch (err) {
    killGroup('SIGKILL');
    throw err;
  }
  let stopped = false;
  return {
    url,
    root,
    logFile,
    startMs: Date.now() - started,
    proc,
    extensionsDir: extensions,
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise<void>((r) => (proc.exitCode !== null ? r() : proc.once('exit', () => r())));
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      // The extension host and terminals share the group and may outlive the server.
      killGroup('SIGKILL');
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium on the workbench, once the status bar is up. */
export async function openWorkbench(url: string): Promise<Page> {
  // Debian's chromium writes under ~/.config and ~/.cache even with a temp profile.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-e2e-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
  });
  browser.on('disconnected', () => fs.rmSync(home, { recursive: true, force: true }));
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 120_000 });
  await page.locator(STATUSBAR).waitFor({ state: 'visible', timeout: 120_000 });
  return page;
}

export async function closeWorkbench(page: Page | undefined): Promise<void> {
  await page?.context().browser()?.close();
}

/** A code-server with the VSIX installed, and the workbench open on it in Chromium. */
export interface Editor {
  server: CodeServer;
  page: Page;
}

/** What every e2e file opens with: the run's VSIX, code-server on the workspace, the workbench visible. */
export async function openEditor(options: { workspace: string; settings?: Record<string, unknown>; env?: NodeJS.ProcessEnv }): Promise<Editor> {
  const server = await startCodeServer({ vsix: await packagedVsix(), ...options });
  try {
    return { server, page: await openWorkbench(server.url) };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** A last screenshot into `artifacts` (when given), then Chromium and code-server stopped. */
export async function closeEditor(editor: Partial<Editor> | undefined, artifacts?: string): Promise<void> {
  if (editor?.page && artifacts) await screenshot(editor.page, artifacts, 'zz-last-state').catch(() => undefined);
  await closeWorkbench(editor?.page);
  await editor?.server?.stop();
}

// Selectors for VS Code 1.139 (code-server 4.139.1).
export const STATUSBAR = '[id="workbench.parts.statusbar"]';
export const STATUSBAR_ITEM = `${STATUSBAR} .statusbar-item`;
const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
const QUICK_INPUT_ROW = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;

const escapeRe = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The status bar item matching `re`; its text once visible. */
export async function waitForStatus(page: Page, re: RegExp, timeoutMs = 180_000): Promise<string> {
  const item = page.locator(STATUSBAR_ITEM).filter({ hasText: re }).first();
  await item.waitFor({ state: 'visible', timeout: timeoutMs });
  return (await item.innerText()).trim();
}

export async function clickStatus(page: Page, re: RegExp): Promise<void> {
  await page.locator(STATUSBAR_ITEM).filter({ hasText: re }).first().click();
}

/** F1, type the title, click the row whose label is exactly it. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator(QUICK_INPUT_BOX);
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  const row = page
    .locator(QUICK_INPUT_ROW)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRe(title)}\\s*$`) }) })
    .first();
  await row.waitFor({ state: 'visible' });
  await row.click();
}

/** Waits for a quick pick whose title or placeholder matches; returns both. */
export async function waitForQuickPick(page: Page, re: RegExp): Promise<{ title: string; placeholder: string }> {
  const handle = await page.waitForFunction(
    ({ src, flags }) => {
      const w = document.querySelector<HTMLElement>('.quick-input-widget');
      if (!w || w.style.display === 'none') return false;
      const title = w.querySelector('.quick-input-title')?.textContent ?? '';
      const placeholder = w.querySelector('.quick-input-box input')?.getAttribute('placeholder') ?? '';
      const re = new RegExp(src, flags);
      return re.test(title) || re.test(placeholder) ? { title, placeholder } : false;
    },
    { src: re.source, flags: re.flags },
  );
  return (await handle.jsonValue()) as { title: string; placeholder: string };
}

/** Labels of the rendered quick pick rows (the list is virtualised: short lists only). */
export async function quickPickLabels(page: Page): Promise<string[]> {
  await page.locator(QUICK_INPUT_ROW).first().waitFor({ state: 'visible' });
  return page.locator(QUICK_INPUT_ROW).evaluateAll((rows) => rows.map((r) => (r.querySelector('.label-name')?.textContent ?? '').trim()));
}

export async function pickQuickPickRow(page: Page, label: string): Promise<void> {
  await page
    .locator(QUICK_INPUT_ROW)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRe(label)}\\s*$`) }) })
    .first()
    .click();
}

/** Quick Open a workspace file, then Go to Line `line:column`. */
export async function openFileAt(page: Page, relPath: string, line: number, column: number): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+P');
  const input = page.locator(QUICK_INPUT_BOX);
  await input.waitFor({ state: 'visible' });
  await input.fill(relPath);
  const base = path.basename(relPath);
  await page.locator(QUICK_INPUT_ROW).filter({ hasText: base }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active').filter({ hasText: base }).waitFor({ state: 'visible' });
  await goToLine(page, line, column);
}

export async function goToLine(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator(QUICK_INPUT_BOX);
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${column}`);
  // Enter before the picker has read the typed position is dropped: wait for its answer first.
  await page
    .locator(QUICK_INPUT_ROW)
    .filter({ hasText: `line ${line} at column ${column}` })
    .first()
    .waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
  await waitForCursor(page, line, column);
}

export async function waitForCursor(page: Page, line: number, column: number): Promise<void> {
  await page
    .locator(STATUSBAR_ITEM)
    .filter({ hasText: `Ln ${line}, Col ${column}` })
    .first()
    .waitFor({ state: 'visible' });
}

export async function activeTab(page: Page): Promise<string> {
  return (await page.locator('.tabs-container .tab.active').first().innerText()).replace(/\s+/g, '');
}

/** A notification toast whose message matches; returns its message and button labels. */
export async function waitForNotification(page: Page, re: RegExp): Promise<{ message: string; buttons: string[] }> {
  const toast = page.locator('.notifications-toasts .notification-toast').filter({ hasText: re }).first();
  await toast.waitFor({ state: 'visible' });
  const message = (await toast.locator('.notification-list-item-message').innerText()).trim();
  const buttons = (await toast.locator('.notification-list-item-buttons-container .monaco-button').allInnerTexts()).map((b) => b.trim());
  return { message, buttons };
}

export async function clickNotificationButton(page: Page, re: RegExp, label: string): Promise<void> {
  await page
    .locator('.notifications-toasts .notification-toast')
    .filter({ hasText: re })
    .first()
    .locator('.notification-list-item-buttons-container .monaco-button', { hasText: label })
    .click();
}

/** Rewrites a settings file of a running code-server; the workbench picks the change up. */
export function writeSettings(server: CodeServer, scope: 'User' | 'Machine', settings: Record<string, unknown>): void {
  fs.writeFileSync(path.join(server.root, 'user-data', scope, 'settings.json'), JSON.stringify({ ...SETTINGS, ...settings }, null, 2));
}

export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const NAVIGATING = /Execution context was destroyed|Frame was detached/;

/** Polls until `fn` returns something truthy; generous deadlines, no wall-clock assertions. */
export async function waitFor<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let v: T | undefined | false;
    try {
      v = await fn();
    } catch (err) {
      // A webview revealed from hidden reloads (retainContextWhenHidden is off): a read during that navigation is asked again.
      if (!NAVIGATING.test(errorMessage(err))) throw err;
      v = undefined;
    }
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
