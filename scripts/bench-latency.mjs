// Input-to-screen latency on a big map (a measurement, not a test: numbers vary by machine and load).
//   node scripts/bench-latency.mjs [site dir, default dist] [side, default 1024] [inputs per row, default 30]
//                                  [map kind: random (default), rooms or maze] [only: algorithm names, e.g. hpa or astar,jps]
// On a side × side map (random, 20% walls, no forest or swamp, seed 1, so that every algorithm below can
// run it; or the page's rooms or maze of seed 1), for each algorithm (A*, A* at w = 2.5, JPS, HPA*;
// 8 neighbours, octile) and each interaction:
//   w     one keyboard step of the w slider (an input and a change event, as the arrow key sends them);
//   paint a stroke of 5 cells with the wall brush and back with the plain brush (pointer events);
//   drag  the goal dragged 3 cells and released (pointer events);
//   algo  choosing the algorithm again after another one (the menu's change event);
// it prints the latency from the input event to the frame after the page answered (performance.now() at
// the event, then two requestAnimationFrame callbacks: the frame that shows the result has been produced),
// p50 / p95 / max in ms, and the longest task the page had meanwhile (PerformanceObserver 'longtask'; a
// task over 50 ms blocks the page). On a big map the new path and stats are drawn before its smoothing and
// the search for the optimum they are compared with end (the badge says "comparing…" meanwhile): the p95
// to the frame that shows them too is the "with the optimum" column. Each row's inputs follow one another once the
// previous one is shown whole.
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';
import { openBigMap, shown, timed, timedToPathAndOptimum, longestTask, STROKE, W_STEP, CHOOSE, BRUSH } from './big-map-page.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const side = Number(process.argv[3] ?? 1024);
const inputs = Number(process.argv[4] ?? 30);
const kind = process.argv[5] ?? 'random';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

const ALGORITHMS = [
  { label: 'A*', name: 'astar', w: '1' },
  { label: 'A* w = 2.5', name: 'astar', w: '2.5' },
  { label: 'JPS', name: 'jps', w: '1' },
  { label: 'HPA*', name: 'hpa', w: '1' },
].filter((algorithm) => !process.argv[6] || process.argv[6].split(',').includes(algorithm.name));

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

const rows = [];
try {
  const page = await openBigMap(browser, site.url, side, kind);
  const show = (name) => shown(page, name);
  const [gx, gy] = await page.evaluate(() => [window.astarPlayground.pg.goalX(), window.astarPlayground.pg.goalY()]);
  for (const algorithm of ALGORITHMS) {
    await timed(page, CHOOSE, algorithm.name);
    await show(algorithm.name);
    await timed(page, W_STEP, algorithm.w);
    await page.waitForTimeout(500);
    await longestTask(page);
    const other = algorithm.name === 'astar' ? 'dijkstra' : 'astar';
    const measure = async (interaction, one) => {
      const samples = [];
      const compared = [];
      for (let i = 0; i < inputs; i++) {
        const [toPath, toOptimum] = await one(i);
        samples.push(toPath);
        compared.push(toOptimum);
      }
      rows.push({ algorithm: algorithm.label, interaction, ...summary(samples), comparedP95: summary(compared).p95, longTask: await longestTask(page) });
    };
    // w: one step up and back down, alternately (the algorithm's own w between them).
    const base = Number(algorithm.w);
    await measure('w', (i) => timedToPathAndOptimum(page, W_STEP, (i % 2 === 0 ? base + 0.1 : base).toFixed(1)));
    const row = Math.floor(side / 3);
    const stroke = Array.from({ length: 5 }, (_, k) => [Math.floor(side / 3) + k, row]);
    await measure('paint', async (i) => {
      await timed(page, BRUSH, i % 2 === 0 ? 'wall' : 'plain');
      return timedToPathAndOptimum(page, STROKE, stroke);
    });
    await measure('drag', (i) => {
      const to = i % 2 === 0 ? gx - 3 : gx;
      const from = i % 2 === 0 ? gx : gx - 3;
      return timedToPathAndOptimum(page, STROKE, [[from, gy], [from + Math.sign(to - from), gy], [to, gy]]);
    });
    await measure('algo', async () => {
      await timed(page, CHOOSE, other);
      await show(other);
      const ms = await timedToPathAndOptimum(page, CHOOSE, algorithm.name);
      await show(algorithm.name);
      return ms;
    });
  }
} finally {
  await browser.close();
  await site.close();
}
const f = (v) => v.toFixed(0);
const map = kind === 'random' ? 'random map (20% walls, seed 1' : `${kind} map (seed 1`;
console.log(`latency on a ${side} × ${side} ${map}, 8 neighbours, octile), ${inputs} inputs a row, ms:`);
console.log('| algorithm | input | p50 | p95 | max | p95 with the optimum | longest task |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.algorithm} | ${r.interaction} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.max)} | ${f(r.comparedP95)} | ${f(r.longTask)} |`);
}
