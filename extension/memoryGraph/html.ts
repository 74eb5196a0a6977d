// The memory-graph page's HTML: a strict CSP (scripts only with this load's
// nonce, styles and images only from the extension's webview origin, no
// remote anything), every asset by the URI the host made with asWebviewUri.
// No vscode import, so the policy is checked under plain Node.
import { randomBytes } from 'node:crypto';

export interface PageAssets {
  /** `webview.cspSource`: the origin asWebviewUri URIs are served from. */
  cspSource: string;
  script: string;
  style: string;
}

export const newNonce = (): string => randomBytes(18).toString('base64url');

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    // Styles only: cytoscape injects one <style> element for its container
    // (test/webview/csp.test.ts fails without this). Scripts stay nonce-only.
    `style-src ${cspSource} 'unsafe-inline'`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
}

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function pageHtml(assets: PageAssets, nonce = newNonce()): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(contentSecurityPolicy(assets.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeAttr(assets.style)}">
<title>Scry Memory</title>
</head>
<body>
<div class="toolbar" role="toolbar" aria-label="Memory graph">
  <input id="search" type="search" placeholder="Search memory (Enter), Escape to reset" aria-label="Search memory">
  <label>As of <input id="as-of" type="date" aria-label="Show the graph as of this date"></label>
  <label><input id="superseded" type="checkbox"> Superseded facts</label>
  <button id="reset" title="Back to the opening view">Reset</button>
  <button id="more" hidden title="Load the next page of entities">More</button>
</div>
<div id="legend" class="legend" aria-label="Entity types (uncheck to hide)"></div>
<div id="summary" class="summary" aria-live="polite"></div>
<div class="main">
  <div class="graph-wrap">
    <div id="graph" aria-hidden="true"></div>
    <div id="status" class="status" role="status"></div>
  </div>
  <aside class="side" aria-label="Details">
    <section id="detail" hidden></section>
    <details class="nodes-section" open>
      <summary>Entities in view</summary>
      <ul id="node-list" class="node-list"></ul>
    </details>
    <details class="nodes-section">
      <summary>Facts in view</summary>
      <ul id="edge-list" class="node-list"></ul>
    </details>
  </aside>
</div>
<script nonce="${nonce}" src="${escapeAttr(assets.script)}"></script>
</body>
</html>`;
}
