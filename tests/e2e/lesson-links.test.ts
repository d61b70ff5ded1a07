// Every lesson from its own link (`?lesson=N`), in English and Chinese: its card in the language asked
// for, its link and embed code, and its "try" control set to the target making its "watch" number do what
// the lesson's `expect` says; and the embed code its card gives, opened at the size it states (in one of
// the two languages, alternately), showing the "try" control and the watched number, doing the same (lessons.test.ts has the gallery, the embeds and lessons 13 and 14's stories;
// split from it so that two test workers share the lessons' time).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from './harness.js';
import { LESSONS, watchSelector } from '../../www/lessons/data.js';
import { checkExpectation, lessonShown } from './lessons-shared.js';

const site = useSite();

/** Opens a lesson card's embed `code` at its own size: the try control and the watched number are in view
 * (not behind ⋯), nothing scrolls, and the try does what the lesson says there too. */
async function checkEmbed(code: string): Promise<void> {
  const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
  const width = Number(/width="(\d+)"/.exec(code)![1]);
  const height = Number(/height="(\d+)"/.exec(code)![1]);
  const number = Number(new URL(src).searchParams.get('lesson'));
  const lesson = LESSONS.find((l) => l.number === number)!;
  const { page, errors } = await openPage(site.browser, src, { width, height });
  await lessonShown(page, lesson, { card: false });
  await page.getByTestId('lesson-caption').waitFor();
  const inView = (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && !el.closest('#more-panel');
    });
  const where = `lesson ${number}'s embed at ${width} × ${height}`;
  assert.ok(await inView(`#${lesson.expect.control}`), `${where}: #${lesson.expect.control} is in view`);
  assert.ok(await inView(watchSelector(lesson.expect.stat)), `${where}: ${lesson.expect.stat} is in view`);
  assert.ok(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight), `${where}: nothing scrolls`);
  await checkExpectation(page, lesson);
  assert.deepEqual(errors, [], where);
  await page.context().close();
}

for (const lesson of LESSONS) {
  test(`lesson ${lesson.number} opens from its link in English and Chinese, and its "try" does what it says`, async () => {
    const texts: Record<string, string> = {};
    for (const lang of ['en', 'zh']) {
      const { page, errors } = await openPage(site.browser, `${site.url}?lesson=${lesson.number}&lang=${lang}`);
      await lessonShown(page, lesson);
      const card = page.getByTestId('lesson-card');
      texts[lang] = (await card.innerText()).trim();
      const link = await page.getByTestId('lesson-link').inputValue();
      assert.match(link, new RegExp(`\\?lesson=${lesson.number}&lang=${lang}$`));
      const embed = await page.getByTestId('lesson-embed').inputValue();
      assert.match(embed, new RegExp(`^<iframe src="[^"]*\\?embed&amp;lesson=${lesson.number}&amp;`));
      await checkExpectation(page, lesson);
      assert.deepEqual(errors, [], `lesson ${lesson.number} (${lang})`);
      await page.context().close();
      if (lang === (lesson.number % 2 === 0 ? 'en' : 'zh')) await checkEmbed(embed);
    }
    assert.doesNotMatch(texts.en, /[\u4e00-\u9fff]/, 'the English card has no Chinese');
    assert.ok((texts.zh.match(/[\u4e00-\u9fff]/g) ?? []).length > 40, 'the Chinese card is in Chinese');
    assert.notEqual(texts.zh, texts.en);
  });
}
