// The playground inside an article: `?embed&controls=...` shows only the canvas, the named controls and the
// standalone link, fits a small iframe without scrollbars, and can be driven with postMessage.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { openPage, ready, serveHtml, stat, useSite } from './harness.js';

const site = useSite();
const hosts: { close: () => Promise<void> }[] = [];

// Runs after useSite's hook has closed the browser and the server.
after(async () => {
  for (const host of hosts) await host.close();
});

/** A host page (the "article") holding the embed in an iframe of the given size, recording its messages. */
async function article(width: number, height: number, query: string): Promise<{ page: Page; frame: Frame; errors: string[] }> {
  const host = await serveHtml(
    `<!doctype html><title>article</title><body style="margin:0"><script>
       window.received = [];
       addEventListener('message', (e) => window.received.push(e.data));
     </script><iframe id="demo" src="${site.url}${query}" width="${width}" height="${height}" style="border:0"></iframe></body>`,
  );
  hosts.push(host);
  const { page, errors } = await openPage(site.browser, host.url);
  const frame = (await (await page.$('#demo'))!.contentFrame())!;
  await frame.waitForSelector('#app[data-phase="finished"]');
  return { page, frame, errors };
}

async function visibleControls(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('input, select, button, textarea'))
      .filter((e) => e.offsetParent !== null && e.getClientRects().length > 0)
      .map((e) => e.id),
  );
}

test('?embed&controls=w,smooth shows exactly those two controls and the standalone link', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?embed&controls=w,smooth`);
  await ready(page);
  assert.deepEqual((await visibleControls(page)).sort(), ['smooth', 'w']);
  assert.ok(await page.getByLabel('Heuristic weight w', { exact: true }).isVisible());
  assert.ok(await page.getByLabel('Smooth path', { exact: true }).isVisible());
  const link = page.getByRole('link', { name: 'open standalone ↗' });
  assert.ok(await link.isVisible());
  assert.ok(await page.getByTestId('grid').isVisible());
  assert.ok(await page.getByTestId('badge').isVisible());
  assert.ok(!(await page.locator('[data-stat="expanded"]').isVisible()), 'stats were not asked for');

  // The link opens the same map and settings in the full page.
  await page.getByLabel('Heuristic weight w', { exact: true }).fill('2.5');
  await page.waitForFunction(() => document.getElementById('w-value')?.textContent === '2.5');
  const cost = await page.locator('[data-stat="cost"]').textContent();
  const expanded = await page.locator('[data-stat="expanded"]').textContent();
  const href = (await link.getAttribute('href')) ?? '';
  assert.ok(!href.includes('embed'), href);
  const [standalone] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await ready(standalone);
  assert.ok(await standalone.getByRole('button', { name: 'Play', exact: true }).isVisible(), 'the full page');
  assert.equal(await standalone.locator('#w-value').textContent(), '2.5');
  assert.equal(await standalone.locator('[data-stat="cost"]').textContent(), cost);
  assert.equal(await standalone.locator('[data-stat="expanded"]').textContent(), expanded);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('other controls can be chosen, unknown names are ignored', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?embed&controls=play,step,stats,bogus`);
  await ready(page);
  assert.deepEqual((await visibleControls(page)).sort(), ['back', 'play', 'reset', 'step']);
  assert.ok((await stat(page, 'expanded')) > 0, 'stats shown');
  const before = await stat(page, 'expanded');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  assert.equal(await stat(page, 'expanded'), 1, 'Step from the finished state starts over');
  assert.ok(before > 1);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the embed fills a 320 × 240 iframe without scrollbars', async () => {
  for (const [width, height] of [
    [320, 240],
    [800, 500],
  ]) {
    const { page, frame, errors } = await article(width, height, '?embed&controls=w,smooth');
    const fits = await frame.evaluate(() => {
      const root = document.documentElement;
      const canvas = document.querySelector('canvas')!.getBoundingClientRect();
      return {
        scroll: root.scrollWidth <= root.clientWidth && root.scrollHeight <= root.clientHeight,
        body: document.body.scrollHeight <= root.clientHeight,
        canvasInside: canvas.right <= root.clientWidth + 0.5 && canvas.bottom <= root.clientHeight + 0.5,
        canvasArea: canvas.width * canvas.height,
        viewport: root.clientWidth * root.clientHeight,
      };
    });
    assert.ok(fits.scroll && fits.body, `no scrollbars at ${width} × ${height}`);
    assert.ok(fits.canvasInside, `the canvas fits at ${width} × ${height}`);
    assert.ok(fits.canvasArea > 0.3 * fits.viewport, `the canvas fills the frame at ${width} × ${height}`);
    assert.ok(await frame.getByRole('link', { name: 'open standalone ↗' }).isVisible());
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('postMessage: setting w changes the stats the embed posts back', async () => {
  const { page, errors } = await article(640, 400, '?embed&controls=w');
  type Message = { type: string; stats: { expanded: number; cost: number; overOptimal: number }; settings: { w: number } };
  const received = () => page.evaluate(() => (window as unknown as { received: Message[] }).received);
  await page.waitForFunction(() => (window as unknown as { received: Message[] }).received.some((m) => m.type === 'astar:ready'));
  const first = (await received()).find((m) => m.type === 'astar:ready')!;
  assert.equal(first.settings.w, 1);

  await page.evaluate(() => (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'astar:set-w', w: 4 }, '*'));
  await page.waitForFunction(() =>
    (window as unknown as { received: Message[] }).received.some((m) => m.type === 'astar:stats' && m.settings.w === 4),
  );
  const atFour = (await received()).find((m) => m.type === 'astar:stats' && m.settings.w === 4)!;
  assert.notEqual(atFour.stats.expanded, first.stats.expanded);
  assert.ok(atFour.stats.cost > first.stats.cost, 'w = 4 costs more on the demo map');
  assert.ok(atFour.stats.overOptimal > 0);

  // A bad command gets an error message back and changes nothing.
  await page.evaluate(() => (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'astar:set-w', w: 'lots' }, '*'));
  await page.waitForFunction(() => (window as unknown as { received: Message[] }).received.some((m) => m.type === 'astar:error'));
  // Smoothing and reset by message.
  await page.evaluate(() => (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'astar:smooth', on: true }, '*'));
  const frame = (await (await page.$('#demo'))!.contentFrame())!;
  await frame.waitForFunction(() => (document.getElementById('smooth') as HTMLInputElement).checked);
  await page.evaluate(() => (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'astar:reset' }, '*'));
  await frame.waitForSelector('#app[data-phase="ready"]');
  assert.equal(await frame.locator('#w-value').textContent(), '4.0');
  // Step twice and back once by message: the embed shows step 1.
  const send = (type: string) =>
    page.evaluate((t) => (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ type: t }, '*'), type);
  await send('astar:step');
  await send('astar:step');
  await frame.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '2');
  await send('astar:back');
  await frame.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent === '1');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('postMessage: astar:curve and astar:smooth in a burst end as the messages in order would', async () => {
  const { page, errors } = await article(640, 400, '?embed&controls=smooth,curve');
  const frame = (await (await page.$('#demo'))!.contentFrame())!;
  await page.waitForFunction(() => (window as unknown as { received: { type: string }[] }).received.some((m) => m.type === 'astar:ready'));
  const burst = (messages: object[]) =>
    page.evaluate((list) => {
      const target = (document.getElementById('demo') as HTMLIFrameElement).contentWindow!;
      for (const message of list) target.postMessage(message, '*');
      target.postMessage({ type: 'astar:step' }, '*');
    }, messages);
  const shown = () => frame.evaluate(() => [(document.getElementById('smooth') as HTMLInputElement).checked, (document.getElementById('curve') as HTMLInputElement).checked]);
  const settled = async (expanded: string) => {
    await frame.waitForFunction((e) => document.querySelector('[data-stat="expanded"]')?.textContent === e, expanded);
    return shown();
  };
  // The curve on turns smoothing on; smoothing off then turns both off; the curve toggled turns both on again.
  await burst([{ type: 'astar:curve', on: true }, { type: 'astar:smooth', on: false }, { type: 'astar:curve' }]);
  assert.deepEqual(await settled('1'), [true, true]);
  await burst([{ type: 'astar:smooth' }]);
  assert.deepEqual(await settled('2'), [false, false], 'smoothing off takes the curve with it');
  await burst([{ type: 'astar:curve', on: true }, { type: 'astar:curve', on: false }]);
  assert.deepEqual(await settled('3'), [true, false], 'the curve came and went; the smoothing it brought stays');
  await page.evaluate(() => (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'astar:curve', on: 'yes' }, '*'));
  await page.waitForFunction(() =>
    (window as unknown as { received: { type: string; message?: string }[] }).received.some((m) => m.type === 'astar:error' && m.message?.startsWith('astar:curve needs on')),
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the full page builds an <iframe> snippet for the chosen controls', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page);
  await page.getByRole('checkbox', { name: 'stats', exact: true }).check();
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  const snippet = await page.getByLabel('Embed code').inputValue();
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed&amp;controls=w,smooth,stats&amp;lang=en[#"]/);
  assert.match(snippet, /width="\d+" height="\d+"/);
  // The clipboard answers asynchronously: copied, or refused with the keys to press.
  await page.waitForFunction(() => /copied|Ctrl\+C/.test(document.getElementById('message')?.textContent ?? ''));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('postMessage: ready comes first and carries the linked map; smoothing alone posts no stats', async () => {
  // A link to the demo at w = 2.5 (the path through the swamp), made by the full page.
  const full = await openPage(site.browser, site.url);
  await ready(full.page);
  await full.page.getByLabel('Heuristic weight w', { exact: true }).fill('2.5');
  await full.page.waitForFunction(() => location.hash.length > 1);
  const hash = new URL(full.page.url()).hash;
  const linked = { cost: await stat(full.page, 'cost'), expanded: await stat(full.page, 'expanded') };
  await full.page.context().close();

  const { page, errors } = await article(640, 400, `?embed&controls=w,smooth${hash}`);
  type Message = { type: string; stats: { expanded: number; cost: number }; settings: { w: number }; smooth: boolean };
  const received = () => page.evaluate(() => (window as unknown as { received: Message[] }).received);
  await page.waitForFunction(() => (window as unknown as { received: Message[] }).received.some((m) => m.type === 'astar:ready'));
  const first = (await received())[0];
  assert.equal(first.type, 'astar:ready', 'nothing before astar:ready');
  assert.equal(first.settings.w, 2.5);
  assert.deepEqual({ cost: first.stats.cost, expanded: first.stats.expanded }, linked);

  // Commands are handled in order: smoothing, then w = 3. Only w = 3 ran a search.
  const frame = (await (await page.$('#demo'))!.contentFrame())!;
  await page.evaluate(() => {
    const target = (document.getElementById('demo') as HTMLIFrameElement).contentWindow!;
    target.postMessage({ type: 'astar:smooth', on: true }, '*');
    target.postMessage({ type: 'astar:set-w', w: 3 }, '*');
  });
  await frame.waitForFunction(() => (document.getElementById('smooth') as HTMLInputElement).checked);
  await page.waitForFunction(() =>
    (window as unknown as { received: Message[] }).received.some((m) => m.type === 'astar:stats' && m.settings.w === 3),
  );
  const all = await received();
  assert.deepEqual(
    all.map((m) => [m.type, m.settings?.w, m.smooth]),
    [
      ['astar:ready', 2.5, false],
      ['astar:stats', 3, true],
    ],
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});
