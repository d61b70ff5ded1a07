// The embed in a small iframe: whatever controls it shows, the map keeps most of the frame, inside it, with
// no scrollbar; controls that do not fit wait in a "More controls" panel; the badge stays small and off the
// middle of the map; the status message sits under the map, never over it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { openPage, serveHtml, useSite } from './harness.js';

const site = useSite();
const hosts: { close: () => Promise<void> }[] = [];

// Runs after useSite's hook has closed the browser and the server.
after(async () => {
  for (const host of hosts) await host.close();
});

const ALL = ['algorithm', 'heuristic', 'movement', 'w', 'smooth', 'speed', 'play', 'step', 'timeline', 'stats'];
/** An element id in each control, to find it wherever it went. */
const ID_OF: Record<string, string> = {
  algorithm: 'algorithm',
  heuristic: 'heuristic',
  movement: 'movement',
  w: 'w',
  smooth: 'smooth',
  speed: 'speed',
  play: 'play',
  step: 'step',
  timeline: 'timeline',
  stats: 'badge-value',
};

/** A host page holding the embed in a `width` × `height` iframe. */
async function embedded(width: number, height: number, controls: string[]): Promise<{ page: Page; frame: Frame; errors: string[] }> {
  const query = controls.length ? `?embed&controls=${controls.join(',')}` : '?embed';
  const host = await serveHtml(
    `<!doctype html><title>article</title><body style="margin:0"><iframe id="demo" src="${site.url}${query}" width="${width}" height="${height}" style="border:0"></iframe></body>`,
  );
  hosts.push(host);
  const { page, errors } = await openPage(site.browser, host.url);
  const frame = (await (await page.$('#demo'))!.contentFrame())!;
  await frame.waitForSelector('#app[data-phase="finished"]');
  // Two frames: the bar's fit and the stage's fit have settled.
  await frame.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  return { page, frame, errors };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How the frame is laid out, in the frame's CSS pixels. */
async function layout(frame: Frame): Promise<{ view: { width: number; height: number }; canvas: Box; badge: Box; scrolls: boolean }> {
  return frame.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const root = document.documentElement;
    return {
      view: { width: root.clientWidth, height: root.clientHeight },
      canvas: box('[data-testid="grid"]'),
      badge: box('[data-testid="badge"]'),
      scrolls:
        root.scrollWidth > root.clientWidth ||
        root.scrollHeight > root.clientHeight ||
        document.body.scrollHeight > root.clientHeight ||
        document.body.scrollWidth > root.clientWidth,
    };
  });
}

/** Area of `a` inside `b`. */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, w) * Math.max(0, h);
}

async function isShown(frame: Frame, id: string): Promise<boolean> {
  return frame.locator(`#${id}`).isVisible();
}

for (const [width, height] of [
  [320, 240],
  [640, 420],
]) {
  for (const controls of [ALL, ['play', 'step', 'timeline', 'w'], ['w', 'smooth'], []]) {
    const name = controls.length ? controls.join(',') : 'no controls';
    test(`${width} × ${height} with ${name}: the map has most of the frame, no scrollbar, every control reachable`, async () => {
      const { page, frame, errors } = await embedded(width, height, controls);
      const { view, canvas, badge, scrolls } = await layout(frame);
      assert.equal(scrolls, false, 'no scrollbar');
      const frameBox = { x: 0, y: 0, width: view.width, height: view.height };
      assert.ok(overlap(canvas, frameBox) >= 0.5 * view.width * view.height, `map ${canvas.width} × ${canvas.height} at y ${canvas.y}`);
      assert.ok(overlap(canvas, frameBox) >= canvas.width * canvas.height - 1, 'the whole map is inside the frame');
      // The badge: a corner of the map, not its middle.
      assert.ok(overlap(badge, canvas) <= 0.1 * canvas.width * canvas.height, `badge ${badge.width} × ${badge.height}`);
      const middle = { x: canvas.x + canvas.width / 4, y: canvas.y + canvas.height / 4, width: canvas.width / 2, height: canvas.height / 2 };
      assert.equal(overlap(badge, middle), 0, 'the badge is off the middle of the map');

      // Every chosen control is in the bar or one click away in the "More controls" panel.
      const hidden: string[] = [];
      for (const control of controls) if (!(await isShown(frame, ID_OF[control]))) hidden.push(control);
      if (hidden.length) {
        const more = frame.getByRole('button', { name: 'More controls' });
        await more.click();
        assert.equal(await more.getAttribute('aria-expanded'), 'true');
        for (const control of hidden) assert.ok(await isShown(frame, ID_OF[control]), `${control} in the panel`);
        assert.equal((await layout(frame)).scrolls, false, 'the open panel adds no scrollbar');
        await frame.locator('body').press('Escape');
        assert.equal(await more.getAttribute('aria-expanded'), 'false');
        assert.ok(!(await isShown(frame, ID_OF[hidden[0]])), 'Escape closes the panel');
      } else {
        assert.ok(!(await frame.getByRole('button', { name: 'More controls' }).isVisible()), 'no ⋯ button when all fit');
      }
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
}

test('a control in the "More controls" panel works, and the bar keeps the standalone link', async () => {
  const { page, frame, errors } = await embedded(320, 240, ALL);
  assert.ok(await frame.getByRole('link', { name: 'open standalone ↗' }).isVisible());
  await frame.getByRole('button', { name: 'More controls' }).click();
  await frame.getByLabel('Smooth path', { exact: true }).check();
  await frame.waitForFunction(() => /smoothed/.test(document.querySelector('[data-stat="length"]')?.textContent ?? ''));
  await frame.getByLabel('Algorithm', { exact: true }).selectOption('dijkstra');
  assert.equal(await frame.locator('#algorithm').inputValue(), 'dijkstra');
  assert.equal(await frame.getByRole('button', { name: 'More controls' }).getAttribute('aria-expanded'), 'true', 'stays open while used');
  // A press outside the panel closes it.
  const canvas = (await layout(frame)).canvas;
  await frame.locator('#app').dispatchEvent('pointerdown', { clientX: canvas.x + 2, clientY: canvas.y + canvas.height - 2 });
  assert.equal(await frame.getByRole('button', { name: 'More controls' }).getAttribute('aria-expanded'), 'false');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** Shows a long status message in the embed and waits until the stage has made room for it. */
async function showLongMessage(frame: Frame): Promise<void> {
  await frame.evaluate(() =>
    (window as unknown as { astarPlayground: { showMessage(t: string, k: string): void } }).astarPlayground.showMessage(
      'The goal is unreachable: no path joins start and goal. Press Play to watch the search exhaust the start’s region.',
      'info',
    ),
  );
  // The stage refits after the message's resize: wait until the message is inside the frame and clear of
  // the map (a message laid over the map never gets there).
  await frame.waitForFunction(() => {
    const m = document.getElementById('message')!.getBoundingClientRect();
    const c = document.querySelector('[data-testid="grid"]')!.getBoundingClientRect();
    return m.height > 0 && m.top >= c.bottom - 0.5 && m.bottom <= innerHeight + 0.5;
  });
}

for (const controls of [ALL, ['w', 'smooth'], ['play', 'step', 'timeline', 'w'], []]) {
  const name = controls.length ? controls.join(',') : 'no controls';
  test(`320 × 240 with ${name}: a long status message sits under the map, inside the frame, two lines at most`, async () => {
    const { page, frame, errors } = await embedded(320, 240, controls);
    await showLongMessage(frame);
    const { canvas, view, scrolls } = await layout(frame);
    const shown = await frame.evaluate(() => {
      const el = document.getElementById('message')!;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, lineHeight: parseFloat(getComputedStyle(el).lineHeight), title: el.title };
    });
    assert.equal(overlap(shown, canvas), 0, `message at y ${shown.y}, map ${canvas.y}..${canvas.y + canvas.height}`);
    assert.ok(shown.y + shown.height <= view.height + 0.5, `message bottom ${shown.y + shown.height} inside the ${view.height} px frame`);
    assert.ok(shown.height <= 2 * shown.lineHeight + 6, `message ${shown.height} px tall`);
    assert.equal(scrolls, false, 'no scrollbar');
    assert.match(shown.title, /exhaust the start’s region/, 'the whole text in its tooltip');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
