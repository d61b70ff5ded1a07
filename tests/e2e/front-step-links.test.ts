// The animation step in links, and edits of a search in progress: Step, Reset and the timeline reach the
// address bar, "Copy link" and the embed code without adding undo steps; an edit after Step or Pause does
// not claim the goal became reachable again; a click on the start marker is not an edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cellCentre, ends, message, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

async function press(page: Page, name: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.getByRole('button', { name, exact: true }).click();
}

/** Waits until the address bar holds a fragment other than `old`, and returns the whole URL. */
async function nextUrl(page: Page, old: string): Promise<string> {
  await page.waitForFunction((previous) => location.hash.length > 1 && location.href !== previous, old);
  return page.url();
}

/**
 * Like `nextUrl`, then waits until the address bar has stayed the same for a second: ten Step clicks on
 * a loaded machine can come more than the keeper's 250 ms settle time apart, so the first new fragment
 * may be an intermediate step's.
 */
async function settledUrl(page: Page, old: string): Promise<string> {
  let url = await nextUrl(page, old);
  for (;;) {
    await page.waitForTimeout(1000);
    if (page.url() === url) return url;
    url = page.url();
  }
}

test('Reset then Step × 10: the address bar, Copy link and the embed code open at step 10', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const finished = page.url();
  await press(page, 'Reset');
  await press(page, 'Step', 10);
  assert.equal(await stat(page, 'expanded'), 10);
  const stepped = await settledUrl(page, finished);
  assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled(), 'stepping is not an edit to undo');

  await press(page, 'Copy link');
  await page.waitForFunction(() => /Link copied|did not allow copying/.test(document.getElementById('message')!.textContent ?? ''));
  assert.equal(page.url(), stepped, 'Copy link records the same view as the address bar');
  const code = await page.getByLabel('Embed code').inputValue();
  assert.ok(code.includes(new URL(stepped).hash), 'the embed code box follows the link');

  const fresh = await openPage(site.browser, stepped);
  await ready(fresh.page, { shareControls: true });
  await fresh.page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '10');
  assert.equal(await fresh.page.locator('#app').getAttribute('data-phase'), 'paused');
  // The timeline too: step 40 reaches the link.
  await fresh.page.getByLabel('Timeline', { exact: true }).fill('40');
  const seeked = await nextUrl(fresh.page, fresh.page.url());
  const again = await openPage(site.browser, seeked);
  await ready(again.page, { shareControls: true });
  await again.page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '40');
  assert.deepEqual([...errors, ...fresh.errors, ...again.errors], []);
  await again.page.context().close();
  await fresh.page.context().close();
  await page.context().close();
});

test('the embed code box follows edits, not only the page as it loaded', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const atLoad = await page.getByLabel('Embed code').inputValue();
  const url = page.url();
  await page.getByLabel('Heuristic weight w', { exact: true }).fill('2.5');
  const edited = await nextUrl(page, url);
  await page.waitForFunction((hash) => (document.getElementById('embed-code') as HTMLTextAreaElement).value.includes(hash), new URL(edited).hash);
  assert.notEqual(await page.getByLabel('Embed code').inputValue(), atLoad);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an edit after Step or Pause does not say the goal is reachable again', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  await press(page, 'Reset');
  await press(page, 'Step', 10);
  const paint = async (x: number, y: number) => {
    const at = await cellCentre(page, x, y);
    await page.mouse.click(at.x, at.y);
    await page.waitForSelector('#app[data-phase="edited"]');
  };
  // A wall in the top-left corner, far from the path.
  await paint(0, 0);
  const afterStep = (await message(page)).text;
  assert.doesNotMatch(afterStep, /reachable again/);
  assert.equal(afterStep, `The path costs ${await stat(page, 'cost')}.`);

  // Paused in the middle of an animation (1 expansion a second, so it cannot finish first).
  await page.getByLabel('Speed', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.waitForSelector('#app[data-phase="paused"]');
  await paint(1, 0);
  assert.doesNotMatch((await message(page)).text, /reachable again/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a click on the start marker without moving it is not an edit', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const before = await ends(page);
  const at = await cellCentre(page, before.start[0], before.start[1]);
  await page.mouse.click(at.x, at.y);
  assert.equal(await page.locator('#app').getAttribute('data-phase'), 'finished');
  assert.deepEqual(await ends(page), before);
  await page.waitForTimeout(400); // longer than an edit takes to settle into an undo step
  assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled(), 'no undo step for a click on S');
  assert.deepEqual(errors, []);
  await page.context().close();
});
