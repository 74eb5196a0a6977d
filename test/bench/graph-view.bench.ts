/// <reference lib="dom" />
// The memory-graph page at 20 and 500 nodes in headless Chromium: the bundled
// page (dist/webview) fed a synthetic state the way the host pushes one.
// Figures: fcose layout time of a fresh graph (p50/p95 over runs), the
// incremental layout when 20 nodes join a drawn graph (old nodes fixed), and
// requestAnimationFrame frame times while panning and zooming.
import { missingChromium, openStandalone, syntheticState } from '../webview/standalone';
import { ms, summarize, table } from './stats';

const RUNS = 5;

export async function run(): Promise<void> {
  const skip = missingChromium();
  if (skip) {
    console.log(`graph-view: SKIPPED: ${skip}`);
    return;
  }
  const rows: Array<Array<string | number>> = [];
  for (const n of [20, 500]) {
    const layouts: number[] = [];
    const incremental: number[] = [];
    let frames: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await openStandalone();
      try {
        await p.push(syntheticState(n, Math.round(n * 0.3), 1));
        layouts.push((await p.page.evaluate('window.scryGraph.layout().ms')) as number);
        await p.push(syntheticState(n + 20, Math.round(n * 0.3), 2));
        incremental.push((await p.page.evaluate('window.scryGraph.layout().ms')) as number);
        if (i === 0) frames = await panZoomFrames(p.page);
      } finally {
        await p.close();
      }
    }
    const l = summarize(layouts);
    const inc = summarize(incremental);
    const f = summarize(frames);
    rows.push([n, ms(l.p50), ms(l.p95), ms(inc.p50), ms(inc.p95), f.n, ms(f.p50), ms(f.p95), `${(1000 / f.p50).toFixed(0)} fps`]);
  }
  table(
    'memory graph view (headless Chromium, software rendering)',
    ['nodes', 'layout p50', 'layout p95', '+20 nodes p50', '+20 nodes p95', 'frames', 'frame p50', 'frame p95', 'fps at p50'],
    rows,
  );
}

/** Pans and zooms the canvas with real mouse input for ~2 s, recording the interval between animation frames. */
async function panZoomFrames(page: import('playwright-core').Page): Promise<number[]> {
  await page.evaluate(`(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => { window.__frames.push(t - last); last = t; if (!window.__stopFrames) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  const box = (await page.locator('#graph').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  for (let round = 0; round < 4; round++) {
    await page.mouse.down();
    for (let i = 0; i < 30; i++) await page.mouse.move(cx + Math.sin(i / 5) * 200, cy + Math.cos(i / 5) * 120);
    await page.mouse.up();
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, round % 2 ? 120 : -120);
  }
  const frames = (await page.evaluate('(() => { window.__stopFrames = true; return window.__frames; })()')) as number[];
  // The first frame measures from installation, not from a previous frame.
  return frames.slice(1);
}
