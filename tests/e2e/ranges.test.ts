// Values outside the controls' ranges, and work a link or a click could start without bound: a link with w
// beyond the slider or a budget of 0 is refused like any broken link (the map stays, the message names the
// value and the range, the slider's range being the core's); a budget field that refused a value never
// shows another value than the budget in effect unmarked; a cluster size far out of range gets HPA*'s
// sentence in both languages; a short link asking for HPA* with a graph too large to build is refused
// before anything is built, and the page answers at once afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync, inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { clearMessage, demoBytes, message, openPage, ready, stat, stats, useSite } from './harness.js';

const site = useSite();

type Settings = { algorithm: string; w: number; budget: number | null; cluster?: number | null };
type PlaygroundHandle = {
  settings(): Settings;
  setSettings(s: Settings): void;
  shareBytes(options: { smooth: boolean; numbers: string; step: number | null }, recipe: null): Uint8Array;
  free(): void;
};
type PlaygroundClass = { demo(): PlaygroundHandle; new (width: number, height: number): PlaygroundHandle };
type AppHandle = {
  astarPlayground: {
    pg: PlaygroundHandle & { constructor: PlaygroundClass; width(): number; height(): number };
    settings(): Settings;
    changeSettings(change: Partial<Settings>): boolean;
  };
};

/** The bytes of the link format's body offsets used here (crates/astar-core/src/formats/share.rs). */
const W_OFFSET = 17;
const BUDGET_OFFSET = 23;
const HEADER_LEN = 5;

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** `bytes` as a link with its body's bytes from `offset` replaced by `value` (recompressed). */
function withBody(bytes: Buffer, offset: number, value: Buffer): string {
  const body = inflateSync(bytes.subarray(HEADER_LEN));
  value.copy(body, offset);
  return base64url(Buffer.concat([bytes.subarray(0, HEADER_LEN), deflateSync(body)]));
}

const u16 = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const u32 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]);

/** The map's size and ends and the stats shown: what a refused link must leave as it was. */
async function shown(page: Page): Promise<string> {
  const ends = await page.locator('[data-testid="ends"]').textContent();
  return JSON.stringify({ ends, stats: await stats(page) });
}

/** Opens `fragment` on the page shown and returns the error it gives, checking that nothing else changed. */
async function refusedLink(page: Page, fragment: string): Promise<string> {
  await clearMessage(page);
  const before = await shown(page);
  await page.evaluate((f) => (location.hash = f), fragment);
  // An error (a link naming HPA* first says that its module is being fetched, which then refuses it).
  await page.waitForFunction(() => {
    const shown = document.getElementById('message');
    return (shown?.textContent ?? '') !== '' && shown?.dataset.kind === 'error';
  });
  const said = await message(page);
  assert.equal(said.kind, 'error', said.text);
  assert.ok(said.text.startsWith('This link cannot be opened: '), said.text);
  assert.equal(await shown(page), before, 'the map and its search stay');
  return said.text;
}

test('the w slider’s range is the core’s, and a link with w beyond it is refused, naming w and the range', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const slider = page.locator('#w');
  const [min, max] = [Number(await slider.getAttribute('min')), Number(await slider.getAttribute('max'))];
  // The core takes the slider's ends and nothing beyond them.
  const taken = await page.evaluate(([lo, hi]) => {
    const pg = (window as unknown as AppHandle).astarPlayground.pg.constructor.demo();
    const tries = [lo, hi, hi + 0.001, lo - 0.001].map((w) => {
      try {
        pg.setSettings({ ...pg.settings(), w });
        return true;
      } catch {
        return false;
      }
    });
    pg.free();
    return tries;
  }, [min, max]);
  assert.deepEqual(taken, [true, true, false, false]);

  const atEnd = await demoBytes(page, { w: max });
  const beyond = 2 * max;
  const said = await refusedLink(page, withBody(atEnd, W_OFFSET, u16(beyond * 1000)));
  assert.ok(said.includes(`heuristic weight ${beyond} is not allowed: it must be from ${min} to ${max}`), said);
  assert.equal(await page.locator('#w-value').textContent(), '1.0', 'the slider shows the w in effect');

  // The slider's end opens, and shows there.
  await page.evaluate((f) => (location.hash = f), base64url(atEnd));
  await page.waitForFunction((m) => (window as unknown as AppHandle).astarPlayground.settings().w === m, max);
  assert.equal(Number(await slider.inputValue()), max);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a link with a budget of 0 is refused with a message; a budget of 1 opens', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const one = await demoBytes(page, { budget: 1 });
  const said = await refusedLink(page, withBody(one, BUDGET_OFFSET, u32(0)));
  assert.ok(said.includes('expansion budget 0 is not allowed: it must be a whole number from 1, or none'), said);
  await page.evaluate((f) => (location.hash = f), base64url(one));
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '1');
  assert.equal(await page.locator('#budget').inputValue(), '1');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a refused budget stays marked invalid while it is shown; left, the field shows the budget in effect', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  const budget = page.locator('#budget');
  const expanded = await stat(page, 'expanded');
  for (const text of [String(2 ** 53), '1e308']) {
    await clearMessage(page);
    await budget.fill(text);
    await budget.press('Enter');
    assert.match((await message(page)).text, new RegExp(`Budget "${text}" is not allowed`));
    // Another setting changes while the refused text is still in the field.
    await page.evaluate(() => (window as unknown as AppHandle).astarPlayground.changeSettings({ w: 1.5 }));
    await page.evaluate(() => (window as unknown as AppHandle).astarPlayground.changeSettings({ w: 1 }));
    assert.equal(await budget.inputValue(), text);
    assert.equal(await budget.getAttribute('aria-invalid'), 'true', `${text} is marked`);
    assert.equal(await stat(page, 'expanded'), expanded, 'the search keeps its budget (none)');
  }
  // Once the field is left, the next change shows the budget in effect (none), unmarked.
  await page.locator('#heuristic').focus();
  await page.evaluate(() => (window as unknown as AppHandle).astarPlayground.changeSettings({ w: 1.5 }));
  assert.equal(await budget.inputValue(), '');
  assert.equal(await budget.getAttribute('aria-invalid'), null);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a cluster size far out of range gets HPA*’s sentence, in English and in Chinese', async () => {
  for (const [query, expected] of [
    ['', /^HPA\* cluster size 2147483648 is not allowed: it must be from 2 to 24 \(the map's larger side\)/],
    ['?lang=zh', /^HPA\* 的簇大小 2147483648 不可用：它必须在 2 到 24 之间（地图较长的一边）/],
  ] as const) {
    const { page, errors } = await openPage(site.browser, `${site.url}${query}`);
    await ready(page);
    const width = await page.evaluate(() => (window as unknown as AppHandle).astarPlayground.pg.width());
    assert.equal(width, 24, 'the demo map, whose larger side the sentence names');
    const applied = await page.evaluate(() =>
      (window as unknown as AppHandle).astarPlayground.changeSettings({ cluster: 2147483648 }),
    );
    assert.equal(applied, false);
    const said = await message(page);
    assert.equal(said.kind, 'error');
    assert.match(said.text, expected);
    assert.doesNotMatch(said.text, /bad settings/);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('a short link asking for HPA* with a graph too large to build is refused at once, and the page answers', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  // 2048 x 2048, open, HPA* with clusters of 2: written by the page's own codec.
  const fragment = await page.evaluate(async () => {
    const Playground = (window as unknown as AppHandle).astarPlayground.pg.constructor;
    const pg = new Playground(2048, 2048);
    pg.setSettings({ ...pg.settings(), algorithm: 'hpa', cluster: 2 });
    const bytes = pg.shareBytes({ smooth: false, numbers: 'none', step: null }, null);
    pg.free();
    // The body compressed as the page compresses a link (www/share/link.ts), after the 5-byte header.
    const inflated = await new Response(new Blob([bytes.slice(5)]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer();
    const deflated = await new Response(new Blob([inflated]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer();
    const link = new Uint8Array([...bytes.slice(0, 5), ...new Uint8Array(deflated)]);
    let binary = '';
    for (const byte of link) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  });
  assert.ok(fragment.length < 2000, `a short link: ${fragment.length} characters`);
  const said = await refusedLink(page, fragment);
  const words = /HPA\* cluster size 2 needs up to (\d+) MiB for its abstract graph on this 2048 x 2048 map, more than the (\d+) MiB allowed: the smallest cluster size that fits is (\d+)/.exec(said);
  assert.ok(words, said);
  assert.ok(Number(words[1]) > Number(words[2]) && Number(words[3]) > 2, said);
  assert.equal(await page.evaluate(() => (window as unknown as AppHandle).astarPlayground.settings().algorithm), 'astar');

  // The page answers: Reset, then Step, each handled.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '0');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '1');
  assert.deepEqual(errors, []);
  await page.context().close();
});
