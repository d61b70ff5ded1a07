// Every algorithm the core registers, as a person meets it on the page: chosen from the Algorithm menu on a
// uniform random map, played to the end, with its stats, its colours on the canvas (backward frontier,
// scanned cells, the meeting cell), its legend and its share link; and an algorithm that cannot run on the
// map shown (JPS on the demo map's forest and swamp, or with 4-neighbour moves) refused with the core's
// sentence while the view stays. The tests iterate `Playground.algorithms()`: an algorithm not registered
// yet is simply not there, and one that is gets every check its marks call for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearMessage, dragCells, message, openPage, pixels, ready, stat, useSite } from './harness.js';
import {
  BACKWARD_CLOSED_RGB,
  BACKWARD_OPEN_RGB,
  CLOSED_RGB,
  MEETING_RGB,
  RAW_PATH_RGB,
  SCANNED_RGB,
} from '../../www/render/palette.js';
import type { AlgorithmRow, Stats } from '../../www/types.js';
import { ALGORITHM_TITLES } from '../../www/generated/messages.js';

const site = useSite();

/** Every mark the registry can name: legend entries outside this set describe the view, not the algorithm. */
const MARKS = new Set(['open', 'closed', 'current', 'open-backward', 'closed-backward', 'meeting', 'scanned', 'parent-segments']);

/** The registry, as the core gives it to the page. */
async function registry(page: Page): Promise<AlgorithmRow[]> {
  return page.evaluate(() => {
    const app = (window as unknown as { astarPlayground: { pg: { constructor: { algorithms(): unknown } } } }).astarPlayground;
    return app.pg.constructor.algorithms() as AlgorithmRow[];
  });
}

/**
 * What each algorithm lacks, as the core says (`unmetRequirements`), on a 6 × 4 probe map with
 * `movement`-neighbour moves, of plain only or with one forest cell: the kinds of requirement, by name.
 */
async function unmetOn(page: Page, movement: 4 | 8, forest: boolean): Promise<Map<string, string[]>> {
  const rows = await page.evaluate(
    ({ movement, forest }) => {
      type Probe = {
        paint(x: number, y: number, radius: number, code: number): number;
        settings(): Record<string, unknown>;
        setSettings(s: unknown): void;
        unmetRequirements(): { name: string; unmet: { kind: string }[] }[];
        free(): void;
      };
      const pg = (window as unknown as { astarPlayground: { pg: { constructor: new (w: number, h: number) => Probe } } }).astarPlayground.pg;
      const probe = new pg.constructor(6, 4);
      if (forest) probe.paint(2, 1, 0, 2);
      probe.setSettings({ ...probe.settings(), movement });
      const out = probe.unmetRequirements().map((row) => [row.name, row.unmet.map((u) => u.kind)] as [string, string[]]);
      probe.free();
      return out;
    },
    { movement, forest },
  );
  return new Map(rows);
}

/** The stats object of the search shown (the numbers the panel prints, unrounded). */
async function coreStats(page: Page): Promise<Stats> {
  return page.evaluate(() => (window as unknown as { astarPlayground: { stats: Stats } }).astarPlayground.stats);
}

/** Opens the page on a 32 × 24 random map of walls and plain only (uniform costs), 8 neighbours, octile, w = 1. */
async function uniformMap(): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, site.url);
  const { page } = opened;
  await ready(page);
  await page.getByLabel('Width', { exact: true }).fill('32');
  await page.getByLabel('Height', { exact: true }).fill('24');
  await page.getByLabel('Wall %', { exact: true }).fill('22');
  await page.getByLabel('Forest %', { exact: true }).fill('0');
  await page.getByLabel('Swamp %', { exact: true }).fill('0');
  await page.getByLabel('Seed', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith('32 × 24'));
  await page.getByLabel('Algorithm', { exact: true }).selectOption('astar');
  await page.getByLabel('Movement', { exact: true }).selectOption('8');
  await page.getByLabel('Heuristic', { exact: true }).selectOption('octile');
  // Numbers would cover the cells' centres; the colours are what these tests read.
  await page.getByLabel('Numbers in cells', { exact: true }).selectOption('none');
  await ready(page);
  return opened;
}

/** Chooses `name` in the Algorithm menu and waits for its solved search. */
async function choose(page: Page, name: string): Promise<void> {
  await page.getByLabel('Algorithm', { exact: true }).selectOption(name);
  await page.waitForFunction(
    (n) => {
      const app = (window as unknown as { astarPlayground: { settings(): { algorithm: string }; phase: string; solving: boolean } }).astarPlayground;
      return app.settings().algorithm === n && app.phase === 'finished' && !app.solving;
    },
    name,
  );
}

/**
 * Presses "Copy link", which records the view at once (in the address bar and as an undo step, whether or
 * not the clipboard is allowed), and waits for its message; then empties the message.
 */
async function copyLink(page: Page): Promise<void> {
  await clearMessage(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(() => /Link copied|did not allow copying/.test(document.getElementById('message')!.textContent ?? ''));
  await clearMessage(page);
}

/** Per cell, what the core traced: frontier code, opened and closed steps, terrain; with the path and ends. */
interface Trace {
  width: number;
  cellPx: number;
  frontiers: number[];
  openedAt: number[];
  closedAt: number[];
  terrain: number[];
  path: number[];
  start: number;
  goal: number;
}

async function trace(page: Page): Promise<Trace> {
  return page.evaluate(() => {
    type Views = { frontiers(): Uint8Array; openedAt(): Uint32Array; closedAt(): Uint32Array; terrain(): Uint8Array; path(): Uint32Array };
    type Pg = { width(): number; startX(): number; startY(): number; goalX(): number; goalY(): number };
    const app = (window as unknown as { astarPlayground: { views: Views; pg: Pg } }).astarPlayground;
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    const width = app.pg.width();
    return {
      width,
      cellPx: Number(canvas.dataset.cellPx),
      frontiers: Array.from(app.views.frontiers()),
      openedAt: Array.from(app.views.openedAt()),
      closedAt: Array.from(app.views.closedAt()),
      terrain: Array.from(app.views.terrain()),
      path: Array.from(app.views.path()),
      start: app.pg.startY() * width + app.pg.startX(),
      goal: app.pg.goalY() * width + app.pg.goalX(),
    };
  });
}

const NEVER = 0xffffffff;

/** The canvas pixel at fraction (fx, fy) of cell `cell`. */
async function pixelIn(page: Page, t: Trace, cell: number, fx: number, fy: number): Promise<number[]> {
  const x = cell % t.width;
  const y = (cell - x) / t.width;
  return page.getByTestId('grid').evaluate(
    (c: HTMLCanvasElement, [px, py]: number[]) => Array.from(c.getContext('2d')!.getImageData(px, py, 1, 1).data.slice(0, 3)),
    [Math.floor((x + fx) * t.cellPx), Math.floor((y + fy) * t.cellPx)],
  );
}

/** The colour of HPA*'s entrance nodes (www/hpa/layer.ts). */
const HPA_NODE_RGB = [232, 89, 12] as const;

function near(actual: number[], expected: readonly number[], tolerance = 8): boolean {
  return [0, 1, 2].every((i) => Math.abs(actual[i] - expected[i]) <= tolerance);
}

/**
 * Checks that some cell matching `select` (away from the path, start and goal) is painted `rgbByTerrain`
 * of its terrain near its top-left corner, where no path, number or marker is drawn. Fails when no cell matches.
 */
async function assertPainted(
  page: Page,
  t: Trace,
  what: string,
  select: (cell: number) => boolean,
  rgbByTerrain: ReadonlyArray<readonly number[]>,
): Promise<void> {
  const onPath = new Set(t.path);
  const cells = t.frontiers.map((_, cell) => cell).filter((cell) => select(cell) && !onPath.has(cell) && cell !== t.start && cell !== t.goal);
  assert.ok(cells.length > 0, `some cell is ${what}`);
  // A few of them, spread over the list.
  for (const cell of [cells[0], cells[Math.floor(cells.length / 2)], cells.at(-1)!]) {
    const rgb = await pixelIn(page, t, cell, 0.2, 0.2);
    assert.ok(near(rgb, rgbByTerrain[t.terrain[cell]]), `${what} cell ${cell} is drawn ${rgbByTerrain[t.terrain[cell]]}, not ${rgb}`);
  }
}

test('every registered algorithm is in the menu, plays to the end with its stats, colours, legend and link', async () => {
  const { page, errors } = await uniformMap();
  const rows = await registry(page);
  assert.ok(rows.length >= 4, 'at least breadth-first, Dijkstra, greedy and A*');
  // The menu is the registry, in its order, with its titles; nothing is marked unavailable on this map.
  const options = await page.locator('#algorithm option').evaluateAll((els) =>
    els.map((e) => ({ value: (e as HTMLOptionElement).value, text: e.textContent, title: (e as HTMLOptionElement).title })),
  );
  assert.deepEqual(
    options,
    rows.map((row) => ({ value: row.name, text: ALGORITHM_TITLES[row.name], title: '' })),
  );

  await choose(page, 'astar');
  const optimalCost = (await coreStats(page)).cost;
  assert.ok(optimalCost !== null && optimalCost > 0);

  for (const row of rows) {
    await choose(page, row.name);
    const solved = await coreStats(page);
    assert.equal(solved.outcome, 'found', `${row.name} finds the goal`);
    if (row.optimal) assert.ok(Math.abs(solved.cost! - optimalCost!) < 1e-6, `${row.name} costs ${solved.cost}, A* ${optimalCost}`);

    // The controls this algorithm does not use are disabled.
    assert.equal(await page.getByLabel('Heuristic', { exact: true }).isDisabled(), !row.usesHeuristic, `${row.name}: heuristic`);
    assert.equal(await page.getByLabel('Heuristic weight w', { exact: true }).isDisabled(), !row.usesWeight, `${row.name}: w`);
    assert.equal(await page.getByLabel('Tie-break', { exact: true }).isDisabled(), !row.usesTieBreak, `${row.name}: tie-break`);

    // Played from the start at full speed, it ends where the solve ended.
    await page.getByLabel('Speed', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Reset' }).click();
    assert.equal(await stat(page, 'expanded'), 0);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForSelector('#app[data-phase="finished"]', { timeout: 60_000 });
    const played = await coreStats(page);
    assert.equal(played.expanded, solved.expanded, `${row.name}: the animation ends at the solve's step`);
    assert.equal(played.cost, solved.cost);
    assert.equal(await stat(page, 'expanded'), solved.expanded, 'the panel shows the expansions');

    // Its own counters, each a stat row of its own.
    for (const { key, value } of played.details) {
      const shown = await page.locator(`[data-stat="${key}"]`).textContent();
      assert.ok(shown !== null && Math.abs(parseFloat(shown) - value) <= Math.max(0.01, Math.abs(value) * 0.01), `${key}: ${shown} vs ${value}`);
    }

    // The legend lists exactly its marks, in the registry's order (a finished search has no current cell).
    const legendMarks = await page.locator('[data-testid="legend"] li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.mark!));
    assert.deepEqual(
      legendMarks.filter((m) => MARKS.has(m)),
      row.marks.filter((m) => m !== 'current'),
      `${row.name}: legend ${legendMarks}`,
    );
    for (const m of ['path', 'start', 'goal', 'wall', 'plain']) assert.ok(legendMarks.includes(m), `${row.name}: the legend lists ${m}`);
    assert.ok(!legendMarks.includes('forest') && !legendMarks.includes('swamp'), 'no terrain the map does not have');

    // Its colours, read back from the canvas.
    const t = await trace(page);
    await page.mouse.move(1, 1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const forward = (cell: number) => t.frontiers[cell] === 0;
    if (row.name === 'hpa') {
      // HPA*'s closed cells are its entrance nodes, under its overlay (abstract edges end at them): each
      // is drawn as a filled disc in the overlay's node colour (www/hpa/layer.ts).
      const closed = t.frontiers.map((_, c) => c).filter((c) => t.closedAt[c] !== NEVER && c !== t.start && c !== t.goal && !t.path.includes(c));
      assert.ok(closed.length > 0, 'hpa: some abstract node is expanded');
      for (const cell of [closed[0], closed.at(-1)!]) {
        const rgb = await pixelIn(page, t, cell, 0.5, 0.5);
        assert.ok(near(rgb, HPA_NODE_RGB), `hpa: expanded node ${cell} is drawn ${HPA_NODE_RGB}, not ${rgb}`);
      }
    } else {
      await assertPainted(page, t, `${row.name}: closed`, (c) => forward(c) && t.closedAt[c] !== NEVER, CLOSED_RGB);
    }
    if (row.marks.includes('closed-backward')) {
      await assertPainted(page, t, `${row.name}: closed backward`, (c) => t.frontiers[c] === 1 && t.closedAt[c] !== NEVER, BACKWARD_CLOSED_RGB);
    }
    if (row.marks.includes('open-backward')) {
      await assertPainted(
        page,
        t,
        `${row.name}: open backward`,
        (c) => t.frontiers[c] === 1 && t.openedAt[c] !== NEVER && t.closedAt[c] === NEVER,
        BACKWARD_OPEN_RGB,
      );
    }
    if (row.marks.includes('scanned')) {
      await assertPainted(page, t, `${row.name}: scanned`, (c) => t.frontiers[c] === 2 && t.openedAt[c] !== NEVER && t.closedAt[c] === NEVER, SCANNED_RGB);
    }
    // The path is drawn as straight segments between its cells, which need not be neighbours (any-angle):
    // the middle of each segment is path-coloured (away from the discs and the meeting diamond). All the
    // middles are read in one call.
    const segments: [number, number][] = [];
    for (let i = 1; i < t.path.length; i++) {
      const [a, b] = [t.path[i - 1], t.path[i]];
      if ([a, b].some((c) => c === t.start || c === t.goal || c === played.meetingCell)) continue;
      segments.push([a, b]);
    }
    const middles = segments.map(([a, b]) => [
      Math.floor((((a % t.width) + (b % t.width)) / 2 + 0.5) * t.cellPx),
      Math.floor(((Math.floor(a / t.width) + Math.floor(b / t.width)) / 2 + 0.5) * t.cellPx),
    ]);
    const colours = await page.getByTestId('grid').evaluate((c: HTMLCanvasElement, points: number[][]) => {
      const ctx = c.getContext('2d')!;
      return points.map(([px, py]) => Array.from(ctx.getImageData(px, py, 1, 1).data.slice(0, 3)));
    }, middles);
    segments.forEach(([a, b], i) => {
      assert.ok(near(colours[i], RAW_PATH_RGB, 12), `${row.name}: the path segment ${a} → ${b} is drawn (${colours[i]})`);
    });
    if (row.marks.includes('meeting')) {
      const meeting = played.meetingCell;
      assert.ok(meeting !== null, `${row.name}: the frontiers met`);
      if (meeting !== t.start && meeting !== t.goal) {
        assert.ok(near(await pixelIn(page, t, meeting, 0.5, 0.5), MEETING_RGB), `${row.name}: the meeting cell is marked`);
      }
    }

    // Its share link reopens it, with the same search.
    await copyLink(page);
    const link = page.url();
    const other = await openPage(site.browser, link);
    await ready(other.page, { shareControls: true });
    assert.equal(await other.page.getByLabel('Algorithm', { exact: true }).inputValue(), row.name, `${row.name}: the link reopens it`);
    assert.equal((await coreStats(other.page)).expanded, solved.expanded);
    assert.deepEqual(other.errors, []);
    await other.page.context().close();
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an algorithm the demo map cannot run is marked in the menu, and choosing it is refused with the view kept', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const rows = await registry(page);
  // The demo map: forest and swamp dearer than plain, 4-neighbour moves.
  const unmet = await page.evaluate(() =>
    (window as unknown as { astarPlayground: { pg: { unmetRequirements(): { name: string; unmet: unknown[] }[] } } }).astarPlayground.pg
      .unmetRequirements()
      .filter((row) => row.unmet.length > 0)
      .map((row) => row.name),
  );
  const unable = rows.filter((row) => unmet.includes(row.name));
  assert.ok(unable.some((row) => row.name === 'jps'), 'JPS is among them');
  const able = rows.filter((row) => !unable.includes(row));
  for (const row of able) {
    const option = page.locator(`#algorithm option[value="${row.name}"]`);
    assert.equal(await option.textContent(), ALGORITHM_TITLES[row.name], `${row.name} is offered plainly`);
  }
  // Every missing requirement at once: JPS on the demo lacks both.
  assert.equal(
    await page.locator('#algorithm option[value="jps"]').textContent(),
    'Jump point search — needs 8-neighbour movement and equal step costs',
  );
  for (const row of unable) {
    const option = page.locator(`#algorithm option[value="${row.name}"]`);
    const text = (await option.textContent()) ?? '';
    assert.ok(text.startsWith(`${ALGORITHM_TITLES[row.name]} — needs`), `${row.name} is marked: ${text}`);
    assert.ok(((await option.getAttribute('title')) ?? '').startsWith(`${ALGORITHM_TITLES[row.name]} needs`), `${row.name}: its sentence`);

    const shown = await pixels(page);
    const expanded = await stat(page, 'expanded');
    const algorithm = await page.getByLabel('Algorithm', { exact: true }).inputValue();
    await clearMessage(page);
    await page.getByLabel('Algorithm', { exact: true }).selectOption(row.name);
    // JPS+ is fetched first (its module's messages are info), then refused.
    await page.waitForFunction(() => {
      const line = document.getElementById('message')!;
      return (line.textContent ?? '') !== '' && line.dataset.kind === 'error';
    });
    const said = await message(page);
    assert.ok(said.text.startsWith(`${ALGORITHM_TITLES[row.name]} needs`), `the core's sentence: ${said.text}`);
    assert.equal(await page.getByLabel('Algorithm', { exact: true }).inputValue(), algorithm, 'the menu goes back');
    assert.equal(await stat(page, 'expanded'), expanded, 'the same search');
    assert.equal(await pixels(page), shown, 'the same drawing');
    assert.equal(await page.locator('#app').getAttribute('data-phase'), 'finished');
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an edit that the chosen algorithm cannot search switches to A* and says why; a refused movement keeps the view', async () => {
  const { page, errors } = await uniformMap();
  const rows = await registry(page);
  // Those that run on an 8-neighbour map of one cost and lack only equal costs once forest is painted.
  const onForest = await unmetOn(page, 8, true);
  const needUniform = rows.filter((r) => onForest.get(r.name)?.join() === 'uniform-costs');
  assert.ok(needUniform.length >= 3, needUniform.map((r) => r.name).join());
  for (const row of needUniform) {
    await choose(page, row.name);
    await copyLink(page);
    // Drag forest over three cells next to the start: the map now has two step costs. The stroke
    // re-solves as it goes; its last message still starts with why the algorithm changed.
    await page.getByLabel('Forest', { exact: true }).check();
    // Checking the brush scrolled the panel's card into view: bring the map back before painting on it.
    await page.getByTestId('grid').scrollIntoViewIfNeeded();
    await page.evaluate(() => scrollTo(0, 0));
    const t = await trace(page);
    const y = (t.start - (t.start % t.width)) / t.width;
    const x = t.start % t.width;
    await dragCells(page, [1, 2, 3].map((dx) => [Math.min(t.width - 1, x + dx), y] as [number, number]));
    await page.waitForFunction(() => (document.getElementById('message')!.textContent ?? '').includes('instead'));
    const said = await message(page);
    assert.ok(said.text.startsWith(`${ALGORITHM_TITLES[row.name]} needs equal step costs`), said.text);
    assert.equal(await page.getByLabel('Algorithm', { exact: true }).inputValue(), 'astar');
    assert.ok((await stat(page, 'expanded')) > 0, 'a search is drawn');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction((n) => (document.getElementById('algorithm') as HTMLSelectElement).value === n, row.name);
    await page.getByLabel('Wall', { exact: true }).check();
  }
  // Those that lack only 8-neighbour movement on a 4-neighbour map with forest.
  const onFour = await unmetOn(page, 4, true);
  const needEight = rows.filter((r) => onFour.get(r.name)?.join() === 'movement');
  for (const row of needEight) {
    await choose(page, row.name);
    const expanded = await stat(page, 'expanded');
    await clearMessage(page);
    await page.getByLabel('Movement', { exact: true }).selectOption('4');
    await page.waitForFunction(() => (document.getElementById('message')!.textContent ?? '') !== '');
    assert.ok((await message(page)).text.startsWith(`${ALGORITHM_TITLES[row.name]} needs 8-neighbour movement`));
    assert.equal(await page.getByLabel('Movement', { exact: true }).inputValue(), '8');
    assert.equal(await stat(page, 'expanded'), expanded);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the legend follows the view: heat replaces the closed shades, smoothing adds the solid path, the cursor appears on focus', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const marks = () => page.locator('[data-testid="legend"] li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.mark!));
  const demo = await marks();
  for (const m of ['wall', 'plain', 'forest', 'swamp', 'open', 'closed', 'path', 'start', 'goal']) assert.ok(demo.includes(m), m);
  assert.ok(!demo.includes('smoothed') && !demo.includes('heat') && !demo.includes('cursor'));
  await page.getByLabel('Smooth path').check();
  assert.ok((await marks()).includes('smoothed'));
  assert.match((await page.locator('[data-testid="legend"] [data-mark="path"]').textContent()) ?? '', /dashed/);
  await page.getByLabel('Heat by expansion order').check();
  const heat = await marks();
  assert.ok(heat.includes('heat') && !heat.includes('closed'), `${heat}`);
  await page.getByTestId('grid').focus();
  await page.waitForFunction(() => document.querySelector('[data-testid="legend"] [data-mark="cursor"]') !== null);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an embed shows the legend only when its URL asks for it, and its Algorithm menu is the registry', async () => {
  const plain = await openPage(site.browser, `${site.url}?embed&controls=algorithm`);
  await plain.page.waitForSelector('#app[data-phase="finished"]');
  assert.equal(await plain.page.getByTestId('legend').count(), 0);
  const rows = await registry(plain.page);
  assert.deepEqual(
    await plain.page.locator('#algorithm option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value)),
    rows.map((row) => row.name),
  );
  await plain.page.context().close();

  const withLegend = await openPage(site.browser, `${site.url}?embed&controls=algorithm,w&legend`);
  await withLegend.page.waitForSelector('#app[data-phase="finished"]');
  const legend = withLegend.page.getByTestId('legend');
  assert.ok(await legend.isVisible());
  assert.ok((await legend.locator('[data-mark="open"]').count()) === 1);
  // The legend sits under the map, inside the frame: nothing scrolls.
  const fits = await withLegend.page.evaluate(() => document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth);
  assert.ok(fits);
  assert.deepEqual(withLegend.errors, []);
  await withLegend.page.context().close();
});
