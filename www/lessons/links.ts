// A lesson's own addresses: its link (`?lesson=N`, the page opening on it) and its embed code
// (`?embed&lesson=N` in an <iframe>, showing the control it asks to try where an embed has it), both in the
// page's language.
import { currentLanguage } from '../i18n/index.js';
import type { Lesson } from './data.js';
import type { EmbedControl } from '../embed-url.js';
import { lessonText } from './strings.js';

/** The full page's address (no query, no fragment). */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/** The lesson's own link: the page opening on it, in the page's language. */
export function lessonUrl(number: number): string {
  return `${pageUrl()}?lesson=${number}&lang=${currentLanguage()}`;
}

/** The embed control that holds a lesson's "try" control (the plain cost is in the terrain costs). */
const EMBED_CONTROL_OF: Record<Lesson['expect']['control'], EmbedControl> = {
  w: 'w',
  smooth: 'smooth',
  curve: 'curve',
  algorithm: 'algorithm',
  heuristic: 'heuristic',
  movement: 'movement',
  budget: 'budget',
  'tie-break': 'tie-break',
  'cost-plain': 'costs',
  'h-follows': 'heuristic',
  'danger-in-h': 'penalties',
  'hug-penalty': 'penalties',
  // Mesh mode's card comes with the mode (`&mesh=` in the embed's address), not with an embed control.
  'mesh-search': 'stats',
};

/**
 * The embed names of the controls a lesson's embed shows: its "try" control, then the stats with the
 * number to watch, then Play and Step; an embed's bar moves what does not fit behind ⋯ last first, so
 * the try and the watch are the last to go.
 */
function embedControlsOf(lesson: Lesson): string {
  return [EMBED_CONTROL_OF[lesson.expect.control], 'stats', 'play', 'step'].join(',');
}

/** The <iframe> code of a lesson's embed. */
export function lessonEmbedCode(lesson: Lesson): string {
  const mode = lesson.mesh === undefined ? '' : `&mesh=${lesson.mesh}`;
  const src = `${pageUrl()}?embed&lesson=${lesson.number}&controls=${embedControlsOf(lesson)}${mode}&lang=${currentLanguage()}`;
  const title = lessonText('lesson.label', { number: lesson.number, title: lessonText(`lesson.${lesson.number}.title`) });
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escape(src)}" width="640" height="560" style="border:0;max-width:100%" title="${escape(title)}" loading="lazy"></iframe>`;
}
