// The playground page as a person meets it: it loads, shows a solved map, and animates on Play.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, serveDist, stat } from './harness.js';

let browser: Browser;
let server: { url: string; close: () => Promise<void> };

before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('the page loads without console errors and shows a solved path', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  assert.ok((await stat(page, 'expanded')) > 0);
  assert.ok((await stat(page, 'cost')) > 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Step adds exactly one expansion', async () => {
  const { page } = await openPage(browser, server.url);
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  await page.getByRole('button', { name: 'Reset' }).click();
  const before = await stat(page, 'expanded');
  await page.getByRole('button', { name: 'Step' }).click();
  assert.equal(await stat(page, 'expanded'), before + 1);
  await page.context().close();
});
