// Shared set-up for the end-to-end tests: a static server over the built site (dist/) and headless
// Chromium from Debian driven by playwright-core. Each test file gets one browser (`useSite`); each test a
// page that records console errors, so a test can assert the page logged none: the file's kept page,
// reset between tests, or a fresh one (see `openPage`).
import { before, after, afterEach } from 'node:test';
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const DIST = resolve(process.env.E2E_DIST ?? 'dist');
/** The public Moving AI files vendored in the repository (data/movingai; tests run from its root). */
export const MOVINGAI = resolve(process.env.MOVINGAI_DIR ?? resolve(process.cwd(), 'data/movingai'));
/**
 * Debian's headless shell (Chromium's own headless mode without the browser's window layer: the same
 * Blink, V8 and Skia, about a quarter less CPU a test on two cores), or the full browser where the shell
 * is not installed (scripts/ensure-chromium.sh installs both). CHROMIUM_PATH picks another.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Serves `DIST` under `prefix` (to prove the site works from any sub-path). */
export async function serveDist(prefix = '/'): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    let file = normalize(join(DIST, path.slice(prefix.length)));
    if (!file.startsWith(DIST)) {
      res.writeHead(403).end();
      return;
    }
    if (path.endsWith('/')) file = join(file, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** Launches headless Chromium with the flags this machine needs (Playwright gives it a fresh profile). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The browser and the served site of one test file, as `useSite` gives them. */
export interface Site {
  /** The browser launched for this file (only inside its tests: it starts in `before`). */
  readonly browser: Browser;
  /** The address of the served site, ending in `/` (only inside its tests). */
  readonly url: string;
}

/**
 * Registers `before`/`after` hooks for the calling test file: `before` serves the built site under
 * `prefix` (see `serveDist`) and launches one browser; `after` closes the browser, then the server (also
 * when `before` failed half-way). Call it once at the top level of a test file; a file with more to close
 * registers its own `after` below it, which then runs after these.
 */
export function useSite(prefix = '/'): Site {
  let browser: Browser | undefined;
  let server: { url: string; close: () => Promise<void> } | undefined;
  before(async () => {
    server = await serveDist(prefix);
    browser = await launchBrowser();
  });
  // The page a test had from openPage is made ready for the next test (see `openPage`).
  afterEach(async () => {
    if (browser) await releaseKept(browser, server ? new URL(server.url).origin : null);
  });
  after(async () => {
    if (browser) await dropKept(browser);
    await browser?.close();
    await server?.close();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('useSite: the browser is there only inside the tests');
      return browser;
    },
    get url(): string {
      if (!server) throw new Error('useSite: the site is served only inside the tests');
      return server.url;
    },
  };
}

/**
 * The localStorage key that keeps the guided start (www/tour.ts) from opening by itself. The tests set it
 * before any page script runs, so the tour never covers what they click; the tour's own tests leave it out
 * (`newContext(browser, options, { tour: true })`).
 */
export const TOUR_DONE_KEY = 'astar-playground:tour-done';

/** A browser context whose pages start with the guided start already seen (unless `tour`). */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
  { tour = false }: { tour?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (!tour) {
    await context.addInitScript((key: string) => {
      try {
        localStorage.setItem(key, '1');
      } catch {
        // An opaque origin (about:blank) has no storage: nothing to keep closed there.
      }
    }, TOUR_DONE_KEY);
  }
  return context;
}

/**
 * The page a file's tests share, one test at a time (see `openPage`): its context, whether a test has it
 * now, and whether a test changed it in a way that cannot be undone (an init script of its own).
 */
interface Kept {
  context: BrowserContext;
  page: Page;
  held: boolean;
  tainted: boolean;
  /** The context's real close (the context's own `close` waits for the end of the test instead). */
  close: () => Promise<void>;
  /** The origins of the addresses opened in it: their storage is cleared between tests. */
  origins: Set<string>;
}

const kept = new Map<Browser, Kept>();

/** Events a test may listen to on its page: their listeners go when the test ends. */
const TEST_EVENTS = [
  'console', 'pageerror', 'request', 'requestfinished', 'requestfailed', 'response', 'dialog', 'download', 'popup',
  'filechooser', 'framenavigated', 'frameattached', 'framedetached', 'load', 'domcontentloaded', 'worker', 'websocket',
] as const;

/**
 * Makes the kept page ready for the next test: no other page in its context, no listeners, routes,
 * permissions or media emulation of the last test, no button or key held, on about:blank, and the
 * storage of every origin it opened cleared (after leaving it: the page writes its saved work as it goes
 * away). A page a test closed, or gave an init script, is closed for good.
 */
async function releaseKept(browser: Browser, siteOrigin: string | null): Promise<void> {
  const keep = kept.get(browser);
  if (!keep?.held) return;
  try {
    if (keep.tainted || keep.page.isClosed()) throw new Error('not reusable');
    const { page, context } = keep;
    // The served site's own too: a page of another origin may have shown it in a frame.
    const origins = keep.origins;
    if (siteOrigin) origins.add(siteOrigin);
    const at = page.url();
    if (at.startsWith('http')) origins.add(new URL(at).origin);
    for (const other of context.pages()) if (other !== page) await other.close();
    for (const event of TEST_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearPermissions();
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
    // The page saves its work as it goes away (pagehide, visibilitychange): a big map's link written then
    // could reach the storage after it was cleared below and come back as the next test's saved work.
    // This page is being reset, not left: it saves nothing.
    await page
      .evaluate(() => {
        const stop = (event: Event) => event.stopImmediatePropagation();
        window.addEventListener('pagehide', stop, true);
        document.addEventListener('visibilitychange', stop, true);
      })
      .catch(() => undefined);
    await page.goto('about:blank');
    // A test that failed half-way through a drag or a chord leaves no button or key down.
    await page.mouse.up().catch(() => undefined);
    for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key).catch(() => undefined);
    await clearStorage(page, origins);
    keep.held = false;
  } catch {
    await dropKept(browser);
  }
}

/** Clears the storage of `origins` in `page`'s context. */
async function clearStorage(page: Page, origins: Iterable<string>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
}

/** Closes the kept page's context for good. */
async function dropKept(browser: Browser): Promise<void> {
  const keep = kept.get(browser);
  if (!keep) return;
  kept.delete(browser);
  await keep.close().catch(() => undefined);
}

/**
 * A page that records its console errors and uncaught exceptions in `errors`, at `url`, in a context
 * whose pages start with the guided start seen (`newContext`) and no saved work.
 *
 * The first page a test opens is the file's kept page when no other test holds it: one page in one
 * context, reset between tests (`releaseKept`), because opening a page in a fresh context costs about
 * 1.1 s of CPU and a navigation of a page already open about 0.4 s, and the end-to-end tests are bound by
 * the two cores. A test that closes "its" context (`page.context().close()`) hands the kept one back,
 * reset, for its own next page or the next test's. A second page open at the same time gets a fresh
 * context of its own, as every page did.
 */
export async function openPage(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  let page: Page;
  let keep = kept.get(browser);
  if (keep && !keep.held && keep.page.isClosed()) {
    await dropKept(browser);
    keep = undefined;
  }
  if (keep && !keep.held) {
    keep.held = true;
    page = keep.page;
    await page.setViewportSize(viewport);
    // Once more, now that anything the last page sent as it went has surely arrived.
    await clearStorage(page, keep.origins);
  } else if (!keep) {
    const context = await newContext(browser, { viewport });
    page = await context.newPage();
    const entry: Kept = { context, page, held: true, tainted: false, close: context.close.bind(context), origins: new Set() };
    // "Closing" it hands it back at once, reset, so that the same test's next page is this one again.
    context.close = async () => releaseKept(browser, null);
    const addInitScript = page.addInitScript.bind(page);
    page.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
      entry.tainted = true;
      return addInitScript(...args);
    }) as Page['addInitScript'];
    kept.set(browser, entry);
  } else {
    const context = await newContext(browser, { viewport });
    page = await context.newPage();
  }
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  const keptNow = kept.get(browser);
  if (keptNow?.page === page && url.startsWith('http')) keptNow.origins.add(new URL(url).origin);
  await page.goto(url);
  return { page, errors };
}

/** The number a `data-stat` element starts with (NaN when it shows none). */
export async function stat(page: Page, name: string): Promise<number> {
  const text = await page.locator(`[data-stat="${name}"]`).textContent();
  return parseFloat((text ?? '').replace(/[^0-9.+-].*$/, ''));
}

/** Every stat the page shows (by `data-stat` name, as text) except the measured time. */
export async function stats(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const el of document.querySelectorAll<HTMLElement>('[data-stat]')) {
      const name = el.dataset.stat!;
      if (name !== 'time-us') out[name] = el.textContent ?? '';
    }
    return out;
  });
}

/**
 * Waits until the page has booted and shows a solved search.
 *
 * By default: the app is in the finished phase and has expanded cells. With `shareControls`: the page
 * has expanded cells and the share controls (Copy link, Undo, ...) are in place, whatever the phase (a
 * view restored from a link, a file or saved work is waited for this way). Either way, then, the tooltips
 * are in place (`html[data-help="ready"]`).
 */
export async function ready(page: Page, options: { shareControls?: boolean } = {}): Promise<void> {
  if (options.shareControls) {
    await page.waitForFunction(
      () =>
        document.querySelector('[data-stat="expanded"]')?.textContent !== '0' &&
        document.querySelector('#share-controls button') !== null,
    );
  } else {
    await page.waitForSelector('#app[data-phase="finished"]');
    await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  }
  // The tooltips are a chunk fetched after the first paint (www/help.ts).
  await page.waitForSelector('html[data-help="ready"]', { state: 'attached' });
}

/**
 * Clears the map to an empty `width` × `height` one with the editor's Width, Height and Clear map (an
 * English page), and waits until the page shows that size.
 */
export async function clearMap(page: Page, width: number, height: number): Promise<void> {
  await page.getByLabel('Width', { exact: true }).fill(String(width));
  await page.getByLabel('Height', { exact: true }).fill(String(height));
  await page.getByRole('button', { name: 'Clear map', exact: true }).click();
  await page.waitForFunction(
    ([w, h]) =>
      document.querySelector('[data-testid="grid"]')?.getAttribute('data-map-width') === String(w) &&
      (document.querySelector('[data-testid="ends"]')?.textContent ?? '').startsWith(`${w} × ${h} `),
    [width, height],
  );
}

/** Start and goal cells and the map size, as the page prints them under the stats. */
export async function ends(page: Page): Promise<{ width: number; height: number; start: [number, number]; goal: [number, number] }> {
  const text = (await page.locator('[data-testid="ends"]').textContent()) ?? '';
  const m = /(\d+) × (\d+) map · start \((\d+), (\d+)\) · goal \((\d+), (\d+)\)/.exec(text);
  if (!m) throw new Error(`unexpected ends text: ${text}`);
  const n = m.slice(1).map(Number);
  return { width: n[0], height: n[1], start: [n[2], n[3]], goal: [n[4], n[5]] };
}

/** The page coordinates of the centre of cell (x, y) on the grid canvas (see the README's mapping). */
export async function cellCentre(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const canvas = page.getByTestId('grid');
  const box = await canvas.boundingBox();
  const size = await canvas.evaluate((c: HTMLCanvasElement) => [Number(c.dataset.mapWidth), Number(c.dataset.mapHeight)]);
  if (!box) throw new Error('the grid canvas is not visible');
  return { x: box.x + ((x + 0.5) * box.width) / size[0], y: box.y + ((y + 0.5) * box.height) / size[1] };
}

/** Presses the mouse at cell `from`, moves through `via` cells and releases at the last one. */
export async function dragCells(page: Page, cells: [number, number][]): Promise<void> {
  const first = await cellCentre(page, cells[0][0], cells[0][1]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const [x, y] of cells.slice(1)) {
    const p = await cellCentre(page, x, y);
    await page.mouse.move(p.x, p.y, { steps: 2 });
  }
  await page.mouse.up();
}

/** How many pixels of the canvas `testid` (the map's by default) are within `tolerance` (per channel) of `rgb`. */
export async function countPixels(page: Page, rgb: readonly number[], tolerance = 12, testid = 'grid'): Promise<number> {
  return page.getByTestId(testid).evaluate(
    (c: HTMLCanvasElement, [r, g, b, tol]: number[]) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - r) <= tol && Math.abs(data[i + 1] - g) <= tol && Math.abs(data[i + 2] - b) <= tol) n++;
      }
      return n;
    },
    [rgb[0], rgb[1], rgb[2], tolerance],
  );
}

/**
 * A cheap fingerprint of the canvas pixels (to see that a frame changed them), taken after two animation
 * frames: what the page draws before the next frame (`redrawSoon`: the inspector's marks, an overlay
 * turned on or off) is then on the canvas, however busy the machine.
 */
export async function canvasHash(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  return page.getByTestId('grid').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let h = 2166136261;
    for (let i = 0; i < data.length; i += 7) h = Math.imul(h ^ data[i], 16777619);
    return h >>> 0;
  });
}

/**
 * A fingerprint of the canvas pixels (size and FNV-1a of every RGBA byte), taken with the pointer away
 * from the map and the focus away from it, so no brush outline or keyboard cursor is drawn; waits two
 * animation frames first so the canvas shows that.
 */
export async function pixels(page: Page): Promise<string> {
  await page.mouse.move(1, 1);
  // The keyboard cursor is drawn while the canvas has focus: take the focus away first.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0x811c9dc5;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 0x01000193);
    return `${canvas.width}x${canvas.height}:${(hash >>> 0).toString(16)}`;
  });
}

/** Empties the status message (so the next one can be waited for). */
export async function clearMessage(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.getElementById('message')!.textContent = '';
  });
}

/** The status message now shown, with its kind (`data-kind`). */
export async function message(page: Page): Promise<{ text: string; kind: string }> {
  return page.evaluate(() => {
    const el = document.getElementById('message')!;
    return { text: el.textContent ?? '', kind: el.dataset.kind ?? '' };
  });
}

/** Resolves after the page has rendered one more animation frame. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((ok) => requestAnimationFrame(() => ok())));
}

/** Serves one HTML page (an "article" that embeds the playground) from its own origin. */
export async function serveHtml(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** Picks scenario problem `index` (1-based, as listed) the way a person would: finds "#index", presses Enter. */
export async function pickProblem(page: Page, index: number): Promise<void> {
  const search = page.getByLabel('Find a scenario problem', { exact: true });
  await search.fill(`#${index}`);
  await search.press('Enter');
}

/** Chooses `name` in the toolbar's File menu (www/share/button.ts), opening the menu first. */
export async function fromFileMenu(page: Page, name: string): Promise<void> {
  const menu = page.locator('.file-menu');
  if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) await menu.locator('summary').click();
  await page.getByRole('button', { name, exact: true }).click();
}

/** The core's playground as a test drives it from the page: the demo's share bytes with other settings. */
interface SharedDemo {
  settings(): Record<string, unknown>;
  setSettings(settings: Record<string, unknown>): void;
  shareBytes(view: { smooth: boolean; numbers: string; step: number | null }, recipe: null): Uint8Array;
  free(): void;
}

/** The demo's share bytes with `change` made to its settings, written by the page's own codec. */
export async function demoBytes(page: Page, change: Record<string, unknown>): Promise<Buffer> {
  const bytes = await page.evaluate((c) => {
    const app = (window as unknown as { astarPlayground: { pg: { constructor: { demo(): SharedDemo } } } }).astarPlayground;
    const pg = app.pg.constructor.demo();
    pg.setSettings({ ...pg.settings(), ...c });
    const out = Array.from(pg.shareBytes({ smooth: false, numbers: 'none', step: null }, null));
    pg.free();
    return out;
  }, change);
  return Buffer.from(bytes);
}
