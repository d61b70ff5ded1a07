// Shared set-up for the end-to-end tests: a static server over the built site (dist/) and headless
// Chromium from Debian driven by playwright-core. Each test file gets one browser; each test a fresh page
// that records console errors, so a test can assert the page logged none.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

const DIST = resolve(process.env.E2E_DIST ?? 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** A page that records its console errors and uncaught exceptions in `errors`. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(url);
  return { page, errors };
}

/** The number a `data-stat` element starts with (NaN when it shows none). */
export async function stat(page: Page, name: string): Promise<number> {
  const text = await page.locator(`[data-stat="${name}"]`).textContent();
  return parseFloat((text ?? '').replace(/[^0-9.+-].*$/, ''));
}
