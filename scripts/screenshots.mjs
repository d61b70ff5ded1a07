// Takes the README's pictures from the built site: docs/screenshot.png (the full page on the demo map)
// and docs/figure.png (the article figure: the embed with w and smooth). Usage: npm run build, then
// node scripts/screenshots.mjs [site dir, default dist].
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => m.type() === 'error' && console.error('page:', m.text()));
  await page.goto(site.url);
  await page.waitForSelector('#sweep[data-state="done"]');
  await page.screenshot({ path: 'docs/screenshot.png' });

  const embed = await browser.newPage({ viewport: { width: 760, height: 480 } });
  await embed.goto(`${site.url}?embed&controls=w,smooth`);
  await embed.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  await embed.locator('#w').fill('2.5');
  await embed.locator('#smooth').check();
  await embed.screenshot({ path: 'docs/figure.png' });
  console.log('wrote docs/screenshot.png and docs/figure.png');
} finally {
  await browser.close();
  await site.close();
}
