// Making a big map (a measurement, not a test: numbers vary by machine and load).
//   node scripts/bench-generate.mjs [site dir, default dist] [side, default 1024] [runs, default 3]
// On the built site in headless Chromium, at side × side (20% walls, no forest or swamp), clicks Random,
// Rooms and Maze `runs` times each (seeds 10, 11, …; pressed and released 80 ms apart, as a person clicks:
// see `clickAsAPerson`) and prints, per click, every task over 50 ms the page
// had until the new map's solve was shown whole (PerformanceObserver 'longtask'), and the milliseconds from
// the click to then. Then it times the making alone in the page's wasm module (the playground's
// generateRandom, generateRooms, generateMaze; the median of seven, in the page), and, in `runs` pages just
// opened on the demo map: their first three random maps made alone (after the map is cleared to the size,
// so that the memory is grown), the tasks over 50 ms of their first map (Random clicked, until its solve is
// shown), then their first three mazes (a page's first making runs code it has not run before).
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';
import { clickAsAPerson, longTasks, openBigMap, openPage, solvesSettled } from './big-map-page.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const side = Number(process.argv[3] ?? 1024);
const runs = Number(process.argv[4] ?? 3);

/**
 * Times `count` makings of `kind` (random with 20% walls, rooms of 8 cells, a maze of 1-cell corridors; no
 * forest or swamp) in `page`'s wasm module,
 * seeds 1 to `count`, after the map is cleared to side × side when `clear` (its memory grown); ms, in order.
 */
const makings = (page, kind, count, clear = false) =>
  page.evaluate(({ n, kind, count, clear }) => {
    const pg = window.astarPlayground.pg;
    const make = {
      random: (seed) => pg.generateRandom(n, n, 0.2, 0, 0, seed),
      rooms: (seed) => pg.generateRooms(n, n, 8, 0, 0, seed),
      maze: (seed) => pg.generateMaze(n, n, 1, 0, 0, seed),
    }[kind];
    if (clear) pg.clear(n, n);
    const times = [];
    for (let seed = 1; seed <= count; seed++) {
      const began = performance.now();
      make(seed);
      times.push(performance.now() - began);
    }
    return times;
  }, { n: side, kind, count, clear });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await openBigMap(browser, site.url, side, 'random');
  await solvesSettled(page);
  console.log(`making a ${side} x ${side} map: tasks over 50 ms (ms), click to solve shown whole`);
  for (const kind of ['random', 'rooms', 'maze']) {
    for (let i = 0; i < runs; i++) {
      await page.locator('#seed').fill(String(10 + i));
      await page.waitForTimeout(300);
      await longTasks(page);
      const began = await clickAsAPerson(page, `#gen-${kind}`);
      await solvesSettled(page);
      const ms = Date.now() - began;
      await page.waitForTimeout(300);
      const tasks = (await longTasks(page)).map(Math.round);
      console.log(`  ${kind.padEnd(6)} seed ${10 + i}: ${tasks.length ? tasks.join(', ') : 'none'}; ${ms} ms`);
    }
  }
  const making = {};
  for (const kind of ['random', 'rooms', 'maze']) making[kind] = (await makings(page, kind, 7)).sort((a, b) => a - b)[3];
  console.log('the making alone in wasm, median of seven (ms):', Object.entries(making).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '));
  const firstMazes = [];
  const firstMaps = [];
  for (let i = 0; i < runs; i++) {
    const fresh = await openBigMap(browser, site.url, side, 'random');
    await solvesSettled(fresh);
    await fresh.waitForTimeout(300);
    firstMaps.push((await longTasks(fresh)).map(Math.round).join(', ') || 'none');
    firstMazes.push((await makings(fresh, 'maze', 3)).map(Math.round).join(', '));
    await fresh.context().close();
  }
  const firstRandoms = [];
  for (let i = 0; i < runs; i++) {
    const fresh = await openPage(browser, site.url);
    firstRandoms.push((await makings(fresh, 'random', 3, true)).map(Math.round).join(', '));
    await fresh.context().close();
  }
  console.log(`a page's first three random maps, making alone (ms), after its map is cleared to ${side} x ${side}, in ${runs} new pages: ${firstRandoms.join('; ')}`);
  console.log(`a page's first map (Random from the demo map) until its solve is shown: tasks over 50 ms (ms), in ${runs} new pages: ${firstMaps.join('; ')}`);
  console.log(`a page's first three mazes, making alone (ms), in ${runs} new pages: ${firstMazes.join('; ')}`);
} finally {
  await browser.close();
  await site.close();
}
