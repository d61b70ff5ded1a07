// What the lessons' end-to-end files (lessons.test.ts, lesson-links.test.ts) share: waiting for a lesson
// to be shown, reading a number once the page has settled, setting a lesson's "try" control the way a
// reader does and checking that its watched number does what the lesson's `expect` says.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE_SETTINGS, watchSelector, type Lesson } from '../../www/lessons/data.js';

/** The width of the map a lesson opens on. */
export function mapWidth(lesson: Lesson): number {
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
export async function lessonShown(page: Page, lesson: Lesson, { card = true } = {}): Promise<void> {
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
      !(window as unknown as { astarPlayground?: { solving: boolean } }).astarPlayground?.solving &&
      document.querySelector('[data-stat="expanded"]')?.textContent !== '0',
    [mapWidth(lesson), settings.algorithm, settings.heuristic, settings.movement, settings.w] as const,
    { timeout: 20_000 },
  );
  assert.equal(Number(await page.locator('#w').inputValue()), settings.w, `lesson ${lesson.number}: w`);
}

/** The watched number's text once the page has settled (the same reading twice, 150 ms apart). */
export async function settledText(page: Page, selector: string): Promise<string> {
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
export const numberIn = (text: string) => parseFloat(text.replace(/[,\s]/g, '').replace(/^[^0-9+-]*/, ''));

/** Sets the lesson's "try" control to its target the way a reader does, by the control's id. */
export async function setControl(page: Page, id: string, value: string): Promise<void> {
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
export async function checkExpectation(page: Page, lesson: Lesson): Promise<void> {
  const { control, value, stat, relation, expected } = lesson.expect;
  const selector = watchSelector(stat);
  const target = page.getByTestId('lesson-target-value');
  if (await page.getByTestId('lesson-card').count()) {
    // A control a chunk adds (the penalties') is marked when the chunk has put it on the page.
    await page.locator(`#${control}.lesson-target`).waitFor({ timeout: 20_000 }).catch(() => undefined);
    assert.equal(await page.locator(`#${control}.lesson-target`).count(), 1, `lesson ${lesson.number}: #${control} is highlighted`);
    assert.equal(await target.count(), 1, `lesson ${lesson.number}: the target value is shown`);
    assert.equal(await page.locator(`${selector}.lesson-watch`).count(), 1, `lesson ${lesson.number}: the watched number is marked`);
  }
  const before = await settledText(page, selector);
  await setControl(page, control, value);
  if (relation === 'unchanged') await page.waitForTimeout(200);
  else {
    // The number changes once the page has applied the control (settled below); if it never does, the
    // assertions below say so.
    await page
      .waitForFunction(([sel, was]) => (document.querySelector(sel)?.textContent ?? '').trim() !== was, [selector, before] as const, { timeout: 2_000 })
      .catch(() => undefined);
  }
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
