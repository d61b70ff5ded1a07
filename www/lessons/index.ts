// The lessons' chunk, fetched by www/lessons/start.ts: what the first download calls. Opening the lesson an
// address names (before the boot restores a view, then its card or embed caption) and the gallery
// (www/lessons/gallery.ts); the card is www/lessons/card.ts, the lessons themselves www/lessons/data.ts.
import './lessons.css';
import type { App } from '../app.js';
import { lessonNumbered, type Lesson } from './data.js';
import { captionEmbed, showLessonCard } from './card.js';
import { openGallery } from './gallery.js';
import { lessonLink, withLessonMode } from './view.js';

export { openGallery };

/** The lesson an address's `?lesson=` value names (digits only), or undefined. */
function lessonNamed(value: string): Lesson | undefined {
  return /^\d{1,2}$/.test(value) ? lessonNumbered(Number(value)) : undefined;
}

/** Called with the address's lesson before the share modules restore the view (see start.ts): its view in
 * the fragment and, for a lesson in mesh mode, its `?mesh=` setup, which mesh mode's entry then opens. */
export async function putLessonInAddress(value: string): Promise<void> {
  const lesson = lessonNamed(value);
  if (!lesson) return;
  const search = withLessonMode(location.search, lesson);
  history.replaceState(history.state, '', `${location.pathname}${search}#${await lessonLink(lesson)}`);
}

/** After the boot, for `?lesson=N`: its card on the full page, its caption in an embed. */
export function showNamedLesson(app: App, value: string, embed: boolean): void {
  const lesson = lessonNamed(value);
  if (!lesson) return;
  if (embed) captionEmbed(lesson.number);
  else showLessonCard(app, lesson.number, () => openGallery(app));
}
