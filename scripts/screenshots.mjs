// Takes the README's pictures from the built site: docs/screenshot.png (the full page on the demo map),
// docs/screenshot-zh.png (the same page in Chinese: needs a CJK font such as Debian's fonts-noto-cjk),
// docs/phone.png (a 390 × 844 phone), docs/figure.png (the article figure: the embed with w and
// smooth) and docs/screenshot-compare.png (compare mode: A* at w = 1 against w = 2.5). The guided start is marked as seen first, so it does not cover the pictures. Usage: npm run
// build, then node scripts/screenshots.mjs [site dir, default dist].
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';

const TOUR_SEEN = () => localStorage.setItem('astar-playground:tour-done', '1');

const site = await serve(process.argv[2] ?? 'dist');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
/** A page in a fresh context of these options, the tour already seen. */
async function open(options, query = '') {
  const context = await browser.newContext(options);
  await context.addInitScript(TOUR_SEEN);
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error('page:', m.text()));
  await page.goto(`${site.url}${query}`);
  return page;
}
try {
  for (const [query, path] of [
    ['?lang=en', 'docs/screenshot.png'],
    ['?lang=zh', 'docs/screenshot-zh.png'],
  ]) {
    const page = await open({ viewport: { width: 1280, height: 800 } }, query);
    await page.waitForSelector('#sweep[data-state="done"]');
    await page.screenshot({ path });
  }

  const phone = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, '?lang=en');
  await phone.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  await phone.screenshot({ path: 'docs/phone.png' });

  const embed = await open({ viewport: { width: 760, height: 480 } }, '?embed&controls=w,smooth&lang=en');
  await embed.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  await embed.locator('#w').fill('2.5');
  await embed.locator('#smooth').check();
  await embed.screenshot({ path: 'docs/figure.png' });
  const compare = await open({ viewport: { width: 1280, height: 800 } }, '?lang=en&compare&b=,,2.5');
  await compare.waitForSelector('[data-testid="compare-stats"]');
  await compare.waitForSelector('#sweep[data-state="done"]');
  await compare.screenshot({ path: 'docs/screenshot-compare.png' });
  console.log('wrote docs/screenshot.png, docs/screenshot-zh.png, docs/phone.png, docs/figure.png and docs/screenshot-compare.png');
} finally {
  await browser.close();
  await site.close();
}
