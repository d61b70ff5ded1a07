// Units mode's frame time in headless Chromium (a measurement, not a test: numbers vary by machine and load).
//   node scripts/bench-units.mjs [site dir, default dist] [units, default 2000] [planner, default astar]
//        [budget ms, default 2] [frames, default 600] [side, default 256] [screenshot.png]
// On a side × side random map like seed 002's (20% walls, 15% forest, 7% swamp, seed 1), opens units mode
// through the scripting hook with that many units sent to the rally point (the map's goal), lets it run the
// given number of frames, and prints the page's frame times (the scene's search and the drawing of the
// units, by the page's clock: what the panel's "frame ms" shows) as p50 / p95 / max, with the requests
// served and the units arrived. The search budget bounds the search part; the rest is drawing.
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';

const [dir = 'dist', units = '2000', planner = 'astar', budget = '2', frames = '600', side = '256', shot] = process.argv.slice(2);
const site = await serve(dir);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(() => localStorage.setItem('astar-playground:tour-done', '1'));
  const page = await context.newPage();
  await page.goto(site.url);
  await page.waitForSelector('html[data-help="ready"]', { state: 'attached' });
  for (const [id, value] of [['map-width', side], ['map-height', side], ['share-wall', 20], ['share-forest', 15], ['share-swamp', 7], ['seed', 1]]) {
    await page.locator(`#${id}`).fill(String(value));
  }
  await page.locator('#gen-random').click();
  await page.waitForFunction((s) => document.querySelector('[data-testid="grid"]')?.dataset.mapWidth === String(s), side);
  const started = await page.evaluate(
    ([count, p, b]) => window.astarPlayground.units.start({ count, planner: p, goal: 'rally', budget: b }),
    [Number(units), planner, Number(budget)],
  );
  if (!started) throw new Error(`units mode did not start: ${await page.locator('#message').textContent()}`);
  await page.waitForFunction((n) => (window.astarPlayground.units.stats()?.frame ?? 0) >= n, Number(frames), { timeout: 600_000 });
  const { times, stats } = await page.evaluate(() => ({ times: window.astarPlayground.units.frameTimes(), stats: window.astarPlayground.units.stats() }));
  if (shot) await page.screenshot({ path: shot });
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  console.log(
    `units mode, ${units} units (${planner}, ${budget} ms of search a frame) on a ${side} × ${side} map, ${times.length} frames: ` +
      `frame ms p50 ${at(0.5).toFixed(2)}, p95 ${at(0.95).toFixed(2)}, max ${sorted[sorted.length - 1].toFixed(2)}; ` +
      `${stats.served} requests served, ${stats.arrived} arrived, ${stats.queue} queued`,
  );
} finally {
  await browser.close();
  await site.close();
}
