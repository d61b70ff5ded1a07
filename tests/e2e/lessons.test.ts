// The lessons (www/lessons/) as a reader meets them: the Lessons button in both languages, every lesson
// opened from the gallery (an undoable load) and from its own link (`?lesson=N`, in English and Chinese),
// its "try" control set to the target making its "watch" number do what the lesson's `expect` says, and
// `?embed&lesson=5` showing lesson 5's map and settings. The numbers are read from the page; the lesson
// data only says which control to set and what the number should do. Each lesson's own link, in both
// languages, is tested in lesson-links.test.ts (a file of its own, so that two workers share the lessons).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dragCells, openPage, ready, useSite } from './harness.js';
import { LESSONS } from '../../www/lessons/data.js';
import { checkExpectation, lessonShown, numberIn, setControl, settledText } from './lessons-shared.js';

const site = useSite();

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
    // A lesson in mesh mode opens the mode with its setup; a grid lesson leaves it.
    if (lesson.mesh) await page.waitForFunction((value) => document.querySelector('[data-testid="mesh"]') !== null && new URLSearchParams(location.search).get('mesh') === value, lesson.mesh);
    else assert.equal(await page.getByTestId('mesh').count(), 0, `lesson ${lesson.number}: no mesh mode`);
  }
  // Opening a lesson is one undo step: Undo shows the lesson opened before it.
  const lastLink = new URL(page.url()).hash;
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await lessonShown(page, LESSONS[LESSONS.length - 2], { card: false });
  assert.notEqual(new URL(page.url()).hash, lastLink);
  // A grid lesson opened after one in mesh mode leaves the mode (and the address's `mesh`).
  await page.locator('#lessons-open').click();
  await page.locator('[data-testid="lessons-gallery"] button[data-lesson="1"]').click();
  await lessonShown(page, LESSONS[0]);
  await page.waitForFunction(() => document.querySelector('[data-testid="mesh"]') === null && !new URLSearchParams(location.search).has('mesh'));
  assert.deepEqual(errors, []);
  await page.context().close();
});

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
