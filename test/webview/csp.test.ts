// The page under its own Content Security Policy: the host's HTML served
// from one origin (standing in for the webview's), the real bundle and
// stylesheet. It must draw with nothing blocked: no inline script, no eval,
// nothing remote, and a script without the nonce does not run.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { pageHtml } from '../../extension/memoryGraph/html';
import { ROOT } from '../helpers';
import { CHROMIUM, missingChromium, syntheticState } from './standalone';

const ORIGIN = 'https://scry-webview.test';
const skip = missingChromium();

describe('the memory-graph page under its CSP', { skip }, () => {
  let browser: Browser;
  let page: Page;
  const violations: string[] = [];
  const requests: string[] = [];

  before(async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-csp-chromium-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
      env: { ...process.env, HOME: home },
    });
    browser.on('disconnected', () => fs.rmSync(home, { recursive: true, force: true }));
    page = await browser.newPage();
    const html = pageHtml({ cspSource: ORIGIN, script: `${ORIGIN}/dist/webview/memoryGraph.js`, style: `${ORIGIN}/media/memoryGraph.css` }, 'n0nce')
      // A script without the nonce: the policy must stop it.
      .replace('</body>', '<script>window.__inline = true;</script></body>');
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      requests.push(url.href);
      if (url.origin !== ORIGIN) return route.abort();
      if (url.pathname === '/index.html') return route.fulfill({ body: html, contentType: 'text/html' });
      const file = path.join(ROOT, url.pathname);
      if (!file.startsWith(path.join(ROOT, 'dist', 'webview')) && !file.startsWith(path.join(ROOT, 'media'))) return route.fulfill({ status: 404 });
      return route.fulfill({ path: file });
    });
    await page.addInitScript({
      content: `window.__sent = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__sent.push(m), getState: () => undefined, setState: () => {} });
        document.addEventListener('securitypolicyviolation', (e) => (window.__violations = [...(window.__violations || []), e.violatedDirective + ' ' + e.blockedURI]));`,
    });
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${ORIGIN}/index.html`);
  });
  after(async () => {
    await browser?.close();
  });

  it('draws a pushed state with nothing blocked but the script without the nonce', async () => {
    await page.waitForFunction(() => (window as unknown as { __sent: unknown[] }).__sent.length > 0);
    const state = syntheticState(40, 10, 1);
    await page.evaluate((s) => window.postMessage({ type: 'state', state: s }, '*'), state);
    await page.waitForFunction(() => document.body.dataset.revision === '1');
    assert.equal(await page.locator('#node-list .node-item').count(), 40);
    assert.equal(
      await page.evaluate(() => (window as unknown as { __inline?: boolean }).__inline),
      undefined,
      'the inline script without the nonce did not run',
    );
    const blocked = (await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations)) ?? [];
    assert.deepEqual(
      blocked.filter((v) => !/^script-src(-elem)? inline$/.test(v)),
      [],
      `only the nonce-less inline script is blocked: ${blocked.join('; ')}`,
    );
    assert.ok(blocked.length >= 1, 'the nonce-less script was reported');
    assert.deepEqual(
      requests.filter((r) => !r.startsWith(ORIGIN)),
      [],
      'nothing requested from elsewhere',
    );
  });
});
