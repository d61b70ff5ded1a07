// Nothing loses a reader's work: a view naming an algorithm whose engine comes in the second wasm module
// (HPA*, JPS+) is recorded in the address bar, saved work, the embed code and Copy link once it is shown,
// so a reload shows it again; and saved work the page did not show (replaced by a link, or unreadable
// here) is kept as a backup with a notice that restores it, instead of being overwritten without a word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { deflateSync, inflateSync } from 'node:zlib';
import { dragCells, ends, openPage, ready, useSite } from './harness.js';

const site = useSite();

const SAVED_KEY = 'astar-playground:saved-view';
const BACKUP_KEY = 'astar-playground:replaced-view';
/** 32 × 20, HPA* with cluster size 8 (issue 25's link). */
const HPA_LINK = 'AyAAFAB42lNgEGFgZGZlZGBkkGMQYuBkesHMwcCgwMHAEDrIAQDFmTa2';
/** 32 × 20, JPS+ (issue 25's link). */
const JPS_PLUS_LINK = 'ASAAFAB42lNgEGFgZGZlZGBkkGMQYuBiesHMwcDAwBA6yAEAqc42jw';

type AppHandle = { astarPlayground: { settings(): { algorithm: string; cluster?: number | null }; phase: string; solving: boolean } };

async function algorithm(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as AppHandle).astarPlayground.settings().algorithm);
}

/** Waits until the page shows a finished search of `name`, recorded in the address bar and saved work. */
async function shownAndRecorded(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => {
    const app = (window as unknown as AppHandle).astarPlayground;
    return app?.settings().algorithm === n && app.phase === 'finished' && !app.solving;
  }, name);
  await page.waitForFunction((key) => location.hash.length > 1 && `#${localStorage.getItem(key)}` === location.hash, SAVED_KEY);
}

async function cluster(page: Page): Promise<number | null | undefined> {
  return page.evaluate(() => (window as unknown as AppHandle).astarPlayground.settings().cluster);
}

async function recorded(page: Page): Promise<{ hash: string; saved: string | null; embed: string; backup: string | null }> {
  return page.evaluate(
    ([savedKey, backupKey]) => ({
      hash: location.hash.slice(1),
      saved: localStorage.getItem(savedKey),
      embed: (document.getElementById('embed-code') as HTMLTextAreaElement).value,
      backup: localStorage.getItem(backupKey),
    }),
    [SAVED_KEY, BACKUP_KEY],
  );
}

for (const [name, link] of [
  ['hpa', HPA_LINK],
  ['jps-plus', JPS_PLUS_LINK],
] as const) {
  test(`a ${name} link opened in a fresh tab is recorded once shown, and a reload (twice) shows it again`, async () => {
    const { page, errors } = await openPage(site.browser, `${site.url}#${link}`);
    await shownAndRecorded(page, name);
    assert.deepEqual((await ends(page)).width, 32, 'the link\'s 32 × 20 map, not the demo');
    // The page writes the view in its own encoding (the same view, maybe other bytes): what matters is
    // that the address bar, saved work, the embed code and Copy link all hold the view shown.
    // The embed builder is a chunk fetched after the first paint: wait for it to write its code.
    await page.waitForFunction(() => {
      const code = (document.getElementById('embed-code') as HTMLTextAreaElement).value;
      return location.hash.length > 1 && code.includes(location.hash.slice(1));
    });
    const first = await recorded(page);
    assert.equal(first.saved, first.hash, 'saved work holds what the address bar holds');
    assert.ok(first.embed.includes(first.hash), `the embed code points at it: ${first.embed}`);
    assert.equal(first.backup, null, 'nothing was replaced: a fresh browser had no saved work');
    if (name === 'hpa') assert.equal(await cluster(page), 8, 'the link\'s cluster size');
    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      await shownAndRecorded(page, name);
      assert.equal((await ends(page)).width, 32);
      assert.equal((await recorded(page)).saved, first.hash);
      if (name === 'hpa') assert.equal(await cluster(page), 8);
    }
    // Copy link copies what is shown.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(new URL(copied).hash, `#${first.hash}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('HPA* chosen in the menu, a paint, then two reloads: the painted HPA* view stays (the module arrives after the page starts)', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  await page.locator('#algorithm').selectOption('hpa');
  await shownAndRecorded(page, 'hpa');
  await dragCells(page, [[3, 3], [4, 3], [5, 3]]);
  const before = (await recorded(page)).saved ?? '';
  await page.waitForFunction(
    ([key, earlier]) => localStorage.getItem(key) !== earlier && `#${localStorage.getItem(key)}` === location.hash,
    [SAVED_KEY, before],
  );
  const painted = await recorded(page);
  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await shownAndRecorded(page, 'hpa');
    const now = await recorded(page);
    assert.equal(now.saved, painted.saved, `reload ${reload + 1}: saved work is the painted view`);
    assert.equal(now.hash, painted.hash);
    assert.equal(now.backup, null, 'the page showed its own saved work: nothing to back up');
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an imported .astar view naming HPA* is recorded once shown', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const bytes = Buffer.from(HPA_LINK, 'base64url');
  await page.getByTestId('import-files').setInputFiles({ name: 'clusters.astar', mimeType: 'application/octet-stream', buffer: bytes });
  await shownAndRecorded(page, 'hpa');
  assert.equal((await ends(page)).width, 32);
  assert.equal(await cluster(page), 8);
  await page.reload();
  await shownAndRecorded(page, 'hpa');
  assert.equal((await ends(page)).width, 32);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a link opened over saved work keeps that work as a backup: the notice restores it, Undo goes back to the link', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  // Saved work of one's own: the demo with a wall painted.
  await dragCells(page, [[2, 2], [3, 2]]);
  await page.waitForFunction((key) => location.hash.length > 1 && `#${localStorage.getItem(key)}` === location.hash, SAVED_KEY);
  const mine = (await recorded(page)).saved!;
  const notice = page.getByTestId('backup-notice');
  assert.equal(await notice.isVisible(), false, 'no notice while nothing was replaced');
  // Someone's link, opened in the same browser.
  await page.goto(`${site.url}#${HPA_LINK}`);
  await page.reload();
  await shownAndRecorded(page, 'hpa');
  let now = await recorded(page);
  const theirs = now.saved;
  assert.equal((await ends(page)).width, 32, 'the link\'s view is shown');
  assert.equal(now.backup, mine, 'the replaced work is kept');
  await notice.waitFor({ state: 'visible' });
  assert.match((await notice.textContent()) ?? '', /replaced by the view opened here; it is kept/);
  // Reloading the link's page keeps the backup (the page now shows its own saved work).
  await page.reload();
  await shownAndRecorded(page, 'hpa');
  assert.equal((await recorded(page)).backup, mine);
  await notice.waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Restore earlier work', exact: true }).click();
  await page.waitForFunction((key) => localStorage.getItem(key) === null, BACKUP_KEY);
  await shownAndRecorded(page, 'astar');
  now = await recorded(page);
  assert.equal(now.saved, mine, 'the earlier work is back, in saved work too');
  assert.equal(await notice.isVisible(), false);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await shownAndRecorded(page, 'hpa');
  assert.equal((await recorded(page)).saved, theirs, 'Undo brings the link\'s view back');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The same view as `link` with its body stored rather than compressed (as the page writes it when it goes away). */
function storedForm(link: string): string {
  const bytes = Buffer.from(link, 'base64url');
  const body = deflateSync(inflateSync(bytes.subarray(5)), { level: 0 });
  return Buffer.concat([bytes.subarray(0, 5), body]).toString('base64url');
}

test('a reload right after a link was opened keeps the backup of earlier work: saved work holding the link\'s view in another encoding is the page\'s own', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  await dragCells(page, [[2, 2], [3, 2]]);
  await page.waitForFunction((key) => location.hash.length > 1 && `#${localStorage.getItem(key)}` === location.hash, SAVED_KEY);
  const mine = (await recorded(page)).saved!;
  // What the page leaves behind when it goes away just after the link was opened over that work: the
  // work backed up, and the link's view saved with its body stored (compressing it had not finished).
  const theirs = storedForm(HPA_LINK);
  assert.notEqual(theirs, HPA_LINK);
  await page.evaluate(
    ([savedKey, backupKey, saved, backup]) => {
      localStorage.setItem(savedKey, saved);
      localStorage.setItem(backupKey, backup);
    },
    [SAVED_KEY, BACKUP_KEY, theirs, mine],
  );
  await page.goto('about:blank');
  await page.goto(`${site.url}#${HPA_LINK}`);
  await shownAndRecorded(page, 'hpa');
  const now = await recorded(page);
  assert.equal(now.backup, mine, 'the earlier work is still the backup');
  assert.equal(now.hash, now.saved);
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const [kind, text] of [
  // The HPA* link with format 5 in its first byte: "made by a newer version".
  ['from a newer format', Buffer.from([8, ...Buffer.from(HPA_LINK, 'base64url').subarray(1)]).toString('base64url')],
  ['garbage', '<html><body>not a view</body></html>'],
  ['truncated', HPA_LINK.slice(0, 20)],
  ['JSON', '{"map":"24x16","algorithm":"astar"}'],
] as const) {
  test(`saved work ${kind} is not lost to the first Step: it is kept as a backup, with the notice`, async () => {
    const { page, errors } = await openPage(site.browser, site.url);
    await ready(page, { shareControls: true });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SAVED_KEY, text]);
    await page.reload();
    await page.waitForFunction(() => /^Your saved map could not be restored: /.test(document.getElementById('message')?.textContent ?? ''));
    if (kind === 'from a newer format') assert.match((await page.locator('#message').textContent()) ?? '', /newer version/);
    assert.equal((await recorded(page)).saved, text, 'kept at load');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, BACKUP_KEY);
    const now = await recorded(page);
    assert.equal(now.backup, text, 'the unreadable work is kept as the backup');
    assert.notEqual(now.saved, text, 'saved work now follows the page');
    await page.getByTestId('backup-notice').waitFor({ state: 'visible' });
    // Restoring what this page cannot read says why and keeps it.
    await page.getByRole('button', { name: 'Restore earlier work', exact: true }).click();
    await page.waitForFunction(() => /^The earlier work could not be opened here \(it is still kept\): /.test(document.getElementById('message')?.textContent ?? ''));
    assert.equal((await recorded(page)).backup, text);
    await page.getByRole('button', { name: 'Discard it', exact: true }).click();
    assert.equal((await recorded(page)).backup, null);
    assert.equal(await page.getByTestId('backup-notice').isVisible(), false);
    assert.equal(await algorithm(page), 'astar');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
