// Takes the README's pictures from the built site: docs/screenshot.png (the full page on the demo map),
// docs/screenshot-zh.png (the same page in Chinese: needs a CJK font such as Debian's fonts-noto-cjk),
// docs/phone.png (a 390 × 844 phone), docs/screenshot-curve.png and docs/screenshot-curve-zh.png (lesson 18
// with Curve ticked: a piece left straight in orange), docs/figure.png (the article figure: the embed with w and smooth),
// docs/screenshot-compare.png (compare mode: A* at w = 1 against w = 2.5), docs/screenshot-heap.png (the
// heap panel part-way through a search) and docs/lesson.png (lesson 5 as an article embeds it, its
// experiment done: w = 2.5), docs/screenshot-units.png and docs/screenshot-units-zh.png (units mode: 500
// units on a rooms map heading for the rally point, the performance panel beside it; units-phone.png, the
// same on a phone, is taken only when named), docs/screenshot-mesh.png and docs/screenshot-mesh-zh.png (mesh
// mode: Polyanya part-way through its search on a rooms map's merged-triangle mesh; mesh-phone.png only when
// named), docs/screenshot-penalties.png and docs/screenshot-penalties-zh.png (the demo map with a wall-hugging
// penalty and two watchers, the penalty fields beside it), docs/screenshot-turns.png and
// docs/screenshot-turns-zh.png (the demo map with 4 neighbours and a turn penalty of 1: the turns marked, the
// fields beside it). The guided start is marked as seen first, so it does not cover
// the pictures. Usage: npm run build, then node scripts/screenshots.mjs [site dir, default dist] [names of
// the pictures to take, comma-separated: all when left out].
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';

const TOUR_SEEN = () => localStorage.setItem('astar-playground:tour-done', '1');

const site = await serve(process.argv[2] ?? 'dist');
const only = process.argv[3]?.split(',');
/** True when the picture `name` (its file name without docs/ and .png) is to be taken. */
const wanted = (name) => !only || only.includes(name);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
/** A page in a fresh context of these options, the tour already seen. */
async function open(options, query = '') {
  const context = await browser.newContext(options);
  await context.addInitScript(TOUR_SEEN);
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error('page:', m.text()));
  await page.goto(`${site.url}${query}`);
  return page;
}
/** Takes the focus and the pointer off the controls, so no tooltip covers the picture. */
async function unfocus(page) {
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  await page.mouse.move(1, 1);
}
try {
  for (const [query, path] of [
    ['?lang=en', 'docs/screenshot.png'],
    ['?lang=zh', 'docs/screenshot-zh.png'],
  ]) {
    if (!wanted(path.slice(5, -4))) continue;
    const page = await open({ viewport: { width: 1366, height: 768 } }, query);
    await page.waitForSelector('#sweep[data-state="done"]');
    await page.screenshot({ path });
  }

  if (wanted('phone')) {
    const phone = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, '?lang=en');
    await phone.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
    await phone.screenshot({ path: 'docs/phone.png' });
  }

  if (wanted('figure')) {
    const embed = await open({ viewport: { width: 760, height: 480 } }, '?embed&controls=w,smooth&lang=en');
    await embed.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
    await embed.locator('#w').fill('2.5');
    await embed.locator('#smooth').check();
    await unfocus(embed);
    await embed.screenshot({ path: 'docs/figure.png' });
  }

  if (wanted('lesson')) {
    // As lesson 5's card writes its embed code: its size and its controls (the try, the stats, the player).
    const lesson = await open({ viewport: { width: 640, height: 560 } }, '?embed&lesson=5&controls=w,stats,play,step&lang=en');
    await lesson.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
    await lesson.locator('#w').fill('2.5');
    await lesson.waitForFunction(() => /39/.test(document.getElementById('badge-value')?.textContent ?? ''));
    await unfocus(lesson);
    await lesson.screenshot({ path: 'docs/lesson.png' });
  }

  // Lesson 18 with Curve ticked: the curve through the smoothed path, its last piece left straight (orange),
  // the card beside the map.
  for (const [name, query] of [['screenshot-curve', '?lesson=18&lang=en'], ['screenshot-curve-zh', '?lesson=18&lang=zh']]) {
    if (!wanted(name)) continue;
    const page = await open({ viewport: { width: 1366, height: 768 } }, query);
    await page.waitForSelector('[data-testid="lesson-card"]');
    await page.locator('#curve').check();
    await page.waitForFunction(() => /1/.test(document.querySelector('[data-stat="length"] small')?.textContent ?? '') && document.querySelector('[data-testid="legend"] li[data-mark="curve-straight"]'));
    await unfocus(page);
    await page.screenshot({ path: `docs/${name}.png` });
  }

  // The demo map with a hugging penalty of 0.5 and two watchers (danger 5): the path keeps out of their circles,
  // the penalty fields open in the Map part.
  for (const [name, query] of [['screenshot-penalties', '?lang=en'], ['screenshot-penalties-zh', '?lang=zh']]) {
    if (!wanted(name)) continue;
    const page = await open({ viewport: { width: 1366, height: 768 } }, query);
    await page.waitForSelector('#app[data-phase="finished"]');
    await page.evaluate(() =>
      window.astarPlayground.edit((pg) => {
        pg.setPenalties(5, 50, 0, Uint32Array.from([9, 9, 4, 18, 3, 3]));
        return true;
      }),
    );
    await page.waitForSelector('[data-testid="legend"] li[data-mark="watcher"]');
    await page.locator('button[data-part="map"]').click();
    await page.locator('#hug-penalty').scrollIntoViewIfNeeded();
    await unfocus(page);
    await page.screenshot({ path: `docs/${name}.png` });
  }

  // The demo map with 4 neighbours and a turn penalty of 1, set in its field as a reader does (the second
  // module is fetched first): each turn of the path marked, the legend's entry, the fields in the Map part.
  for (const [name, query] of [['screenshot-turns', '?lang=en'], ['screenshot-turns-zh', '?lang=zh']]) {
    if (!wanted(name)) continue;
    const page = await open({ viewport: { width: 1366, height: 768 } }, query);
    await page.waitForSelector('#app[data-phase="finished"]');
    await page.locator('#movement').selectOption('4');
    await page.locator('#penalties-toggle').click();
    await page.locator('#turn-penalty').fill('1');
    await page.locator('#turn-penalty').press('Enter');
    await page.waitForSelector('[data-testid="legend"] li[data-mark="turn"]', { timeout: 30_000 });
    await page.locator('button[data-part="map"]').click();
    await page.locator('#turn-penalty').scrollIntoViewIfNeeded();
    await unfocus(page);
    await page.screenshot({ path: `docs/${name}.png` });
  }

  if (wanted('screenshot-compare')) {
    const compare = await open({ viewport: { width: 1280, height: 800 } }, '?lang=en&compare&b=,,2.5');
    await compare.waitForSelector('[data-testid="compare-stats"]');
    await compare.waitForSelector('#sweep[data-state="done"]');
    await compare.screenshot({ path: 'docs/screenshot-compare.png' });
  }

  // The heap panel part-way through A* on a random map with forest and swamp, stepped until a stale entry
  // shows in the array (reduced motion: no move is caught half-way).
  if (wanted('screenshot-heap')) {
    const heap = await open({ viewport: { width: 1280, height: 1000 }, reducedMotion: 'reduce' }, '?lang=en');
    await heap.waitForSelector('#app[data-phase="finished"]');
    for (const [id, value] of [['map-width', '24'], ['map-height', '24'], ['seed', '3'], ['share-forest', '30'], ['share-swamp', '25']]) {
      await heap.locator(`#${id}`).fill(value);
    }
    await heap.getByRole('button', { name: 'Random map' }).click();
    await heap.waitForSelector('#app[data-phase="edited"]');
    await heap.locator('[data-testid="heap"] > summary').click();
    await heap.locator('#reset').click();
    for (let k = 1; k <= 400; k++) {
      await heap.locator('#step').click();
      await heap.waitForFunction((n) => document.querySelector('[data-testid="heap"]')?.dataset.settled === String(n), k);
      if (k >= 40 && (await heap.locator('[data-testid="heap"] .heap-array [data-stale="true"]').count()) > 0) break;
    }
    await heap.getByTestId('heap').screenshot({ path: 'docs/screenshot-heap.png' });
  }
  // Units mode on a 96 × 64 rooms map, 500 units walking to the rally point (the goal) with A* whose w rises
  // with the queue, 2 ms of search a frame; two seconds in, the queue partly served.
  for (const [name, query, viewport] of [
    ['screenshot-units', '?lang=en', { width: 1366, height: 768 }],
    ['screenshot-units-zh', '?lang=zh', { width: 1366, height: 768 }],
    ['units-phone', '?lang=en', { width: 390, height: 844 }],
  ]) {
    if (!wanted(name) || (name === 'units-phone' && !only)) continue;
    const phone = viewport.width < 600;
    const page = await open(phone ? { viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport }, query);
    await page.waitForSelector('#app[data-phase="finished"]');
    for (const [id, value] of [['map-width', '96'], ['map-height', '64'], ['room', '8'], ['seed', '4']]) await page.locator(`#${id}`).fill(value);
    await page.locator('#gen-rooms').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="grid"]')?.dataset.mapWidth === '96');
    await page.evaluate(() => window.astarPlayground.units.start({ count: 500, planner: 'auto-w', goal: 'rally', budget: 2 }));
    await page.waitForFunction(() => (window.astarPlayground.units.stats()?.frame ?? 0) > 150);
    await unfocus(page);
    await page.screenshot({ path: phone ? `/tmp/${name}.png` : `docs/${name}.png` });
  }
  // Mesh mode on a 96 × 64 rooms map (forest and swamp made plain by the card's one-click fix): the merged
  // triangle mesh, Polyanya 12 steps into its search (the latest node's cone, its successors), the lengths
  // of the other ways beside it.
  for (const [name, query, viewport] of [
    ['screenshot-mesh', '?lang=en', { width: 1366, height: 768 }],
    ['screenshot-mesh-zh', '?lang=zh', { width: 1366, height: 768 }],
    ['mesh-phone', '?lang=en', { width: 390, height: 844 }],
  ]) {
    if (!wanted(name) || (name === 'mesh-phone' && !only)) continue;
    const phone = viewport.width < 600;
    const page = await open(phone ? { viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport }, query);
    await page.waitForSelector('#app[data-phase="finished"]');
    for (const [id, value] of [['map-width', '96'], ['map-height', '64'], ['room', '8'], ['seed', '4']]) await page.locator(`#${id}`).fill(value);
    await page.locator('#gen-rooms').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="grid"]')?.dataset.mapWidth === '96');
    await page.evaluate(() => window.astarPlayground.mesh.start({ kind: 'triangles', search: 'polyanya' }));
    await page.waitForSelector('[data-testid="mesh"]');
    if (await page.getByTestId('mesh-fix').isVisible()) await page.getByTestId('mesh-fix').click();
    await page.waitForFunction(() => window.astarPlayground.mesh.stats()?.outcome === 'found');
    for (let k = 0; k < 12; k++) await page.getByTestId('mesh-step').click();
    await unfocus(page);
    await page.screenshot({ path: phone ? `/tmp/${name}.png` : `docs/${name}.png` });
  }
  console.log(`wrote the pictures: ${only ? only.join(', ') : 'all'}`);
} finally {
  await browser.close();
  await site.close();
}
