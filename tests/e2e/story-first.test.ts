// The page organised around the article's figure (issue "the article's story first", part 1): on every
// laptop window, in English and Chinese, the first screen holds the map, the story strip (algorithm, w,
// Smooth path, expanded · path cost · over optimal, the badge) and the player, without scrolling; the
// badge is a caption that never covers a cell; no toggle moves the map's box; the map stays in view while
// the panel's parts scroll by; the file actions sit in one File menu.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearMessage, openPage, ready, useSite } from './harness.js';

const site = useSite();

type Box = { x: number; y: number; width: number; height: number };

async function open(width: number, height: number, query = ''): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, `${site.url}${query}`);
  await opened.page.setViewportSize({ width, height });
  await ready(opened.page);
  return opened;
}

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const same = (a: Box, b: Box) => [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].every((d) => Math.abs(d) < 0.01);

/**
 * Waits until the search of the settings shown has finished, or, with `algorithm`, until that algorithm's
 * search has finished or the page refused it (an error in the status line, cleared by the caller before
 * choosing it): a refusal changes nothing, so there is nothing more to wait for.
 */
async function settled(page: Page, algorithm?: string): Promise<void> {
  await page.waitForFunction(
    (name) => {
      const app = (window as unknown as { astarPlayground?: { settings(): { algorithm: string }; solving: boolean } }).astarPlayground;
      const phase = document.getElementById('app')?.dataset.phase;
      const line = document.getElementById('message');
      const refused = !!name && line?.dataset.kind === 'error' && (line.textContent ?? '') !== '';
      return refused || ((!name || app?.settings().algorithm === name) && !app?.solving && (phase === 'finished' || phase === 'edited'));
    },
    algorithm,
    { timeout: 15_000 },
  );
  // Two frames: a relayout after the search (the legend's entries) has happened.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** What the first screen must hold, by selector. */
const FIRST_SCREEN = [
  '[data-testid="grid"]',
  '#algorithm',
  '#w',
  '#smooth',
  '[data-stat="expanded"]',
  '[data-stat="cost"]',
  '[data-stat="over-optimal"]',
  '[data-testid="badge"]',
  '#play',
  '#reset',
  '#back',
  '#step',
  '#speed',
  '#timeline',
];

for (const [width, height] of [
  [1280, 720],
  [1366, 768],
  [1920, 1080],
]) {
  for (const lang of ['en', 'zh']) {
    test(`${width} × ${height} (${lang}): the map, the story strip and the player are on the first screen, nothing over the map`, async (t) => {
      const { page, errors } = await open(width, height, `?lang=${lang}`);
      // The badge at its longest (a loss and its bound).
      await page.locator('#w').fill('2.5');
      await page.waitForFunction(() => /39/.test(document.getElementById('badge-value')?.textContent ?? ''));
      await settled(page);
      assert.equal(await page.evaluate(() => scrollY), 0);
      const map = await box(page, '[data-testid="grid"]');
      const at: string[] = [];
      for (const selector of FIRST_SCREEN) {
        const b = await box(page, selector);
        assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height, `${selector} at ${JSON.stringify(b)}: inside the ${width} × ${height} window`);
        if (selector !== '[data-testid="grid"]') assert.ok(!overlaps(b, map), `${selector} at ${JSON.stringify(b)} is off the map ${JSON.stringify(map)}`);
        at.push(`${selector} y=${Math.round(b.y)}`);
      }
      t.diagnostic(at.join(', '));
      assert.ok(map.width >= width * 0.45, `the map is ${map.width} px wide`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
}

test('no toggle moves the map: Smooth path, the numbers, heat, the optimal path, every algorithm', async () => {
  const { page, errors } = await open(1366, 768);
  const map = () => box(page, '[data-testid="grid"]');
  const before = await map();
  const unchanged = async (what: string) => {
    await settled(page);
    const now = await map();
    assert.ok(same(now, before), `${what}: the map moved from ${JSON.stringify(before)} to ${JSON.stringify(now)}`);
  };
  await page.locator('#smooth').check();
  await unchanged('Smooth path on');
  await page.locator('#smooth').uncheck();
  await unchanged('Smooth path off');
  for (const numbers of ['h', 'f', 'none', 'g']) {
    await page.locator('#numbers').selectOption(numbers);
    await unchanged(`numbers ${numbers}`);
  }
  await page.locator('#heat').check();
  await unchanged('heat on');
  await page.locator('#heat').uncheck();
  await page.locator('#w').fill('2.5');
  await page.waitForFunction(() => /39/.test(document.getElementById('badge-value')?.textContent ?? ''));
  await unchanged('w = 2.5');
  await page.locator('#show-optimal').check();
  await unchanged('the optimal path shown');
  await page.locator('#show-optimal').uncheck();
  await page.locator('#w').fill('1');
  const names = await page.locator('#algorithm option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  assert.ok(names.length >= 10, `${names.length} algorithms in the menu`);
  for (const name of [...names, 'astar']) {
    await clearMessage(page);
    await page.locator('#algorithm').selectOption(name);
    await settled(page, name);
    await unchanged(`algorithm ${name}`);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the panel scrolls by parts while the map stays where it was', async () => {
  const { page, errors } = await open(1366, 768);
  const map = await box(page, '[data-testid="grid"]');
  for (const part of ['map', 'share', 'search', 'learn']) {
    await page.locator(`.parts-nav [data-part="${part}"]`).click();
    await page.waitForFunction((p) => document.querySelector(`.parts-nav [data-part="${p}"]`)?.getAttribute('aria-current') === 'true', part);
    const nav = await box(page, '.parts-nav');
    const title = await box(page, `#part-${part} > .part-title`);
    if (part !== 'learn') {
      assert.ok(Math.abs(title.y - (nav.y + nav.height)) < 24, `${part}: its title at ${title.y}, under the part buttons (bottom ${nav.y + nav.height})`);
    }
    assert.ok(same(await box(page, '[data-testid="grid"]'), map), `${part}: the map stayed in view, unmoved`);
  }
  // The panel has no scrolling of its own: the page scrolls.
  assert.equal(await page.locator('#panel').evaluate((el) => el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible'), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the file actions are in one File menu: it opens, a choice or Escape closes it', async () => {
  const { page, errors } = await open(1366, 768);
  const item = page.getByRole('button', { name: 'Export .map' });
  assert.equal(await item.isVisible(), false, 'closed at first');
  const file = page.locator('.file-menu > summary');
  assert.equal(await file.textContent(), 'File');
  await file.click();
  for (const name of ['Import map…', 'Export .map', 'Export map text', 'Save .astar', 'Export PNG']) {
    assert.ok(await page.getByRole('button', { name }).isVisible(), `${name} in the menu`);
  }
  await page.keyboard.press('Escape');
  assert.equal(await item.isVisible(), false, 'Escape closed it');
  await file.click();
  await page.getByRole('button', { name: 'Export map text' }).click();
  assert.equal(await item.isVisible(), false, 'a choice closed it');
  // Undo, Redo and Copy link stay buttons of their own.
  for (const name of ['Undo', 'Redo', 'Copy link']) assert.ok(await page.locator('#share-controls > button', { hasText: name }).isVisible(), name);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('in Chinese the parts and the File menu speak Chinese', async () => {
  const { page, errors } = await open(1366, 768, '?lang=zh');
  assert.equal(await page.locator('.file-menu > summary').textContent(), '文件');
  const parts = await page.locator('.parts-nav button').allTextContents();
  assert.deepEqual(parts, ['学习', '搜索', '地图', '分享与嵌入']);
  assert.deepEqual(errors, []);
  await page.context().close();
});
