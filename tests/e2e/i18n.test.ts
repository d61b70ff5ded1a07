// The page in Chinese, read the way a person reads it: with ?lang=zh every text node shown, every option
// of a shown menu, every title, aria-label, placeholder and tooltip, and the status line after the actions
// and errors a lesson runs into, hold no English word outside a short allow-list (algorithm and file
// names, the search's letters, keys). Also the embed with its legend, the language chosen without ?lang
// (the browser's languages), and links and embed code that keep the language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { cellCentre, clearMessage, newContext, openPage, ready, useSite } from './harness.js';

const site = useSite();

/**
 * Latin words a Chinese page may show: names (A*, JPS, Theta*, ARA*, Dijkstra, Polyanya, Delaunay, Catmull-Rom, Moving AI), the search's letters
 * (w, g, h, f) and coordinates (x, y), the start and goal markers and keys (S, G, Ctrl, Shift, C, Y, Z),
 * units and formats (MB, PNG, GIF, HTML), the language menu's own name for English, and compare mode's
 * panes (A and B, as its address names them).
 */
const ALLOWED = new Set(['A', 'B', 'JPS', 'HPA', 'ARA', 'Theta', 'D', 'Lite', 'Dijkstra', 'Polyanya', 'Delaunay', 'Catmull', 'Rom', 'Moving', 'AI', 'w', 'g', 'h', 'f', 'x', 'y', 'S', 'G', 'Ctrl', 'Shift', 'C', 'Y', 'Z', 'MB', 'KB', 'PNG', 'ZIP', 'WebM', 'GIF', 'N', 'HTML', 'English']);

/** The Latin words of `text` outside ALLOWED (file extensions and the map formats' own keywords removed first). */
function englishWords(text: string): string[] {
  const stripped = text
    .replace(/[\w-]*\.(map\.scen|map|scen|txt|astar|png)\b/gi, ' ')
    .replace(/astar-map 1|type octile/g, ' ');
  return (stripped.match(/[A-Za-z]+/g) ?? []).filter((word) => !ALLOWED.has(word));
}

/** Every string the document in `target` shows or gives to assistive technology, with where it was found. */
async function shownStrings(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!text || !parent || parent.closest('script, style, textarea')) continue;
      // A closed menu's options are read when it opens: they count whenever the menu is shown.
      const shownAt = parent.closest('select') ?? parent;
      if (shownAt.checkVisibility()) out.push(`text: ${text}`);
    }
    for (const attribute of ['title', 'aria-label', 'placeholder']) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) out.push(`${attribute}: ${element.getAttribute(attribute)}`);
    }
    for (const tip of document.querySelectorAll('[role="tooltip"]')) out.push(`tooltip: ${tip.textContent}`);
    out.push(`status: ${document.getElementById('message')?.textContent ?? ''}`);
    out.push(`title: ${document.title}`);
    return out;
  });
}

/** Fails listing every string with an English word left in it. */
async function assertChinese(target: Page | Frame, where: string): Promise<void> {
  const strings = await shownStrings(target);
  const english = strings.filter((s) => englishWords(s.replace(/^[a-z-]+: /, '')).length > 0);
  assert.deepEqual(english, [], `${where}: strings left in English`);
}

/** The status line now (waits until it says something). */
async function nextStatus(page: Page): Promise<string> {
  await page.waitForFunction(() => (document.getElementById('message')?.textContent ?? '') !== '');
  return (await page.locator('#message').textContent()) ?? '';
}

test('the allow-list check itself: English words are caught, names, letters and extensions pass', () => {
  assert.deepEqual(englishWords('A* 和 Theta* 用 w、g、h；导出 .map 与 arena.map.scen'), []);
  assert.deepEqual(englishWords('路径代价 31 · found 30'), ['found']);
  assert.deepEqual(englishWords('optimal ≤ 1.5 × optimal'), ['optimal', 'optimal']);
});

test('?lang=zh: the whole page, the legend of several algorithms and the status line are Chinese', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh`);
  await ready(page);
  await page.waitForSelector('#sweep[data-state="done"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.locator('#play').textContent(), '播放');
  await assertChinese(page, 'the page as it opens');

  // Several algorithms, each with its own marks in the legend; heat, smoothing and w > 1 on the way.
  const algorithm = page.locator('#algorithm');
  for (const name of ['bidirectional', 'dijkstra', 'greedy', 'bfs', 'dynamic', 'astar']) {
    await algorithm.selectOption(name);
    await page.waitForFunction((n) => (document.getElementById('algorithm') as HTMLSelectElement).value === n, name);
    await assertChinese(page, `algorithm ${name}`);
  }
  await page.locator('#heat').check();
  await page.locator('#smooth').check();
  await page.locator('#w').fill('2.5');
  await page.waitForFunction(() => document.getElementById('w-value')?.textContent === '2.5');
  assert.equal(await page.locator('#badge-bound').textContent(), 'w = 2.5 保证代价不超过最优的 2.5 倍');
  await assertChinese(page, 'heat, smoothing, w = 2.5');

  // An animation: the status and badge while searching.
  await page.locator('#speed').fill('10');
  await page.locator('#play').click();
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  assert.equal(await page.locator('#play').textContent(), '暂停');
  await assertChinese(page, 'playing');
  await page.locator('#play').click();

  // Errors: an algorithm the map refuses (the core's refusal, written in Chinese from its code: every
  // reason at once), a budget that is not allowed, the start put on a wall, a link that cannot be opened.
  // JPS comes in the module fetched on demand: the refusal follows the fetch.
  await algorithm.selectOption('jps');
  const refusal = '跳点搜索（JPS） 需要 8 邻域移动和各步代价相同：这张地图上有不同代价的地形。仍显示 A*。';
  await page.waitForFunction((text) => document.getElementById('message')?.textContent === text, refusal);
  await assertChinese(page, 'JPS refused');
  await clearMessage(page);
  await page.locator('#budget').fill('0');
  await page.locator('#budget').press('Enter');
  assert.match(await nextStatus(page), /扩展预算/);
  await assertChinese(page, 'a budget of 0');
  await clearMessage(page);
  await page.locator('#budget').fill('');
  await page.locator('#budget').press('Enter');

  // Paint a wall at (0, 0), then press S with the keyboard cursor there.
  await page.getByRole('radio', { name: '墙' }).check();
  const corner = await cellCentre(page, 0, 0);
  await page.mouse.click(corner.x, corner.y);
  await page.locator('#grid').focus();
  await page.evaluate(() => {
    (window as unknown as { astarPlayground: { cursor: { x: number; y: number } } }).astarPlayground.cursor = { x: 0, y: 0 };
  });
  await clearMessage(page);
  await page.keyboard.press('s');
  assert.match(await nextStatus(page), /起点不能放在墙上/);
  await assertChinese(page, 'the start on a wall');

  // A cleared map (equal step costs) runs Theta* and, with 8 neighbours, jump point search: their marks too.
  await clearMessage(page);
  await page.locator('#gen-clear').click();
  assert.match(await nextStatus(page), /^新的 \d+ × \d+ 空地图：路径代价为 [\d.]+。$/);
  await page.locator('#movement').selectOption('8');
  for (const name of ['theta', 'jps']) {
    await algorithm.selectOption(name);
    await page.waitForFunction((n) => (document.getElementById('algorithm') as HTMLSelectElement).value === n, name);
    await assertChinese(page, `algorithm ${name} on a cleared map`);
  }
  await page.waitForSelector('[data-testid="legend"] li[data-mark="scanned"]');

  await clearMessage(page);
  await page.evaluate(() => (location.hash = '#AAAA*not-a-link'));
  assert.match(await nextStatus(page), /^此链接无法打开：这个链接已损坏/);
  await assertChinese(page, 'a broken link');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('?lang=zh embed: the bar, the legend and the standalone link are Chinese and keep the language', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?embed&controls=algorithm,heuristic,w,smooth,play,step,stats&legend&lang=zh`);
  await ready(page, { shareControls: false });
  await page.waitForSelector('[data-testid="legend"] li');
  await page.locator('#algorithm').selectOption('bidirectional');
  await page.waitForSelector('[data-testid="legend"] li[data-mark="open-backward"]');
  await assertChinese(page, 'the embed');
  const href = (await page.locator('#standalone').getAttribute('href')) ?? '';
  assert.match(href, /\?lang=zh#/, 'the standalone link opens the full page in Chinese');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('without ?lang the browser’s languages decide; the page picks the first it has', async () => {
  const context = await newContext(site.browser, { locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(site.url);
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.locator('#play').textContent(), '播放');
  await context.close();

  const english = await newContext(site.browser, { locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const forced = await english.newPage();
  await forced.goto(`${site.url}?lang=en`);
  await ready(forced);
  assert.equal(await forced.locator('#play').textContent(), 'Play', '?lang=en wins over the browser');
  await english.close();
});

test('the language menu reopens the page in the other language; links and embed code keep it', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.locator('#w').fill('2');
  await page.waitForFunction(() => document.getElementById('w-value')?.textContent === '2.0');
  await page.waitForFunction(() => location.hash.length > 1);
  await Promise.all([page.waitForURL(/\?lang=zh#/), page.locator('#language').selectOption('zh')]);
  await ready(page, { shareControls: true });
  assert.equal(await page.locator('#play').textContent(), '播放');
  assert.equal(await page.locator('#w-value').textContent(), '2.0', 'the view travelled in the fragment');
  await page.locator('#copy-embed').click();
  const code = await page.locator('#embed-code').inputValue();
  assert.match(code, /&amp;lang=zh/, 'the embed code keeps the language');
  assert.match(code, /title="A\* 寻路演示"/);
  assert.match(page.url(), /\?lang=zh#/, 'a copied link (the address) keeps it');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('?lang=zh in compare mode: both panes, the Compare card and search B\'s refusal are Chinese', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?lang=zh&compare&b=,,2.5`);
  await page.waitForSelector('[data-testid="compare-stats"]');
  await ready(page);
  await assertChinese(page, 'compare mode');
  assert.equal(await page.locator('#compare-toggle').textContent(), '结束比较');
  // JPS comes in the module fetched on demand: search B's refusal follows the fetch.
  await page.locator('#b-algorithm').selectOption('jps');
  await page.waitForFunction(() => (document.getElementById('message')?.textContent ?? '').startsWith('搜索 B：'));
  await assertChinese(page, 'search B refused');
  assert.deepEqual(errors, []);
  await page.context().close();
});
