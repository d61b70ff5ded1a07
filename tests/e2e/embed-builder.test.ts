// The teacher's tool (issue "the article's story first", part 5): the embed builder in the Share & embed
// part writes the embed in a language of its own and at the size chosen, shows it live at that size, and
// every embed the README gives fits its stated size with its numbers visible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { openPage, ready, useSite } from './harness.js';

const site = useSite();

async function open(query = ''): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, `${site.url}${query}`);
  await opened.page.setViewportSize({ width: 1366, height: 768 });
  await ready(opened.page);
  return opened;
}

const code = (page: Page) => page.locator('#embed-code').inputValue();
/** The src of the iframe in the embed code, unescaped. */
const srcOf = (snippet: string) => (/src="([^"]*)"/.exec(snippet)?.[1] ?? '').replace(/&amp;/g, '&');

test('the builder writes the embed in its own language and size, and previews it live at that size', async () => {
  const { page, errors } = await open();
  assert.equal(await page.locator('#embed-lang').inputValue(), 'en', "the page's language at first");
  await page.locator('#embed-lang').selectOption('zh');
  await page.locator('#embed-width').fill('800');
  await page.locator('#embed-height').fill('500');
  await page.waitForFunction(() => (document.getElementById('embed-code') as HTMLTextAreaElement).value.includes('width="800"'));
  const snippet = await code(page);
  assert.match(snippet, /height="500"/);
  assert.match(snippet, /title="A\* 寻路演示"/);
  assert.match(srcOf(snippet), /[?&]lang=zh(&|#|$)/);

  await page.locator('#embed-preview-toggle').click();
  const frameElement = page.getByTestId('embed-preview-frame');
  await frameElement.waitFor();
  await page.waitForFunction(
    (src) => (document.querySelector('[data-testid="embed-preview-frame"]') as HTMLIFrameElement | null)?.src === src,
    srcOf(snippet),
  );
  const laidOut = await frameElement.evaluate((f: HTMLIFrameElement) => ({ width: f.style.width, height: f.style.height, box: f.getBoundingClientRect().width }));
  assert.deepEqual([laidOut.width, laidOut.height], ['800px', '500px'], 'the frame is the embed at its size');
  assert.ok(laidOut.box < 400, `scaled down to the card (${laidOut.box} px on screen)`);
  assert.match((await page.locator('.embed-preview-scale').textContent()) ?? '', /shown at \d+% of its size/);
  // The preview is the embed itself, speaking Chinese, with the chosen controls.
  const frame = (await frameElement.elementHandle())!.contentFrame() as Promise<Frame | null>;
  const inside = (await frame)!;
  await inside.waitForFunction(() => document.documentElement.classList.contains('embed') && document.documentElement.lang === 'zh-CN');
  await inside.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
  assert.ok(await inside.locator('#w').isVisible(), 'the w slider the builder ticks by default');

  // A change of the controls shown reloads the preview with the new code.
  await page.locator('.embed-controls input[value="stats"]').check();
  await page.waitForFunction(() => {
    const frameNow = document.querySelector('[data-testid="embed-preview-frame"]') as HTMLIFrameElement | null;
    return !!frameNow && /controls=[^&#]*stats/.test(frameNow.src);
  });
  assert.match(srcOf(await code(page)), /controls=w,smooth,stats/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('in Chinese the builder starts in Chinese, and an English embed can be made from it', async () => {
  const { page, errors } = await open('?lang=zh');
  assert.equal(await page.locator('#embed-lang').inputValue(), 'zh');
  assert.match(await code(page), /title="A\* 寻路演示"/);
  await page.locator('#embed-lang').selectOption('en');
  await page.waitForFunction(() => /(\?|&amp;)lang=en/.test((document.getElementById('embed-code') as HTMLTextAreaElement).value));
  assert.match(await code(page), /title="A\* Playground"/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The README's embeds at the sizes it gives them: what must be visible inside the frame. */
const README_EMBEDS: { query: string; width: number; height: number; visible: string[] }[] = [
  { query: '?embed&controls=w,smooth', width: 640, height: 420, visible: ['#w', '#smooth'] },
  { query: '?embed&controls=algorithm,w&legend', width: 640, height: 420, visible: ['#algorithm', '#w', '[data-testid="legend"]'] },
  {
    query: '?embed&compare&controls=play,step,stats&b=,,2.5',
    width: 640,
    height: 400,
    visible: ['#play', '#step', '[data-testid="compare-stats"]', '[data-testid="grid-b"]', '[data-testid="badge-b"]'],
  },
];

for (const embed of README_EMBEDS) {
  test(`${embed.query} at ${embed.width} × ${embed.height}: the maps, the controls and the numbers are all inside the frame`, async () => {
    const { page, errors } = await openPage(site.browser, `${site.url}${embed.query}`);
    await page.setViewportSize({ width: embed.width, height: embed.height });
    await page.waitForFunction(() => document.querySelector('[data-stat="expanded"]')?.textContent !== '0');
    if (embed.query.includes('compare')) {
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="compare-stats"] [data-pane="b"]')?.textContent ?? ''));
    }
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    const inside = async (selector: string) => {
      const b = await page.locator(selector).first().boundingBox();
      assert.ok(b, `${selector} is shown`);
      assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= embed.width + 0.5 && b.y + b.height <= embed.height + 0.5, `${selector} at ${JSON.stringify(b)}: inside the frame`);
    };
    for (const selector of ['[data-testid="grid"]', '[data-testid="badge"]', ...embed.visible]) await inside(selector);
    assert.equal(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight && document.scrollingElement!.scrollWidth <= innerWidth), true, 'no scrolling');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
