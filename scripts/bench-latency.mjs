// Input-to-screen latency on a big map (a measurement, not a test: numbers vary by machine and load).
//   node scripts/bench-latency.mjs [site dir, default dist] [side, default 1024] [inputs per row, default 30]
// On a side × side map (random, 20% walls, no forest or swamp, seed 1, so that every algorithm below can
// run it), for each algorithm (A*, A* at w = 2.5, JPS, HPA*; 8 neighbours, octile) and each interaction:
//   w     one keyboard step of the w slider (an input and a change event, as the arrow key sends them);
//   paint a stroke of 5 cells with the wall brush and back with the plain brush (pointer events);
//   drag  the goal dragged 3 cells and released (pointer events);
//   algo  choosing the algorithm again after another one (the menu's change event);
// it prints the latency from the input event to the frame after the page answered (performance.now() at
// the event, then two requestAnimationFrame callbacks: the frame that shows the result has been produced),
// p50 / p95 / max in ms, and the longest task the page had meanwhile (PerformanceObserver 'longtask'; a
// task over 50 ms blocks the page). Each row's inputs follow one another once the previous one is shown.
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const side = Number(process.argv[3] ?? 1024);
const inputs = Number(process.argv[4] ?? 30);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

const ALGORITHMS = [
  { label: 'A*', name: 'astar', w: '1' },
  { label: 'A* w = 2.5', name: 'astar', w: '2.5' },
  { label: 'JPS', name: 'jps', w: '1' },
  { label: 'HPA*', name: 'hpa', w: '1' },
];

/** The page's script for one measured input: `act` runs inside the page; resolves with ms to the frame after. */
async function timed(page, act, arg) {
  return page.evaluate(
    async ([source, a]) => {
      const run = new Function('arg', source);
      const started = performance.now();
      run(a);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return performance.now() - started;
    },
    [act, arg],
  );
}

/** Pointer events on the map's canvas over cells `cells` ([x, y] pairs), pressed at the first, released at the last. */
const STROKE = `
  const canvas = document.querySelector('[data-testid="grid"]');
  const box = canvas.getBoundingClientRect();
  const cell = box.width / Number(canvas.dataset.mapWidth);
  const at = ([x, y]) => ({ clientX: box.left + (x + 0.5) * cell, clientY: box.top + (y + 0.5) * cell, pointerId: 1, isPrimary: true, pointerType: 'mouse', bubbles: true, buttons: 1 });
  const cells = arg;
  canvas.dispatchEvent(new PointerEvent('pointerdown', at(cells[0])));
  for (const c of cells.slice(1)) canvas.dispatchEvent(new PointerEvent('pointermove', at(c)));
  canvas.dispatchEvent(new PointerEvent('pointerup', { ...at(cells[cells.length - 1]), buttons: 0 }));
`;

const W_STEP = `
  const w = document.getElementById('w');
  w.value = arg;
  w.dispatchEvent(new Event('input', { bubbles: true }));
  w.dispatchEvent(new Event('change', { bubbles: true }));
`;

const CHOOSE = `
  const menu = document.getElementById('algorithm');
  menu.value = arg;
  menu.dispatchEvent(new Event('change', { bubbles: true }));
`;

const BRUSH = `document.querySelector('input[name="brush"][value="' + arg + '"]').click();`;

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

async function longest(page) {
  return page.evaluate(() => {
    const w = window;
    const max = Math.max(0, ...w.benchLongTasks);
    w.benchLongTasks.length = 0;
    return max;
  });
}

const rows = [];
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(() => {
    localStorage.setItem('astar-playground:tour-done', '1');
    const w = window;
    w.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(site.url);
  await page.waitForSelector('html[data-help="ready"]', { state: 'attached' });
  await page.locator('#movement').selectOption('8');
  await page.locator('#heuristic').selectOption('octile');
  // After the settings: a change of the view puts the shown map's size back in the size fields.
  for (const [id, value] of [['map-width', side], ['map-height', side], ['share-wall', 20], ['share-forest', 0], ['share-swamp', 0], ['seed', 1]]) {
    await page.locator(`#${id}`).fill(String(value));
  }
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction((s) => document.querySelector('[data-testid="grid"]')?.dataset.mapWidth === String(s), side).catch(async (err) => {
    throw new Error(`the map was not made: ${await page.locator('#message').textContent()} (${err})`);
  });
  const shown = (name) =>
    page.waitForFunction((n) => window.astarPlayground?.settings().algorithm === n && window.astarPlayground.phase !== 'running', name, { timeout: 120_000 });
  const [gx, gy] = await page.evaluate(() => [window.astarPlayground.pg.goalX(), window.astarPlayground.pg.goalY()]);
  for (const algorithm of ALGORITHMS) {
    await timed(page, CHOOSE, algorithm.name);
    await shown(algorithm.name);
    await timed(page, W_STEP, algorithm.w);
    await page.waitForTimeout(500);
    await longest(page);
    const other = algorithm.name === 'astar' ? 'dijkstra' : 'astar';
    const measure = async (interaction, one) => {
      const samples = [];
      for (let i = 0; i < inputs; i++) samples.push(await one(i));
      rows.push({ algorithm: algorithm.label, interaction, ...summary(samples), longTask: await longest(page) });
    };
    // w: one step up and back down, alternately (the algorithm's own w between them).
    const base = Number(algorithm.w);
    await measure('w', (i) => timed(page, W_STEP, (i % 2 === 0 ? base + 0.1 : base).toFixed(1)));
    const row = Math.floor(side / 3);
    const stroke = Array.from({ length: 5 }, (_, k) => [Math.floor(side / 3) + k, row]);
    await measure('paint', async (i) => {
      await timed(page, BRUSH, i % 2 === 0 ? 'wall' : 'plain');
      return timed(page, STROKE, stroke);
    });
    await measure('drag', (i) => {
      const to = i % 2 === 0 ? gx - 3 : gx;
      const from = i % 2 === 0 ? gx : gx - 3;
      return timed(page, STROKE, [[from, gy], [from + Math.sign(to - from), gy], [to, gy]]);
    });
    await measure('algo', async () => {
      await timed(page, CHOOSE, other);
      await shown(other);
      const ms = await timed(page, CHOOSE, algorithm.name);
      await shown(algorithm.name);
      return ms;
    });
  }
} finally {
  await browser.close();
  await site.close();
}
const f = (v) => v.toFixed(0);
console.log(`latency on a ${side} × ${side} random map (20% walls, seed 1, 8 neighbours, octile), ${inputs} inputs a row, ms:`);
console.log('| algorithm | input | p50 | p95 | max | longest task |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.algorithm} | ${r.interaction} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.max)} | ${f(r.longTask)} |`);
