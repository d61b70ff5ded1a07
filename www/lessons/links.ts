// A lesson's own addresses: its link (`?lesson=N`, the page opening on it) and its embed code
// (`?embed&lesson=N` in an <iframe>, showing the control it asks to try where an embed has it), both in the
// page's language.
import { currentLanguage } from '../i18n/index.js';
import type { Lesson } from './data.js';
import { lessonText } from './strings.js';

/** The full page's address (no query, no fragment). */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/** The lesson's own link: the page opening on it, in the page's language. */
export function lessonUrl(number: number): string {
  return `${pageUrl()}?lesson=${number}&lang=${currentLanguage()}`;
}

/** The embed names of the controls a lesson's embed shows: its "try" control where an embed has it. */
function embedControlsOf(lesson: Lesson): string {
  const embeddable = ['w', 'smooth', 'algorithm', 'heuristic', 'movement', 'budget'];
  const tried = embeddable.includes(lesson.expect.control) ? [lesson.expect.control] : [];
  return [...tried, 'play', 'step', 'stats'].join(',');
}

/** The <iframe> code of a lesson's embed. */
export function lessonEmbedCode(lesson: Lesson): string {
  const src = `${pageUrl()}?embed&lesson=${lesson.number}&controls=${embedControlsOf(lesson)}&lang=${currentLanguage()}`;
  const title = lessonText('lesson.label', { number: lesson.number, title: lessonText(`lesson.${lesson.number}.title`) });
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escape(src)}" width="640" height="460" style="border:0;max-width:100%" title="${escape(title)}" loading="lazy"></iframe>`;
}
