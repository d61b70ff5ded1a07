// Measures what choosing HPA* costs on a large map, the first time and again (a measurement, not a test:
// numbers vary by machine).
//   node scripts/bench-hpa-choice.mjs [site dir, default dist] [side, default 1024] [rounds, default 3]
// On a side × side random map (the generator's default shares), with 8-neighbour moves: chooses HPA*
// (fetching its module first, not timed), then A* and HPA* again `rounds` times, and prints how long each
// choice of HPA* took from the settings change to the finished search (App.changeSettings, which
// re-solves at once) and the longest main-thread task seen meanwhile (PerformanceObserver 'longtask').
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const side = Number(process.argv[3] ?? 1024);
const rounds = Number(process.argv[4] ?? 3);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(() => localStorage.setItem('astar-playground:tour-done', '1'));
  const page = await context.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.astarPlayground?.phase === 'finished');
  await page.getByLabel('Width', { exact: true }).fill(String(side));
  await page.getByLabel('Height', { exact: true }).fill(String(side));
  await page.getByRole('button', { name: 'Random map', exact: true }).click();
  await page.waitForFunction((s) => window.astarPlayground.pg.width() === s, side);
  await page.locator('#movement').selectOption('8');
  // The module with HPA* (fetched once; not what is measured), then back to A*.
  await page.locator('#algorithm').selectOption('hpa');
  await page.waitForFunction(() => window.astarPlayground.settings().algorithm === 'hpa' && window.astarPlayground.phase === 'finished', null, { timeout: 120_000 });
  await page.locator('#algorithm').selectOption('astar');
  await page.waitForFunction(() => window.astarPlayground.settings().algorithm === 'astar');
  const choose = (algorithm) =>
    page.evaluate(async (name) => {
      const tasks = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
      observer.observe({ type: 'longtask' });
      const started = performance.now();
      window.astarPlayground.changeSettings({ algorithm: name });
      const ms = performance.now() - started;
      await new Promise((ok) => setTimeout(ok, 100));
      observer.disconnect();
      return { ms, longest: Math.max(0, ...tasks) };
    }, algorithm);
  for (let round = 1; round <= rounds; round++) {
    const hpa = await choose('hpa');
    const astar = await choose('astar');
    console.log(`round ${round}: HPA* ${hpa.ms.toFixed(0)} ms (longest task ${hpa.longest.toFixed(0)} ms), A* ${astar.ms.toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  await site.close();
}
