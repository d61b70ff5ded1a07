// The demo's "time (core)" on five fresh loads of the page (a measurement, not a test: numbers vary by
// machine). Each load is a new browser context, so a new wasm module whose code has not run yet.
//   node scripts/bench-fresh-loads.mjs [site dir, default dist]
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';
const site = await serve(process.argv[2] ?? 'dist');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const out = [];
for (let i = 0; i < 5; i++) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('astar-playground:tour-done', '1'));
  const page = await context.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.astarPlayground?.phase === 'finished');
  out.push(await page.evaluate(() => window.astarPlayground.stats.timeUs.toFixed(1)));
  await context.close();
}
console.log('time (core) of the demo on five fresh loads, µs:', out.join(', '));
await browser.close(); await site.close();
