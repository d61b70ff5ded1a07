// Measures the playground in headless Chromium (a measurement, not a test: numbers vary by machine).
//   node scripts/bench-frames.mjs [site dir, default dist] [map side, default 1024] [algorithms, default dijkstra]
// Prints the frame-time percentiles of a full-speed animation (5000 expansions a frame) of each algorithm
// named (comma-separated registry names; default Dijkstra, which expands nearly the whole map) on a random
// map of that side, the time of a re-solve as the w slider moves on a 256 × 256 map, of the inspector's
// one query (what a frame adds while a cell is inspected), and of a one-cell paint on the big map. The big
// map has walls only (no forest or swamp) and 8-neighbour moves, so that every algorithm runs. The last
// algorithm is then animated again with the heap panel open and a cell inspected (what those two add to a
// frame), and the panel is reopened on the finished search (what opening it costs there).
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const side = Number(process.argv[3] ?? 1024);
const algorithms = (process.argv[4] ?? 'dijkstra').split(',');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

const percentiles = (values) => {
  if (values.length === 0) return 'n=0 (done within the first frame)';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return `n=${sorted.length} p50=${at(50).toFixed(1)} p90=${at(90).toFixed(1)} p95=${at(95).toFixed(1)} p99=${at(99).toFixed(1)} max=${sorted.at(-1).toFixed(1)} ms`;
};

/**
 * Plays the search shown from step 0 to its end at the speed set; returns the gaps between frames and each
 * frame's work (ms): the time from the frame's start to this callback, which the animation loop's callback
 * (registered first, so run first) spends stepping, drawing and telling the panels.
 */
function playToTheEnd(page) {
  return page.evaluate(
    () =>
      new Promise((done) => {
        const gaps = [];
        const work = [];
        let last = performance.now();
        const tick = (now) => {
          gaps.push(now - last);
          work.push(performance.now() - now);
          last = now;
          if (document.getElementById('app').dataset.phase === 'finished') done({ gaps, work });
          else requestAnimationFrame(tick);
        };
        document.getElementById('play').click();
        requestAnimationFrame(tick);
      }),
  );
}

/** The durations of the heap panel's 'heap-panel' performance measures (one a frame while it is open). */
function panelMeasures(page) {
  return page.evaluate(() => performance.getEntriesByName('heap-panel').map((entry) => entry.duration));
}

/** Plays for `ms`, then pauses; returns the gaps between frames and each frame's work, as playToTheEnd. */
function playFor(page, ms) {
  return page.evaluate(
    (ms) =>
      new Promise((done) => {
        const gaps = [];
        const work = [];
        const t0 = performance.now();
        let last = t0;
        const tick = (now) => {
          gaps.push(now - last);
          work.push(performance.now() - now);
          last = now;
          if (now - t0 > ms || document.getElementById('app').dataset.phase !== 'running') {
            window.astarPlayground.pause();
            done({ gaps, work });
          } else requestAnimationFrame(tick);
        };
        document.getElementById('play').click();
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

async function generate(page, n) {
  await page.getByLabel('Width', { exact: true }).fill(String(n));
  await page.getByLabel('Height', { exact: true }).fill(String(n));
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith(`${n} × ${n}`), n);
  await page.waitForSelector('#app[data-phase="edited"]');
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(site.url);
  await page.waitForSelector('#app[data-phase="finished"]');

  await generate(page, 256);
  const wTimes = await page.evaluate(() => {
    const app = window.astarPlayground;
    const times = [];
    for (let i = 0; i <= 50; i++) {
      const t0 = performance.now();
      app.changeSettings({ w: 1 + (i % 41) / 10 });
      times.push(performance.now() - t0);
    }
    return times;
  });
  console.log(`w slider re-solve, 256 × 256: ${percentiles(wTimes)}`);

  for (const id of ['share-forest', 'share-swamp']) await page.locator(`#${id}`).fill('0');
  await generate(page, side);
  await page.getByLabel('Speed', { exact: true }).fill('100');
  // 8-neighbour moves, so that jump point search runs too (the demo map starts with 4), and the octile
  // heuristic, the admissible one for them (the demo's Manhattan overestimates diagonal steps).
  await page.getByLabel('Movement', { exact: true }).selectOption('8');
  await page.getByLabel('Heuristic', { exact: true }).selectOption('octile');
  for (const algorithm of algorithms) {
    await page.getByLabel('Algorithm', { exact: true }).selectOption(algorithm);
    await page.waitForSelector('#app[data-phase="finished"]');
    // JPS+ and HPA* come in a second module: the menu shows them once it has arrived (or been refused).
    await page
      .waitForFunction((name) => document.getElementById('algorithm').value === name && document.getElementById('app').dataset.phase === 'finished', algorithm, { timeout: 20_000 })
      .catch(() => {});
    const shown = await page.getByLabel('Algorithm', { exact: true }).inputValue();
    if (shown !== algorithm) {
      const why = await page.locator('[role="status"]').first().textContent();
      console.log(`${algorithm}: not run (${why?.trim()})`);
      continue;
    }
    const frames = await playToTheEnd(page);
    const expanded = await page.locator('[data-stat="expanded"]').textContent();
    console.log(`${algorithm} at full speed, ${side} × ${side} (${expanded} expansions): frame gaps ${percentiles(frames.gaps.slice(1))}`);
    console.log(`  work a frame ${percentiles(frames.work.slice(1))}`);
    const long = frames.gaps.map((gap, i) => [i, gap]).filter(([i, gap]) => i > 0 && gap > 33.4);
    if (long.length > 0) console.log(`  long frames (of ${frames.gaps.length - 1}): ${long.map(([i, gap]) => `#${i} ${gap.toFixed(1)} ms`).join(', ')}`);
  }

  // The same animation (the last algorithm) with the heap panel open (www/heap/: it reads the open-list
  // log every frame) and a cell under the mouse in the inspector (one core query a frame): what the two add.
  // Not in builds before the panel, and not offered for every algorithm.
  const hasHeapPanel = (await page.getByTestId('heap').count()) > 0 && (await page.getByTestId('heap').isVisible());
  heapPanel: if (hasHeapPanel && (await page.getByLabel('Algorithm', { exact: true }).inputValue()) === algorithms.at(-1)) {
    await page.locator('[data-testid="heap"] > summary').click();
    const settled = await page
      .waitForFunction(() => document.querySelector('[data-testid="heap"]')?.dataset.settled !== undefined, null, { timeout: 10_000 })
      .then(() => true, () => false);
    if (!settled) {
      console.log(`heap panel: not shown for ${algorithms.at(-1)} (put an algorithm that has one last to measure it)`);
      break heapPanel;
    }
    const grid = await page.getByTestId('grid').boundingBox();
    await page.mouse.move(grid.x + grid.width * 0.5, grid.y + grid.height * 0.5);
    await page.waitForFunction(() => document.querySelector('[data-testid="inspector"]')?.dataset.cell !== undefined);
    await page.evaluate(() => performance.clearMeasures('heap-panel'));
    const frames = await playToTheEnd(page);
    const panelWork = await panelMeasures(page);
    const disagreements = await page.getByTestId('heap').getAttribute('data-disagreements');
    console.log(`${algorithms.at(-1)} at full speed, ${side} × ${side}, heap panel open and a cell inspected (${disagreements} disagreements): frame gaps ${percentiles(frames.gaps.slice(1))}`);
    console.log(`  work a frame ${percentiles(frames.work.slice(1))}`);
    console.log(`  the heap panel's own part of a frame ('heap-panel' measures; the last one rebuilds the whole search) ${percentiles(panelWork)}`);
    // Reopened on the finished search: the core runs it again with the log on, the panel reads it all.
    const reopen = await page.evaluate(async () => {
      const card = document.querySelector('[data-testid="heap"]');
      card.open = false;
      await new Promise((done) => setTimeout(done, 100));
      const t0 = performance.now();
      card.open = true;
      const expanded = document.querySelector('[data-stat="expanded"]').textContent;
      await new Promise((done) => {
        const check = () => (card.dataset.settled === expanded ? done() : requestAnimationFrame(check));
        check();
      });
      return performance.now() - t0;
    });
    console.log(`heap panel reopened on the finished search (the core runs it again and the panel reads the whole log), ${side} × ${side}: ${reopen.toFixed(0)} ms`);
    // Slower, where the panel follows every frame (at most 200 expansions a frame; faster, it waits for
    // the animation to stop): 3 s of play at about 60 expansions a frame, panel closed, then open.
    await page.getByLabel('Speed', { exact: true }).fill('65');
    for (const open of [false, true]) {
      await page.evaluate((open) => {
        document.querySelector('[data-testid="heap"]').open = open;
      }, open);
      await page.locator('#reset').click();
      await page.evaluate(() => performance.clearMeasures('heap-panel'));
      const frames = await playFor(page, 3000);
      console.log(`${algorithms.at(-1)} at about 60 expansions a frame, ${side} × ${side}, heap panel ${open ? 'open, following' : 'closed'}, a cell inspected: work a frame ${percentiles(frames.work.slice(1))}`);
      if (open) console.log(`  the heap panel's own part of a frame ${percentiles(await panelMeasures(page))}`);
    }
    await page.locator('[data-testid="heap"] > summary').click();
    await page.mouse.move(0, 0);
  }

  // The inspector adds one core query a frame while a cell is inspected: time it on the goal, whose
  // parent chain (returned with the numbers) is the longest of any cell on the path.
  const inspectTimes = await page.evaluate(() => {
    const pg = window.astarPlayground.pg;
    const times = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      pg.inspect(pg.goalX(), pg.goalY());
      times.push(performance.now() - t0);
    }
    return times;
  });
  console.log(`inspect the goal (numbers and parent chain), ${side} × ${side}: ${percentiles(inspectTimes)}`);

  const paints = [];
  const box = await page.getByTestId('grid').boundingBox();
  for (let i = 0; i < 10; i++) {
    const t0 = await page.evaluate(() => performance.now());
    await page.mouse.click(box.x + box.width * (0.3 + i * 0.04), box.y + box.height * 0.5);
    await page.waitForSelector('#app[data-phase="edited"]');
    paints.push((await page.evaluate(() => performance.now())) - t0);
  }
  console.log(`paint one cell and re-solve, ${side} × ${side} (click to result, incl. driver overhead): ${percentiles(paints)}`);
} finally {
  await browser.close();
  await site.close();
}
