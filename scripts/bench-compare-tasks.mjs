// Long tasks in compare mode on a big map (a measurement, not a test: numbers vary by machine and load).
//   node scripts/bench-compare-tasks.mjs [site dir, default dist] [map kind: maze (default) or random] [runs, default 2]
// Opens the page with compare mode on (search B: A* with the octile estimate at w = 2.5), makes a
// 1,024 x 1,024 map of the kind asked for (seed 1, 8 neighbours, octile), then, each followed by the end of
// both searches' solves: two keyboard steps of A's w slider (w = 2, then 3), the goal dragged 3 cells,
// and Smooth path and Curve turned on. For each it prints every task over 50 ms the page had meanwhile
// (PerformanceObserver 'longtask', ms), "none" when there was none.
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';
import { longTasks, openBigMap, solvesSettled, W_STEP } from './big-map-page.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const kind = process.argv[3] ?? 'maze';
const runs = Number(process.argv[4] ?? 2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** Waits until neither search has a solve under way (B's follows A's), then a little longer. */
async function settled(page) {
  await solvesSettled(page);
  await page.waitForTimeout(500);
}

try {
  for (let run = 1; run <= runs; run++) {
    const page = await openBigMap(browser, `${site.url}?lang=en&compare&b=astar,octile,2.5`, 1024, kind);
    const row = [];
    const step = async (label, act) => {
      await settled(page);
      await longTasks(page);
      await act();
      await settled(page);
      const tasks = (await longTasks(page)).map(Math.round);
      row.push(`${label}: ${tasks.length ? tasks.join(', ') : 'none'}`);
    };
    await settled(page);
    row.push(`map made: ${(await longTasks(page)).map(Math.round).join(', ') || 'none'}`);
    for (const w of ['2', '3']) await step(`A's w to ${w}`, () => page.evaluate(`(() => { const arg = ${JSON.stringify(w)}; ${W_STEP} })()`));
    await step('goal dragged 3 cells', async () => {
      const [gx, gy] = await page.evaluate(() => [window.astarPlayground.pg.goalX(), window.astarPlayground.pg.goalY()]);
      const box = await page.getByTestId('grid').boundingBox();
      const at = (x, y) => [box.x + ((x + 0.5) * box.width) / 1024, box.y + ((y + 0.5) * box.height) / 1024];
      await page.mouse.move(...at(gx, gy));
      await page.mouse.down();
      await page.mouse.move(...at(gx - 3, gy), { steps: 3 });
      await page.mouse.up();
    });
    await step('Smooth path and Curve on', async () => {
      await page.locator('#smooth').check();
      await page.locator('#curve').check();
    });
    console.log(`${kind}, run ${run}: ${row.join('; ')}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await site.close();
}
