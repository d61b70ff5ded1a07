// The lessons (www/lessons/) as a reader meets them: the Lessons button in both languages, every lesson
// opened from the gallery (an undoable load) and from its own link (`?lesson=N`, in English and Chinese),
// its "try" control set to the target making its "watch" number do what the lesson's `expect` says, and
// `?embed&lesson=5` showing lesson 5's map and settings. The numbers are read from the page; the lesson
// data only says which control to set and what the number should do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dragCells, openPage, ready, useSite } from './harness.js';
import { BASE_SETTINGS, LESSONS, watchSelector, type Lesson } from '../../www/lessons/data.js';

const site = useSite();

/** The width of the map a lesson opens on. */
function mapWidth(lesson: Lesson): number {
  const map = lesson.map;
  if (map.kind === 'demo') return 24;
  if (map.kind === 'text') return map.rows[0].length;
  return map.width;
}

/**
 * Waits until the page shows `lesson`'s map and settings, solved, and its card (unless an embed). The card
 * first: it comes once the lesson's view is shown, and the demo page the lesson replaces may already
 * match the lesson's map and most of its settings (lesson 10 is the demo at w = 2.5).
 */
async function lessonShown(page: Page, lesson: Lesson, { card = true } = {}): Promise<void> {
  const settings = { ...BASE_SETTINGS, ...lesson.settings };
  if (card) await page.waitForSelector(`[data-testid="lesson-card"][data-lesson="${lesson.number}"]`, { timeout: 20_000 });
  await page.waitForFunction(
    ([width, algorithm, heuristic, movement, w]) =>
      document.querySelector('[data-testid="grid"]')?.getAttribute('data-map-width') === String(width) &&
      document.querySelector<HTMLSelectElement>('#algorithm')?.value === algorithm &&
      document.querySelector<HTMLSelectElement>('#heuristic')?.value === heuristic &&
      document.querySelector<HTMLSelectElement>('#movement')?.value === String(movement) &&
      Number(document.querySelector<HTMLInputElement>('#w')?.value) === w &&
      document.getElementById('app')?.dataset.phase === 'finished' &&
      document.querySelector('[data-stat="expanded"]')?.textContent !== '0',
    [mapWidth(lesson), settings.algorithm, settings.heuristic, settings.movement, settings.w] as const,
    { timeout: 20_000 },
  );
  assert.equal(Number(await page.locator('#w').inputValue()), settings.w, `lesson ${lesson.number}: w`);
}

/** The watched number's text once the page has settled (the same reading twice, 150 ms apart). */
async function settledText(page: Page, selector: string): Promise<string> {
  let last: string | null = null;
  for (let i = 0; i < 40; i++) {
    // A settings change re-solves to 'finished'; an edit (a terrain cost) to 'edited'.
    await page.waitForSelector('#app:is([data-phase="finished"], [data-phase="edited"])');
    const now = ((await page.locator(selector).textContent()) ?? '').trim();
    if (now === last) return now;
    last = now;
    await page.waitForTimeout(150);
  }
  return last ?? '';
}

/** A number as the page prints it ("6,889", "31.0", "39%", "+39%"). */
const numberIn = (text: string) => parseFloat(text.replace(/[,\s]/g, '').replace(/^[^0-9+-]*/, ''));

/** Sets the lesson's "try" control to its target the way a reader does, by the control's id. */
async function setControl(page: Page, id: string, value: string): Promise<void> {
  const control = page.locator(`#${id}`);
  const kind = await control.evaluate((el) => (el instanceof HTMLSelectElement ? 'select' : (el as HTMLInputElement).type));
  if (kind === 'select') await control.selectOption(value);
  else if (kind === 'checkbox') await control.setChecked(value === 'on');
  else if (kind === 'range') {
    await control.evaluate((el, v) => {
      (el as HTMLInputElement).value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
  } else {
    await control.fill(value);
    await control.press('Enter');
    await control.dispatchEvent('change');
  }
  if (kind === 'select') {
    await page.waitForFunction(([i, v]) => document.querySelector<HTMLSelectElement>(`#${i}`)?.value === v, [id, value] as const, { timeout: 20_000 });
  }
}

/** Sets the lesson's control and checks its watched number does what `expect` says. */
async function checkExpectation(page: Page, lesson: Lesson): Promise<void> {
  const { control, value, stat, relation, expected } = lesson.expect;
  const selector = watchSelector(stat);
  const target = page.getByTestId('lesson-target-value');
  if (await page.getByTestId('lesson-card').count()) {
    assert.equal(await page.locator(`#${control}.lesson-target`).count(), 1, `lesson ${lesson.number}: #${control} is highlighted`);
    assert.equal(await target.count(), 1, `lesson ${lesson.number}: the target value is shown`);
    assert.equal(await page.locator(`${selector}.lesson-watch`).count(), 1, `lesson ${lesson.number}: the watched number is marked`);
  }
  const before = await settledText(page, selector);
  await setControl(page, control, value);
  await page.waitForTimeout(200);
  const after = await settledText(page, selector);
  const message = `lesson ${lesson.number}: ${stat} ${before} → ${after} after #${control} = ${value}`;
  if (relation === 'shows') assert.equal(after, expected, message);
  else if (relation === 'decreases') assert.ok(numberIn(after) < numberIn(before), message);
  else if (relation === 'increases') assert.ok(numberIn(after) > numberIn(before), message);
  else assert.equal(after, before, message);
  if (relation !== 'unchanged') assert.notEqual(after, before, `${message}: the number changed`);
  if (lesson.expect.keeps) {
    const kept = await settledText(page, watchSelector(lesson.expect.keeps.stat));
    assert.equal(kept, lesson.expect.keeps.expected, `lesson ${lesson.number}: ${lesson.expect.keeps.stat} afterwards`);
  }
}

test('the Lessons button is beside the title in English and Chinese, and not in an embed', async () => {
  for (const [query, label] of [['', 'Lessons'], ['?lang=zh', '课程']]) {
    const { page, errors } = await openPage(site.browser, site.url + query);
    await ready(page);
    const button = page.locator('.toolbar #lessons-open');
    assert.equal((await button.textContent())?.trim(), label);
    await button.click();
    const gallery = page.getByTestId('lessons-gallery');
    await gallery.waitFor();
    assert.equal(await gallery.locator('button[data-lesson]').count(), LESSONS.length);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
  const { page } = await openPage(site.browser, `${site.url}?embed&controls=w,stats`);
  await ready(page);
  assert.equal(await page.locator('#lessons-open').count(), 0);
  await page.context().close();
});

test('every lesson opens from the gallery, and Undo goes back to what was shown', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  for (const lesson of LESSONS) {
    await page.locator('#lessons-open').click();
    await page.locator(`[data-testid="lessons-gallery"] button[data-lesson="${lesson.number}"]`).click();
    await lessonShown(page, lesson);
    assert.equal(new URL(page.url()).searchParams.get('lesson'), String(lesson.number));
    const title = (await page.locator('[data-testid="lesson-card"] h2').textContent()) ?? '';
    assert.match(title, new RegExp(`^Lesson ${lesson.number}: `));
  }
  // Opening a lesson is one undo step: Undo shows the lesson opened before it.
  const lastLink = new URL(page.url()).hash;
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await lessonShown(page, LESSONS[LESSONS.length - 2], { card: false });
  assert.notEqual(new URL(page.url()).hash, lastLink);
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const lesson of LESSONS) {
  test(`lesson ${lesson.number} opens from its link in English and Chinese, and its "try" does what it says`, async () => {
    const texts: Record<string, string> = {};
    for (const lang of ['en', 'zh']) {
      const { page, errors } = await openPage(site.browser, `${site.url}?lesson=${lesson.number}&lang=${lang}`);
      await lessonShown(page, lesson);
      const card = page.getByTestId('lesson-card');
      texts[lang] = (await card.innerText()).trim();
      const link = await page.getByTestId('lesson-link').inputValue();
      assert.match(link, new RegExp(`\\?lesson=${lesson.number}&lang=${lang}$`));
      const embed = await page.getByTestId('lesson-embed').inputValue();
      assert.match(embed, new RegExp(`^<iframe src="[^"]*\\?embed&amp;lesson=${lesson.number}&amp;`));
      await checkExpectation(page, lesson);
      assert.deepEqual(errors, [], `lesson ${lesson.number} (${lang})`);
      await page.context().close();
    }
    assert.doesNotMatch(texts.en, /[\u4e00-\u9fff]/, 'the English card has no Chinese');
    assert.ok((texts.zh.match(/[\u4e00-\u9fff]/g) ?? []).length > 40, 'the Chinese card is in Chinese');
    assert.notEqual(texts.zh, texts.en);
  });
}

test('lesson 13: a wall painted on the D* Lite path is repaired for fewer expansions than a fresh A*', async () => {
  const lesson = LESSONS.find((l) => l.number === 13)!;
  const { page, errors } = await openPage(site.browser, `${site.url}?lesson=13`);
  await lessonShown(page, lesson);
  await checkExpectation(page, lesson);
  // The middle cell of the path shown, as the core gives it.
  const [x, y] = await page.evaluate(() => {
    const pg = (window as unknown as { astarPlayground: { pg: { optimalPath(): Uint32Array; width(): number } } }).astarPlayground.pg;
    const path = pg.optimalPath();
    const cell = path[Math.floor(path.length / 2)];
    return [cell % pg.width(), Math.floor(cell / pg.width())];
  });
  // The card is closed first: it floats over the page and may cover the cell.
  await page.getByTestId('lesson-card').getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Wall', { exact: true }).check();
  await dragCells(page, [[x, y]]);
  const line = page.getByTestId('repair-line');
  await line.waitFor({ state: 'visible' });
  const counts = await line.evaluate((el: HTMLElement) => ({ repair: Number(el.dataset.repair), fresh: Number(el.dataset.fresh) }));
  assert.ok(counts.repair > 0 && counts.repair < counts.fresh, JSON.stringify(counts));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('lesson 14: HPA* pays on its rooms map and barely on the random obstacles the card offers instead', async () => {
  const lesson = LESSONS.find((l) => l.number === 14)!;
  const { page, errors } = await openPage(site.browser, `${site.url}?lesson=14`);
  /** A*'s expansions, then HPA*'s with its insertion's, on the map shown. */
  const work = async () => {
    await page.locator('#algorithm').selectOption('astar');
    await page.waitForSelector('#app[data-phase="finished"]');
    const astar = numberIn(await settledText(page, '[data-stat="expanded"]'));
    await setControl(page, 'algorithm', 'hpa');
    await page.waitForSelector('[data-stat="insertion-expanded"]', { timeout: 20_000 });
    const hpa = numberIn(await settledText(page, '[data-stat="expanded"]')) + numberIn(await settledText(page, '[data-stat="insertion-expanded"]'));
    return { astar, hpa, share: hpa / astar };
  };
  await lessonShown(page, lesson);
  const rooms = await work();
  await page.getByTestId('lesson-contrast').click();
  const contrast = lesson.contrast!;
  await lessonShown(page, { ...lesson, map: contrast });
  const random = await work();
  assert.ok(rooms.share < 0.25, `rooms: HPA* does a small share of A*'s work ${JSON.stringify(rooms)}`);
  assert.ok(random.share > 0.5, `random obstacles: HPA* saves little ${JSON.stringify(random)}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a lesson link that carries a view of its own (the reader’s changes, reloaded) opens that view', async () => {
  const lesson = LESSONS.find((l) => l.number === 5)!;
  const { page, errors } = await openPage(site.browser, `${site.url}?lesson=5`);
  await lessonShown(page, lesson);
  await setControl(page, 'w', '2.5');
  await page.waitForFunction(() => document.getElementById('badge-value')?.textContent === '+39%');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('lesson') === '5' && location.hash.length > 1);
  const changed = page.url();
  await page.waitForTimeout(300);
  await page.reload();
  await page.waitForSelector('[data-testid="lesson-card"][data-lesson="5"]');
  await page.waitForFunction(() => document.getElementById('badge-value')?.textContent === '+39%');
  assert.equal(Number(await page.locator('#w').inputValue()), 2.5, `the reloaded ${changed} keeps w = 2.5`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the embed code in lesson 5’s card opens lesson 5 in embed mode', async () => {
  const lesson = LESSONS.find((l) => l.number === 5)!;
  const { page } = await openPage(site.browser, `${site.url}?lesson=5`);
  await lessonShown(page, lesson);
  const code = await page.getByTestId('lesson-embed').inputValue();
  const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
  await page.context().close();
  const embedded = await openPage(site.browser, src);
  await lessonShown(embedded.page, lesson, { card: false });
  assert.ok(await embedded.page.evaluate(() => document.documentElement.classList.contains('embed')));
  assert.equal(await embedded.page.locator('.embed-bar #w').count(), 1, 'the control to try is in the embed');
  assert.deepEqual(embedded.errors, []);
  await embedded.page.context().close();
});

test('?embed&lesson=5 shows lesson 5’s map and settings, and w = 2.5 gives +39% there', async () => {
  const lesson = LESSONS.find((l) => l.number === 5)!;
  const { page, errors } = await openPage(site.browser, `${site.url}?embed&lesson=5&controls=w,play,step,stats&lang=en`);
  await lessonShown(page, lesson, { card: false });
  assert.equal(await page.locator('#lessons-open').count(), 0, 'no gallery button in an embed');
  assert.equal(await page.getByTestId('lesson-card').count(), 0, 'no card in an embed');
  await page.getByTestId('lesson-caption').waitFor();
  await checkExpectation(page, lesson);
  assert.equal(await settledText(page, '#badge-value'), '+39%');
  // "open standalone" opens the full page on the same lesson, in the view the reader made (w = 2.5).
  await page.locator('#standalone').dispatchEvent('pointerdown');
  const standalone = new URL((await page.locator('#standalone').getAttribute('href')) ?? '', site.url);
  assert.equal(standalone.searchParams.get('lesson'), '5');
  assert.ok(standalone.hash.length > 1, 'the view travels in the fragment');
  const full = await openPage(site.browser, standalone.href);
  await full.page.getByTestId('lesson-card').waitFor();
  await full.page.waitForFunction(() => document.getElementById('w-value')?.textContent === '2.5');
  assert.deepEqual(full.errors, []);
  await full.page.context().close();
  assert.deepEqual(errors, []);
  await page.context().close();
});
