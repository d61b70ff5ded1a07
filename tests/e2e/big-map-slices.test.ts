// Big maps stay live: on a 1024 × 1024 map a search across the map runs in slices, one task each
// (App.solve). Meanwhile the previous result stays shown with "Solving…", an input supersedes the solve
// under way, and what is shown at the end is what one whole solve of the current map and settings gives:
// never a result for a setting or a map that is no longer current.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dragCells, openPage, ready, stats, useSite } from './harness.js';

const site = useSite();

/** A 1024 × 1024 random map (20% walls, no terrain, seed 1), 8 neighbours, octile: A* from corner to corner expands a third of it. */
async function bigMap(page: Page, side = 1024): Promise<void> {
  await page.locator('#movement').selectOption('8');
  await page.locator('#heuristic').selectOption('octile');
  for (const [id, value] of [['map-width', side], ['map-height', side], ['share-wall', 20], ['share-forest', 0], ['share-swamp', 0], ['seed', 1]]) {
    await page.locator(`#${id}`).fill(String(value));
  }
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith(`${n} × ${n}`), side, { timeout: 60_000 });
  await settled(page);
}

/** A 1024 × 1024 maze (seed 1), 8 neighbours, octile: a path of some 95,000 cells from corner to corner. */
async function bigMaze(page: Page): Promise<void> {
  await page.locator('#movement').selectOption('8');
  await page.locator('#heuristic').selectOption('octile');
  for (const [id, value] of [['map-width', 1024], ['map-height', 1024], ['seed', 1]]) await page.locator(`#${id}`).fill(String(value));
  await page.locator('#gen-maze').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith('1024 × 1024'), null, { timeout: 60_000 });
}

/** Drags the goal 3 cells left along its row: another path, and another optimum to search for. */
async function dragGoalLeft(page: Page): Promise<void> {
  const [gx, gy] = await page.evaluate(() => [(window as any).astarPlayground.pg.goalX(), (window as any).astarPlayground.pg.goalY()]);
  await dragCells(page, [[gx, gy], [gx - 1, gy], [gx - 3, gy]]);
}

/**
 * Waits until no solve runs in slices (nor the search for the optimum a shown path waits for), compare
 * mode's second search, which follows the first, included.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const app = (window as any).astarPlayground;
      return !app.solving && !app.comparing && !app.partnerSolving && !document.querySelector('#app')!.hasAttribute('data-solving');
    },
    null,
    { timeout: 60_000 },
  );
}

/** Moves the w slider to `w` as the keyboard does (input, then change); returns what the page shows right after. */
async function moveW(page: Page, w: number): Promise<{ solving: boolean; note: string | null; expanded: string }> {
  return page.evaluate((value) => {
    const slider = document.getElementById('w') as HTMLInputElement;
    slider.value = String(value);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    const note = document.getElementById('solving')!;
    return {
      solving: (window as any).astarPlayground.solving,
      note: note.hidden ? null : note.textContent,
      expanded: document.querySelector('[data-stat="expanded"]')!.textContent ?? '',
    };
  }, w);
}

/** The stats the page shows after the same settings are solved again at once (one whole solve). */
async function wholeSolve(page: Page): Promise<Record<string, string>> {
  await page.evaluate(() => (window as any).astarPlayground.solve(true));
  return stats(page);
}

test('a long solve on a 1024 × 1024 map runs in slices with the previous result shown, and ends as one whole solve', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await bigMap(page);
  // The new map's message waited for its solve: it gives that solve's cost, not the old map's.
  const made = await stats(page);
  assert.equal(await page.locator('#message').textContent(), `A new 1024 × 1024 random map: the path costs ${made.cost}.`);

  // Weighted A* is quick here (usually one slice; on a loaded machine maybe more: no test of time).
  await moveW(page, 2.5);
  await settled(page);
  const before = await stats(page);

  // A* at w = 1 expands about 318,000 cells: the page answers before it has finished. "Solving…" is said
  // by the first slice that does not finish: in the input's task, or in the next one when the input's own
  // handling ran past SPENT_BEFORE_SLICE_MS (www/sliced-solve.ts: on a loaded machine it can). Recorded as
  // it appears, with the stats shown then.
  await page.evaluate(() => {
    const note = document.getElementById('solving')!;
    const seen: { note: string | null; expanded: string | null }[] = [];
    (window as any).solvingSeen = seen;
    new MutationObserver(() => {
      if (!note.hidden) seen.push({ note: note.textContent, expanded: document.querySelector('[data-stat="expanded"]')!.textContent });
    }).observe(note, { attributes: true, attributeFilter: ['hidden'] });
  });
  const slow = await moveW(page, 1);
  assert.equal(slow.solving, true, 'the solve goes on in later tasks');
  assert.equal(slow.expanded, before.expanded, 'the previous result stays shown meanwhile');
  await settled(page);
  const seen = await page.evaluate(() => (window as any).solvingSeen);
  assert.deepEqual(seen, [{ note: 'Solving…', expanded: before.expanded }], '"Solving…" shown once, over the previous result');
  const sliced = await stats(page);
  assert.notEqual(sliced.expanded, before.expanded);
  assert.equal(await page.locator('#solving').isHidden(), true);
  assert.deepEqual(await wholeSolve(page), sliced, 'the sliced solve shows what one whole solve shows');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('inputs while a solve runs supersede it: a dragged w and a wall painted meanwhile end on the current setting and map', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await bigMap(page);

  // A drag of the w slider: input events a frame apart, each superseding the solve of the one before.
  await page.evaluate(async () => {
    const slider = document.getElementById('w') as HTMLInputElement;
    for (const value of ['1', '1.2', '1.1', '1', '1.3']) {
      slider.value = value;
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((done) => requestAnimationFrame(done));
    }
    slider.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settled(page);
  assert.equal(await page.evaluate(() => (window as any).astarPlayground.settings().w), 1.3);
  const dragged = await stats(page);
  assert.deepEqual(await wholeSolve(page), dragged, 'the result shown is the last value\'s');

  // A wall painted while A* at w = 1 is still solving: the solve begins again on the edited map.
  const slow = await moveW(page, 1);
  assert.equal(slow.solving, true);
  await page.locator('input[name="brush"][value="wall"]').check();
  await dragCells(page, [[300, 300], [340, 300]]);
  await settled(page);
  await page.waitForSelector('#app[data-phase="edited"]');
  assert.match((await page.locator('#message').textContent()) ?? '', /path|cost/, 'the stroke says what it changed');
  const edited = await stats(page);
  const walls = await page.evaluate(() => {
    const pg = (window as any).astarPlayground.pg;
    let n = 0;
    for (let x = 300; x <= 340; x++) n += pg.terrainAt(x, 300) === 0 ? 1 : 0;
    return n;
  });
  assert.equal(walls, 41, 'the stroke was applied');
  assert.deepEqual(await wholeSolve(page), edited, 'the result shown is the edited map\'s');

  // A click that changes nothing (the wall brush on a wall) while A* at w = 1.1 is solving: the stroke
  // supersedes the solve, then runs it again, so what is shown in the end is w = 1.1's result.
  // In one script, so that the click certainly comes while the solve runs.
  const solvingAtClick = await page.evaluate(() => {
    const slider = document.getElementById('w') as HTMLInputElement;
    slider.value = '1.1';
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    const solving = (window as any).astarPlayground.solving;
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    const box = canvas.getBoundingClientRect();
    const cell = box.width / Number(canvas.dataset.mapWidth);
    const at = { clientX: box.left + 320.5 * cell, clientY: box.top + 300.5 * cell, pointerId: 1, isPrimary: true, pointerType: 'mouse', bubbles: true };
    canvas.dispatchEvent(new PointerEvent('pointerdown', { ...at, buttons: 1 }));
    canvas.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0 }));
    return solving;
  });
  assert.equal(solvingAtClick, true);
  await settled(page);
  const clicked = await stats(page);
  assert.notEqual(clicked.expanded, edited.expanded, 'w = 1.1 expands other cells than w = 1');
  assert.deepEqual(await wholeSolve(page), clicked, 'the result shown is w = 1.1\'s');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('after a wall painted with weighted A*, the new path is drawn at once and compared with the optimum when that is found', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await bigMap(page);
  await moveW(page, 2.5);
  await settled(page);
  // What the page shows each time it shows a result: on 'searched' (final) and on 'compared'.
  await page.evaluate(() => {
    const w = window as any;
    w.shownResults = [];
    const record = (event: string, stats: any) =>
      w.shownResults.push({
        event,
        pending: stats.optimumPending,
        smoothing: stats.smoothingPending,
        cost: document.querySelector('[data-stat="cost"]')!.textContent,
        badge: document.getElementById('badge-value')!.textContent,
        over: document.querySelector('[data-stat="over-optimal"]')!.textContent,
        solving: !document.getElementById('solving')!.hidden,
      });
    // After the page's own listeners, which draw the stats.
    w.astarPlayground.on('searched', (stats: any, final: boolean) => final && queueMicrotask(() => record('searched', stats)));
    w.astarPlayground.on('compared', (stats: any) => queueMicrotask(() => record('compared', stats)));
  });
  await page.locator('input[name="brush"][value="wall"]').check();
  await dragCells(page, [[500, 480], [500, 540]]);
  await settled(page);
  await page.waitForSelector('#app[data-phase="edited"]');
  const shown = await page.evaluate(() => (window as any).shownResults as { event: string; pending: boolean; smoothing: boolean; cost: string; badge: string; over: string; solving: boolean }[]);
  // The stroke's last result: its path and cost first, with "comparing…" for the badge (the optimum, an
  // A* across a third of the map, is still being searched for), then the same cost with the comparison.
  // Smooth path is off, so the optimum is searched for before the path is smoothed: when the smoothing
  // ends in a later slice than the optimum, the comparison comes once with the smoothing still pending,
  // then again with it. Where the slices fall depends on the machine's speed; both sequences are right.
  const last = shown.length - 1;
  const searched = shown.map((result) => result.event).lastIndexOf('searched');
  assert.ok(searched >= 0 && last - searched >= 1 && last - searched <= 2, JSON.stringify(shown));
  assert.deepEqual({ ...shown[searched], smoothing: false }, { event: 'searched', pending: true, smoothing: false, cost: shown[last].cost, badge: 'comparing…', over: '…', solving: false });
  if (last - searched === 2) {
    const between = shown[searched + 1];
    assert.deepEqual([between.event, between.pending, between.smoothing, between.cost], ['compared', false, true, shown[last].cost], JSON.stringify(shown));
    assert.equal(between.badge, shown[last].badge);
  }
  assert.equal(shown[last].event, 'compared');
  assert.equal(shown[last].smoothing, false);
  assert.equal(shown[last].pending, false);
  assert.match(shown[last].badge, /^\+\d/, 'weighted A* costs more than the optimum here');
  assert.match(shown[last].over, /^\d/);
  assert.deepEqual(await wholeSolve(page), await stats(page), 'what is shown in the end is one whole solve');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a maze’s long path: with smoothing off, compared with the optimum before it is smoothed; with it on, drawn before its smoothing ends, then smoothed', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await bigMaze(page);
  await settled(page);
  // Smooth path off: weighted A*'s path is compared with the optimum before it is smoothed (the cost over
  // the optimum is shown; the smoothed path is not). The goal dragged 3 cells: a new optimum to search for.
  await moveW(page, 2.5);
  await settled(page);
  await page.evaluate(() => {
    const w = window as any;
    w.knownInTurn = [];
    const note = (stats: any) => w.knownInTurn.push({ smoothing: stats.smoothingPending, optimum: stats.optimumPending });
    w.astarPlayground.on('searched', (stats: any, final: boolean) => final && note(stats));
    w.astarPlayground.on('compared', note);
  });
  await dragGoalLeft(page);
  await settled(page);
  const inTurn = await page.evaluate(() => (window as any).knownInTurn as { smoothing: boolean; optimum: boolean }[]);
  assert.ok(inTurn.some((known) => known.smoothing && !known.optimum), `the optimum before the smoothing: ${JSON.stringify(inTurn)}`);
  assert.ok(!inTurn.some((known) => !known.smoothing && known.optimum), `never the smoothing first: ${JSON.stringify(inTurn)}`);
  await moveW(page, 1);
  await settled(page);
  await page.locator('#smooth').check();
  // What the page shows each time it shows a result: the length stat, and the canvas's pixels in the
  // smoothed path's colour and in the grid path's (www/render/palette.ts).
  await page.evaluate(() => {
    const w = window as any;
    w.shownResults = [];
    const near = (data: Uint8ClampedArray, at: number, rgb: number[]) => rgb.every((v, i) => Math.abs(data[at + i] - v) <= 2);
    const record = (event: string, stats: any) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let [smooth, raw] = [0, 0];
      for (let at = 0; at < data.length; at += 4) {
        if (near(data, at, [25, 113, 194])) smooth++;
        else if (near(data, at, [224, 49, 49])) raw++;
      }
      const legend = [...document.querySelectorAll<HTMLElement>('[data-testid="legend"] li[data-mark]')].map((li) => li.dataset.mark);
      w.shownResults.push({ event, smoothing: stats.smoothingPending, length: document.querySelector('[data-stat="length"]')!.textContent, smooth, raw, legend });
    };
    w.astarPlayground.on('searched', (stats: any, final: boolean) => final && queueMicrotask(() => record('searched', stats)));
    w.astarPlayground.on('compared', (stats: any) => queueMicrotask(() => record('compared', stats)));
  });
  // A* at w = 1 with another admissible estimate: the same optimal path across the maze, searched again.
  await page.locator('#heuristic').selectOption('euclidean');
  await settled(page);
  const shown = await page.evaluate(() => (window as any).shownResults as { event: string; smoothing: boolean; length: string; smooth: number; raw: number; legend: string[] }[]);
  assert.equal(shown.length, 2, JSON.stringify(shown));
  const [path, smoothed] = shown;
  // First the grid path alone, solid, with the length of the grid path and "smoothing…"...
  assert.equal(path.event, 'searched');
  assert.equal(path.smoothing, true);
  assert.match(path.length, /^[\d,.]+ grid path; smoothing…$/);
  assert.equal(path.smooth, 0, 'no smoothed path is drawn before it is made');
  assert.ok(path.raw > 500, `${path.raw} pixels of the grid path`);
  assert.ok(path.legend.includes('path') && !path.legend.includes('smoothed'), `the legend names what is drawn: ${path.legend}`);
  // ...then the smoothed path over it, with its length.
  assert.equal(smoothed.event, 'compared');
  assert.equal(smoothed.smoothing, false);
  assert.match(smoothed.length, /^[\d,.]+ smoothed \(grid [\d,.]+, [\d,]+ segments\)$/);
  assert.ok(smoothed.smooth > 500, `${smoothed.smooth} pixels of the smoothed path`);
  assert.ok(smoothed.legend.includes('smoothed'), `the legend names the smoothed path: ${smoothed.legend}`);
  assert.deepEqual(await wholeSolve(page), await stats(page), 'what is shown in the end is one whole solve');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the curve through a maze’s long path is made in slices: turned on after the path was smoothed, and in a solve’s slices with its smoothing', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await bigMaze(page);
  await page.locator('#smooth').check();
  await settled(page);
  await page.evaluate(() => {
    (window as any).legendMarks = () => [...document.querySelectorAll<HTMLElement>('[data-testid="legend"] li[data-mark]')].map((li) => li.dataset.mark!);
  });
  // Turned on: the task of the click draws the smoothed path with straight segments and says so; the curve
  // comes in later tasks.
  const atClick = await page.evaluate(() => {
    const w = window as any;
    (document.getElementById('curve') as HTMLInputElement).click();
    return { ready: w.astarPlayground.pg.curveReady(), legend: w.legendMarks() as string[], length: document.querySelector('[data-stat="length"]')!.textContent ?? '' };
  });
  assert.equal(atClick.ready, false, 'the curve is not made in the task of the click');
  assert.ok(atClick.legend.includes('smoothed') && !atClick.legend.includes('curve'), `${atClick.legend}`);
  assert.match(atClick.length, /^[\d,.]+ smoothed \(grid/);
  await page.waitForFunction(() => (window as any).legendMarks().includes('curve'), null, { timeout: 60_000 });
  assert.match((await stats(page)).length, /^[\d,.]+ curve \(smoothed [\d,.]+, grid [\d,.]+, [\d,]+ segments\)/);
  // A solve in slices makes the curve with the smoothing: when the smoothed path is shown, so is its curve.
  // The goal dragged 3 cells along its row: another path through the maze, whose curve is not made yet.
  await page.evaluate(() => {
    const w = window as any;
    w.comparedCurve = [];
    w.astarPlayground.on('compared', (stats: any) => w.comparedCurve.push({ smoothing: stats.smoothingPending, ready: w.astarPlayground.pg.curveReady() }));
  });
  const smoothedBefore = await page.evaluate(() => [...(window as any).astarPlayground.pg.smoothedPath()].join());
  await dragGoalLeft(page);
  await settled(page);
  const smoothedAfter = await page.evaluate(() => [...(window as any).astarPlayground.pg.smoothedPath()].join());
  assert.ok(smoothedAfter !== smoothedBefore, 'another smoothed path');
  const compared = await page.evaluate(() => (window as any).comparedCurve as { smoothing: boolean; ready: boolean }[]);
  const smoothedShown = compared.filter((c) => !c.smoothing);
  assert.ok(smoothedShown.length > 0 && smoothedShown.every((c) => c.ready), JSON.stringify(compared));
  assert.ok((await page.evaluate(() => (window as any).legendMarks() as string[])).includes('curve'));
  // The smoothed path's colour, which the curve is drawn in too: the curve's pixels are not those of the
  // smoothed path's straight segments, drawn when Curve is turned off.
  const smoothedPixels = () =>
    page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const pixels: number[] = [];
      for (let at = 0; at < data.length; at += 4) {
        if (Math.abs(data[at] - 25) <= 2 && Math.abs(data[at + 1] - 113) <= 2 && Math.abs(data[at + 2] - 194) <= 2) pixels.push(at / 4);
      }
      return pixels;
    });
  const curved = await smoothedPixels();
  assert.ok(curved.length > 500, `${curved.length} pixels of the curve`);
  await page.locator('#curve').uncheck();
  const straight = await smoothedPixels();
  assert.ok(straight.length > 500, `${straight.length} pixels of the smoothed path`);
  const inStraight = new Set(straight);
  const apart = curved.filter((pixel) => !inStraight.has(pixel)).length;
  assert.ok(apart > 100, `${apart} of the curve's pixels are off the straight segments`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** Chooses HPA* (its module fetched the first time) and waits until its search is shown whole. */
async function chooseHpa(page: Page): Promise<void> {
  await page.locator('#algorithm').selectOption('hpa');
  await page.waitForFunction(() => (window as any).astarPlayground.settings().algorithm === 'hpa', null, { timeout: 60_000 });
  await settled(page);
  await page.waitForSelector('#app[data-phase="finished"]');
}

/** Waits until HPA*'s graph after a solve shown late is drawn: it comes in a task after it (www/hpa/index.ts), then a frame. */
async function hpaGraphShown(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 0)));
}

/** HPA*'s node colour (www/hpa/layer.ts): rings for every entrance node, filled for the expanded ones. */
const HPA_NODE_RGB = [232, 89, 12];

/**
 * HPA*'s entrance nodes as the canvas shows them, read at each node's centre pixel: how many expanded
 * nodes are filled, and how many nodes not expanded are filled all the same (a disc left from an earlier
 * search). Nodes near the path, the abstract path, the start or the goal, or (for the second count) within
 * two cells of an expanded node, whose square may cover the centre, are left out.
 */
async function hpaDiscs(page: Page): Promise<{ expanded: number; expandedFilled: number; idle: number; idleFilled: number }> {
  await hpaGraphShown(page);
  return page.evaluate((rgb) => {
    const app = (window as any).astarPlayground;
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    const width = app.pg.width();
    const s = Number(canvas.dataset.cellPx);
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const closedAt: Uint32Array = app.views.closedAt();
    const isExpanded = (cell: number) => closedAt[cell] !== 0xffffffff;
    const near = new Set<number>();
    const mark = (cell: number, d: number) => {
      const [x, y] = [cell % width, Math.floor(cell / width)];
      for (let dy = -d; dy <= d; dy++) for (let dx = -d; dx <= d; dx++) near.add((y + dy) * width + x + dx);
    };
    for (const cell of [...app.views.path(), ...app.pg.hpaAbstractPath()]) mark(cell, 2);
    for (const cell of [app.pg.startY() * width + app.pg.startX(), app.pg.goalY() * width + app.pg.goalX()]) mark(cell, 10);
    const nodes: Uint32Array = app.pg.hpaGraph().nodes;
    const expandedNear = new Set<number>();
    for (const cell of nodes) {
      if (!isExpanded(cell)) continue;
      const [x, y] = [cell % width, Math.floor(cell / width)];
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) expandedNear.add((y + dy) * width + x + dx);
    }
    const filled = (cell: number) => {
      const at = 4 * (Math.floor(((Math.floor(cell / width)) + 0.5) * s) * canvas.width + Math.floor(((cell % width) + 0.5) * s));
      return [0, 1, 2].every((i) => Math.abs(data[at + i] - rgb[i]) <= 2);
    };
    const out = { expanded: 0, expandedFilled: 0, idle: 0, idleFilled: 0 };
    for (const cell of nodes) {
      if (near.has(cell)) continue;
      if (isExpanded(cell)) {
        out.expanded++;
        if (filled(cell)) out.expandedFilled++;
      } else if (!expandedNear.has(cell)) {
        out.idle++;
        if (filled(cell)) out.idleFilled++;
      }
    }
    return out;
  }, HPA_NODE_RGB);
}

test('compare mode on a 1024 × 1024 maze: search B is solved in slices after A, its previous result drawn and its badge saying “Solving…” meanwhile, and ends as B alone', async () => {
  // B: A* with the octile estimate (which the maze below takes for A) at w = 2.5.
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=en&compare&b=astar,octile,2.5`);
  await ready(page);
  await page.getByTestId('grid-b').waitFor();
  await bigMaze(page);
  await settled(page);
  // While B's badge says it is solving, B's canvas is what it was before the input (its previous result).
  // One fingerprint of B's pixels, in the page: read from here and by the badge's observer there.
  await page.evaluate(() => {
    const w = window as any;
    w.hashB = () => {
      const c = document.querySelector<HTMLCanvasElement>('[data-testid="grid-b"]')!;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let h = 2166136261;
      for (let i = 0; i < data.length; i += 3) h = Math.imul(h ^ data[i], 16777619);
      return h >>> 0;
    };
    w.whileSolving = [];
    const badge = document.querySelector('[data-testid="badge-b"]')!;
    new MutationObserver(() => {
      if (!badge.hasAttribute('data-solving')) return;
      w.whileSolving.push({ text: badge.textContent, hash: w.hashB(), partnerSolving: w.astarPlayground.partnerSolving });
    }).observe(badge, { attributes: true, attributeFilter: ['data-solving'] });
  });
  const hashB = () => page.evaluate(() => (window as any).hashB() as number);
  const before = await hashB();
  await dragGoalLeft(page);
  await settled(page);
  const whileSolving = await page.evaluate(() => (window as any).whileSolving as { text: string; hash: number; partnerSolving: boolean }[]);
  assert.ok(whileSolving.length >= 1, 'B’s solve, its map copied and an A* across the maze for its optimum, went on past a task');
  for (const seen of whileSolving) assert.deepEqual(seen, { text: 'Solving… ', hash: before, partnerSolving: true });
  assert.doesNotMatch((await page.getByTestId('badge-b').textContent()) ?? '', /Solving/, 'the badge shows B’s result once it is shown');
  assert.equal(await page.getByTestId('badge-b').getAttribute('data-solving'), null);
  assert.doesNotMatch((await page.getByTestId('badge-b').textContent()) ?? '', /comparing/, 'B’s optimum came too');
  assert.notEqual(await hashB(), before, 'B’s new path is drawn');

  // The timeline is as long as the longer search; B's numbers are those of its settings alone on this map.
  const cell = (pane: string, row: string) =>
    page.evaluate(([p, r]) => document.querySelector(`[data-testid="compare-stats"] [data-row="${r}"] [data-pane="${p}"]`)?.textContent ?? '', [pane, row]);
  const expandedA = Number((await cell('a', 'expanded')).replace(/,/g, ''));
  const expandedB = Number((await cell('b', 'expanded')).replace(/,/g, ''));
  assert.equal(Number(await page.locator('#timeline').getAttribute('max')), Math.max(expandedA, expandedB));
  const b = { expanded: await cell('b', 'expanded'), cost: await cell('b', 'cost') };
  await moveW(page, 2.5);
  await settled(page);
  assert.deepEqual({ expanded: await cell('a', 'expanded'), cost: await cell('a', 'cost') }, b, 'A at B’s w gives B’s numbers');

  // A wall painted, then Step at once, while A's solve of the new map still runs in slices (and B's has
  // not begun): the step restarts both on the map as it is now, B too.
  const stepped = await page.evaluate(() => {
    const app = (window as any).astarPlayground;
    let x = 500;
    while (app.pg.terrainAt(x, 500) === 0) x++;
    app.edit((pg: any) => pg.paint(x, 500, 0, 0));
    const solvingBeforeStep = app.solving;
    app.step();
    return { solvingBeforeStep, wallInB: app.partner.pg.terrainAt(x, 500), expandedB: app.partner.expanded(), partnerSolving: app.partnerSolving };
  });
  assert.deepEqual(stepped, { solvingBeforeStep: true, wallInB: 0, expandedB: 1, partnerSolving: false });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('HPA* chosen on a 1024 × 1024 map: its first solve runs in slices, and the status line still says the module loaded when it ends', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await bigMap(page);
  await chooseHpa(page);
  // Building HPA*'s graph of this map alone takes longer than a slice: the solve's result came in a later task.
  assert.equal(await page.evaluate(() => (window as any).astarPlayground.lastSolveInSlices), true);
  // The message was said as that solve began; the solve's own report (a path found: nothing to say) leaves it.
  assert.match((await page.locator('#message').textContent()) ?? '', /^HPA\* loaded: map, settings and undo kept\.$/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('HPA* on a 256 × 256 map, cells of a few pixels: the expanded nodes are filled, and after a new search only its own', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await bigMap(page, 256);
  // Only the path and the markers over the nodes (not the smoothed path, which strays from the cells).
  await page.locator('#smooth').uncheck();
  await chooseHpa(page);
  // The nodes are small squares, their discs written as pixels (www/hpa/layer.ts); from two pixels a cell
  // each node's centre pixel is inside its own square only (a neighbour's ring passes beside it).
  const cellPx = Number(await page.getByTestId('grid').getAttribute('data-cell-px'));
  assert.ok(cellPx >= 2 && cellPx <= 8, `${cellPx} pixels a cell`);
  const first = await hpaDiscs(page);
  assert.ok(first.expanded > 1000 && first.idle > 1000, JSON.stringify(first));
  assert.equal(first.expandedFilled, first.expanded, 'every expanded node is filled');
  assert.equal(first.idleFilled, 0, 'no node that was not expanded is filled');

  // The goal dragged to a free cell part of the way back: a shorter search, so some nodes filled before
  // are no longer expanded, and their discs must go.
  const target = await page.evaluate(() => {
    const app = (window as any).astarPlayground;
    const width = app.pg.width();
    const terrain: Uint8Array = app.views.terrain();
    const [sx, sy, gx, gy] = [app.pg.startX(), app.pg.startY(), app.pg.goalX(), app.pg.goalY()];
    let [x, y] = [Math.round(sx + (gx - sx) * 0.6), Math.round(sy + (gy - sy) * 0.6)];
    while (terrain[y * width + x] === 0) x = (x + 1) % width;
    return { from: [gx, gy], to: [x, y] };
  });
  await dragCells(page, [target.from as [number, number], target.to as [number, number]]);
  await settled(page);
  await page.waitForSelector('#app[data-phase="edited"]');
  const second = await hpaDiscs(page);
  assert.ok(second.expanded > 100 && second.idle > first.idle, JSON.stringify({ first, second }));
  assert.equal(second.expandedFilled, second.expanded, 'every node the new search expanded is filled');
  assert.equal(second.idleFilled, 0, 'the discs of the nodes only the first search expanded are gone');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** Sets HPA*'s cluster size in its field ('' for the default) and waits until the search with it is shown whole. */
async function setCluster(page: Page, size: string): Promise<void> {
  const field = page.locator('#cluster');
  await field.fill(size);
  await field.press('Enter');
  await page.waitForFunction((k) => (window as any).astarPlayground.settings().cluster == (k === '' ? null : Number(k)), size);
  await settled(page);
  await hpaGraphShown(page);
}

for (const [side, cluster, marks] of [
  [256, '', 'squares'],
  [48, '4', 'circles'],
] as const) {
  test(`HPA* after a wall stroke draws its overlay again only where the graph changed, as drawn afresh (${side} × ${side}, nodes as ${marks})`, async () => {
    const { page, errors } = await openPage(site.browser, site.url);
    await ready(page);
    await bigMap(page, side);
    await page.locator('#smooth').uncheck();
    await chooseHpa(page);
    await setCluster(page, cluster);
    // Nodes are squares below 2.5 pixels of radius, 0.3 of a cell (www/hpa/layer.ts).
    const cellPx = Number(await page.getByTestId('grid').getAttribute('data-cell-px'));
    assert.equal(cellPx * 0.3 < 2.5, marks === 'squares', `${cellPx} pixels a cell`);
    const layer = () => page.getByTestId('grid').getAttribute('data-hpa-layer');
    assert.equal(await layer(), 'drawn');

    // A wall across a row in the middle: the clusters around it are rebuilt, the layer patched there.
    const row = Math.floor(side / 2);
    const x = Math.floor(side / 3);
    await page.locator('input[name="brush"][value="wall"]').check();
    await dragCells(page, [[x, row], [x + 4, row]]);
    await settled(page);
    await page.waitForSelector('#app[data-phase="edited"]');
    await hpaGraphShown(page);
    const patched = /^patched (\d+)×(\d+)$/.exec((await layer()) ?? '');
    assert.ok(patched, `the layer was ${await layer()}`);
    const canvasSide = side * cellPx;
    assert.ok(Number(patched[1]) * Number(patched[2]) * 4 <= canvasSide * canvasSide, `${patched[0]} of ${canvasSide} × ${canvasSide}`);
    // What the canvas shows (the pointer moved off the map: no brush outline), kept to compare with the
    // same graph drawn afresh: the window made larger and back (cells of other sizes, so the layer is drawn
    // whole at each; nothing searched again).
    await page.mouse.move(0, 0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
      (window as any).patchedPixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    });
    const view = page.viewportSize()!;
    const cellPxIs = (px: number) => page.waitForFunction((n) => document.querySelector('[data-testid="grid"]')?.getAttribute('data-cell-px') === String(n), px);
    await page.setViewportSize({ width: view.width * 2, height: view.height * 2 });
    await page.waitForFunction((n) => document.querySelector('[data-testid="grid"]')?.getAttribute('data-cell-px') !== String(n), cellPx);
    await page.setViewportSize(view);
    await cellPxIs(cellPx);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(await layer(), 'drawn');
    const differing = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
      const fresh = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const kept: Uint8ClampedArray = (window as any).patchedPixels;
      let count = 0;
      // Where they differ, if anywhere: the bounds of the differing pixels.
      let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
      for (let i = 0; i < fresh.length; i++) {
        if (fresh[i] === kept[i]) continue;
        count++;
        const [x, y] = [(i >> 2) % canvas.width, Math.floor((i >> 2) / canvas.width)];
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
      return { count, length: fresh.length, box: [x0, y0, x1, y1] };
    });
    assert.equal(differing.count, 0, `${differing.count} of ${differing.length} bytes differ from the overlay drawn afresh, in ${JSON.stringify(differing.box)} (${patched[0]})`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
