// One sentence of help on every control: every button, menu, field and checkbox a person can reach has an
// accessible description (aria-describedby) naming a tooltip with one sentence, shown on hover and on
// keyboard focus, hidden again after; the same in Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newContext, openPage, ready, useSite } from './harness.js';

const site = useSite();

/** Every visible control without a one-sentence description, by a name a person can find it by. */
async function controlsWithoutHelp(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const missing: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('button, select, input, textarea')) {
      if (!control.checkVisibility()) continue;
      const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
      if (!/[.。]$/.test(text)) missing.push(control.id || control.textContent?.trim() || control.outerHTML.slice(0, 80));
    }
    return missing;
  });
}

/** The control's tooltip: its text, whether it shows, whether it covers the control, whether it is inside the window. */
async function tipOf(page: Page, selector: string): Promise<{ text: string; visible: boolean; covers: boolean; inside: boolean }> {
  return page.locator(selector).evaluate((control) => {
    const tip = document.getElementById(control.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    const a = tip.getBoundingClientRect();
    const b = control.getBoundingClientRect();
    const covers = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const inside = a.left >= 0 && a.top >= 0 && a.right <= window.innerWidth && a.bottom <= window.innerHeight;
    return { text: tip.textContent ?? '', visible: tip.checkVisibility(), covers, inside };
  });
}

for (const lang of ['en', 'zh']) {
  test(`every control has one sentence of help, on hover and on focus (${lang})`, async () => {
    const { page, errors } = await openPage(site.browser, `${site.url}?lang=${lang}`);
    await ready(page, { shareControls: true });
    assert.deepEqual(await controlsWithoutHelp(page), []);

    // Hover: the w slider's sentence appears, and goes when the pointer leaves.
    assert.equal((await tipOf(page, '#w')).visible, false);
    await page.locator('#w').hover();
    const w = await tipOf(page, '#w');
    assert.ok(w.visible, 'shown on hover');
    assert.match(w.text, lang === 'en' ? /weight of h/ : /h 的权重/);
    assert.ok(!w.covers && w.inside, 'beside the slider, inside the window');
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => !document.querySelector<HTMLElement>('[role="tooltip"]:not([hidden])'));

    // Keyboard focus: Tab from the language menu reaches controls, each showing its own sentence.
    await page.locator('#play').focus();
    const play = await tipOf(page, '#play');
    assert.ok(play.visible, 'shown on focus');
    assert.ok(!play.covers && play.inside, 'beside Play, inside the window');
    await page.keyboard.press('Tab');
    assert.equal((await tipOf(page, '#play')).visible, false, 'hidden when the focus moves on');
    assert.ok((await tipOf(page, '#reset')).visible);
    await page.keyboard.press('Escape');
    assert.equal((await tipOf(page, '#reset')).visible, false, 'Escape hides it');

    // The description is what a screen reader reads after the name.
    const description = await page.locator('#smooth').evaluate((el) => {
      const id = el.getAttribute('aria-describedby')!;
      return document.getElementById(id)?.textContent;
    });
    assert.ok(description && description.length > 10);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('in an embed, the bar’s controls and its ⋯ button have their help too', async () => {
  const { page, errors } = await openPage(site.browser, `${site.url}?embed&controls=algorithm,heuristic,movement,w,smooth,speed,play,step,timeline,stats&lang=zh`);
  await page.setViewportSize({ width: 320, height: 240 });
  await ready(page, { shareControls: true });
  await page.waitForFunction(() => !document.querySelector('.bar-more')?.hasAttribute('hidden'));
  assert.deepEqual(await controlsWithoutHelp(page), []);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a tap on a phone does not leave a tooltip over the page', async () => {
  const context = await newContext(site.browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(site.url);
  await ready(page);
  await page.locator('#step').tap();
  await page.waitForSelector('#app[data-phase="paused"]');
  assert.equal(await page.locator('#step').evaluate((el) => el === document.activeElement), true, 'the tapped button has the focus');
  assert.equal((await tipOf(page, '#step')).visible, false);
  await context.close();
});
