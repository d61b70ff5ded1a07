// The legend's audit: for every registered algorithm, on the demo map (forest and swamp: the darker shades)
// and on a uniform map (where the algorithms that need one run), part-way and finished, with heat and
// smoothing, numbers, the keyboard cursor, the inspector's chain and the optimal-path overlay, every kind
// of mark the renderer reports it drew (Renderer.drawnMarks: the cell layer's pixels by kind and colour,
// and each overlay layer's own note) has a legend entry, and every cell colour drawn is in its entry's
// swatch (HPA*'s overlay included: its module is fetched when it is chosen). A new mark drawn without a
// legend entry fails here. The other way round, marks that come and go with the view (the current cell,
// the path, heat, the chain, …) are listed only when they are drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, openPage, ready, useSite } from './harness.js';

const site = useSite();

/** Drawn but not legend material: the brush is the editing tool under the pointer. */
const NOT_MAP_MARKS = new Set(['brush']);
/** Marks that appear and disappear with the view: listed only while drawn (checked when `strict`). */
const COME_AND_GO = [
  'current', 'path', 'smoothed', 'heat', 'cursor', 'chain', 'optimal', 'detour-ends', 'numbers', 'parent-segments',
  // HPA*'s overlay (www/hpa/layer.ts): only while HPA* is shown; the abstract path once it is found.
  'cluster-borders', 'abstract-edges', 'abstract-nodes', 'abstract-path',
];

type Drawn = { mark: string; colours: string[] }[];
type Listed = { mark: string; swatch: string }[];

async function drawnAndListed(page: Page): Promise<{ drawn: Drawn; listed: Listed }> {
  // The legend is rebuilt in a microtask after the frame that changed what is drawn: let it run.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0))));
  return page.evaluate(() => {
    const app = (window as unknown as { astarPlayground: { renderer: { drawnMarks(): Drawn } } }).astarPlayground;
    const listed = [...document.querySelectorAll<HTMLElement>('[data-testid="legend"] li')].map((li) => {
      const swatch = li.querySelector<HTMLElement>('.swatch')!;
      return { mark: li.dataset.mark!, swatch: `${swatch.style.background} ${swatch.style.borderColor} ${swatch.style.color}` };
    });
    return { drawn: app.renderer.drawnMarks(), listed };
  });
}

/** Asserts the legend covers what is drawn; with `strict`, also that it lists no come-and-go mark not drawn. */
async function audit(page: Page, what: string, strict: boolean): Promise<Set<string>> {
  const { drawn, listed } = await drawnAndListed(page);
  const byMark = new Map(listed.map((l) => [l.mark, l.swatch]));
  for (const { mark, colours } of drawn) {
    if (NOT_MAP_MARKS.has(mark)) continue;
    assert.notEqual(mark, 'unknown', `${what}: cells drawn in colours no mark names: ${colours}`);
    assert.ok(byMark.has(mark), `${what}: '${mark}' is drawn but the legend (${[...byMark.keys()]}) does not list it`);
    if (mark === 'heat') continue; // heat is blended over the terrain: the swatch shows the ramp itself
    for (const colour of colours) assert.ok(byMark.get(mark)!.includes(colour), `${what}: ${mark} drawn in ${colour}, its swatch is ${byMark.get(mark)}`);
  }
  const drawnMarks = new Set(drawn.map((d) => d.mark));
  if (strict) {
    for (const mark of COME_AND_GO) {
      if (byMark.has(mark)) assert.ok(drawnMarks.has(mark), `${what}: the legend lists '${mark}', which is not drawn`);
    }
  }
  return drawnMarks;
}

/** Waits until the renderer has drawn `mark` (or, with `drawn` false, no longer draws it). */
async function waitDrawn(page: Page, mark: string, drawn = true): Promise<void> {
  await page.waitForFunction(
    ([m, d]) =>
      (window as unknown as { astarPlayground: { renderer: { drawnMarks(): Drawn } } }).astarPlayground.renderer
        .drawnMarks()
        .some((x) => x.mark === m) === d,
    [mark, drawn] as const,
  );
}

async function algorithmNames(page: Page): Promise<string[]> {
  return page.locator('#algorithm option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
}

/**
 * Chooses `name`; false when the page refused it on this map (it keeps the algorithm it had). HPA*'s
 * module is fetched the first time it is chosen: chosen means its search is shown, refused an error.
 */
async function choose(page: Page, name: string): Promise<boolean> {
  await page.getByLabel('Algorithm', { exact: true }).selectOption(name);
  await page.waitForFunction((n) => {
    const app = (window as unknown as { astarPlayground: { phase: string; solving: boolean; settings(): { algorithm: string } } }).astarPlayground;
    const refused = document.getElementById('message')?.dataset.kind === 'error';
    return app.phase === 'finished' && !app.solving && (app.settings().algorithm === n || refused);
  }, name);
  return page.evaluate((n) => (window as unknown as { astarPlayground: { settings(): { algorithm: string } } }).astarPlayground.settings().algorithm === n, name);
}

/** Every algorithm the map allows, finished and part-way, plain and with heat and smoothing. */
async function auditAlgorithms(page: Page, map: string): Promise<{ audited: string[]; seen: Set<string> }> {
  const audited: string[] = [];
  const seen = new Set<string>();
  const note = (marks: Set<string>) => marks.forEach((m) => seen.add(m));
  // Played at full speed: what is audited after Play is the end.
  await page.getByLabel('Speed', { exact: true }).fill('100');
  for (const name of await algorithmNames(page)) {
    if (!(await choose(page, name))) continue;
    audited.push(name);
    note(await audit(page, `${map}, ${name}, finished`, true));
    await page.getByRole('button', { name: 'Reset' }).click();
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Step', exact: true }).click();
    await waitDrawn(page, 'current');
    const partWay = await audit(page, `${map}, ${name}, part-way`, true);
    assert.ok(partWay.has('current'), `${map}, ${name}: the cell being expanded is drawn part-way`);
    note(partWay);
    await page.getByLabel('Heat by expansion order').check();
    await page.getByLabel('Smooth path').check();
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForSelector('#app[data-phase="finished"]', { timeout: 60_000 });
    note(await audit(page, `${map}, ${name}, heat and smoothing`, true));
    await page.getByLabel('Heat by expansion order').uncheck();
    await page.getByLabel('Smooth path').uncheck();
  }
  return { audited, seen };
}

test('demo map: every algorithm it allows, part-way and finished, with heat and smoothing', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.getByLabel('Speed', { exact: true }).fill('100');
  const { audited, seen } = await auditAlgorithms(page, 'demo');
  assert.ok(audited.includes('astar') && audited.includes('dijkstra') && audited.length >= 5, `${audited}`);
  for (const mark of ['forest', 'swamp', 'open', 'closed', 'current', 'heat', 'path', 'smoothed', 'open-backward', 'meeting'])
    assert.ok(seen.has(mark), `the demo runs drew ${mark} (${[...seen]})`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('uniform map: the algorithms that need one (jump point search, Theta*) and their marks', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.getByLabel('Width', { exact: true }).fill('24');
  await page.getByLabel('Height', { exact: true }).fill('16');
  await page.getByLabel('Wall %', { exact: true }).fill('20');
  await page.getByLabel('Forest %', { exact: true }).fill('0');
  await page.getByLabel('Swamp %', { exact: true }).fill('0');
  await page.getByLabel('Seed', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Random map' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith('24 × 16'));
  await page.getByLabel('Movement', { exact: true }).selectOption('8');
  await page.getByLabel('Numbers in cells', { exact: true }).selectOption('none');
  await page.getByLabel('Speed', { exact: true }).fill('100');
  await ready(page);
  const { audited, seen } = await auditAlgorithms(page, 'uniform');
  assert.equal(audited.length, (await algorithmNames(page)).length, `every algorithm runs here: ${audited}`);
  for (const mark of ['scanned', 'parent-segments', 'closed-backward', 'cluster-borders', 'abstract-nodes', 'abstract-edges', 'abstract-path'])
    assert.ok(seen.has(mark), `the uniform runs drew ${mark} (${[...seen]})`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('numbers, the keyboard cursor, the inspected cell\'s chain and the optimal path at w = 2.5 each have their entry', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.getByLabel('Numbers in cells', { exact: true }).selectOption('g');
  const numbers = await audit(page, 'numbers g', true);
  assert.ok(numbers.has('numbers'), 'the demo map prints numbers');
  await page.getByLabel('Numbers in cells', { exact: true }).selectOption('none');
  assert.ok(!(await audit(page, 'numbers none', true)).has('numbers'));

  await page.getByTestId('grid').focus();
  await waitDrawn(page, 'cursor');
  assert.ok((await audit(page, 'cursor', true)).has('cursor'));
  await page.getByTestId('grid').blur();

  const goal = await page.evaluate(() => {
    const pg = (window as unknown as { astarPlayground: { pg: { goalX(): number; goalY(): number } } }).astarPlayground.pg;
    return [pg.goalX(), pg.goalY()];
  });
  const centre = await cellCentre(page, goal[0], goal[1]);
  await page.mouse.move(centre.x, centre.y);
  await waitDrawn(page, 'chain');
  assert.ok((await audit(page, 'inspected goal', true)).has('chain'));
  await page.mouse.move(1, 1);
  await waitDrawn(page, 'chain', false);
  assert.ok(!(await audit(page, 'nothing inspected', true)).has('chain'));

  await page.getByLabel('Heuristic weight w', { exact: true }).fill('2.5');
  await page.waitForFunction(() => document.getElementById('w-value')?.textContent === '2.5');
  await ready(page);
  await page.getByTestId('optimal-overlay').waitFor({ state: 'visible' });
  await page.getByTestId('badge').click();
  await waitDrawn(page, 'optimal');
  const overlay = await audit(page, 'optimal overlay', true);
  assert.ok(overlay.has('optimal') && overlay.has('detour-ends'), `${[...overlay]}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});
