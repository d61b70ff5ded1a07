// The expansion budget: a whole number in the Budget field stops every search after that many expansions
// and draws the path to the reached cell closest to the goal, the badge saying it is partial; the budget
// travels in the link (format 2) and comes back with it; a bad value is refused with a message and
// changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { message, openPage, ready, stat, useSite } from './harness.js';

const site = useSite();

test('a budget stops the search, says the path is partial, and travels in the link', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const full = await stat(page, 'expanded');
  assert.ok(full > 20, `the demo expands ${full} cells`);
  const budget = page.getByLabel('Budget', { exact: true });

  await budget.fill('15');
  await budget.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '15');
  const badge = (await page.getByTestId('badge').textContent()) ?? '';
  assert.match(badge, /partial path/);
  assert.ok(await stat(page, 'cost') > 0, 'a partial path is drawn and costed');
  await page.waitForFunction(() => location.hash.length > 1);
  const link = await page.evaluate(() => location.href);

  // A bad value: refused, with a message; the search keeps its budget.
  await budget.fill('2.5');
  await budget.press('Enter');
  assert.match((await message(page)).text, /Budget "2.5" is not allowed/);
  assert.equal(await stat(page, 'expanded'), 15);

  // The link reopens with the budget in the field and the same partial search.
  const reopened = await openPage(site.browser, link);
  await ready(reopened.page);
  assert.equal(await reopened.page.getByLabel('Budget', { exact: true }).inputValue(), '15');
  assert.equal(await stat(reopened.page, 'expanded'), 15);

  // Emptying the field removes the budget: the whole search again.
  await budget.fill('');
  await budget.press('Enter');
  await page.waitForFunction((n) => document.querySelector('[data-stat="expanded"]')?.textContent === String(n), full);
  assert.deepEqual(errors, []);
  assert.deepEqual(reopened.errors, []);
  await page.context().close();
  await reopened.page.context().close();
});
