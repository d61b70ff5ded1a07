// Every lesson from its own link (`?lesson=N`), in English and Chinese: its card in the language asked
// for, its link and embed code, and its "try" control set to the target making its "watch" number do what
// the lesson's `expect` says (lessons.test.ts has the gallery, the embeds and lessons 13 and 14's stories;
// split from it so that two test workers share the lessons' time).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from './harness.js';
import { LESSONS } from '../../www/lessons/data.js';
import { checkExpectation, lessonShown } from './lessons-shared.js';

const site = useSite();

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
    }
    assert.doesNotMatch(texts.en, /[\u4e00-\u9fff]/, 'the English card has no Chinese');
    assert.ok((texts.zh.match(/[\u4e00-\u9fff]/g) ?? []).length > 40, 'the Chinese card is in Chinese');
    assert.notEqual(texts.zh, texts.en);
  });
}
