// The lessons' part in the page's first download: the "Lessons" button next to the page title (full page
// only) and `?lesson=N`. Everything else (the gallery, the lesson card, the lessons' words and maps) is the
// chunk www/lessons/index.ts, fetched when the button is pressed or an address names a lesson.
import { errorText, type App } from '../app.js';
import { t } from '../i18n/index.js';

const chunk = () => import('./index.js');
/** The lesson the address names (`?lesson=N`, checked by the chunk), or null. */
const named = () => new URLSearchParams(location.search).get('lesson');

/**
 * Before the share modules restore the view: an address naming a lesson and no view of its own (no `#`
 * fragment, which wins: it is the reader's own state of that lesson) gets the lesson's view as its
 * fragment, so the page opens on it. Resolves at once when the address names no lesson; a chunk that
 * cannot be fetched leaves the page as it would be without the lesson.
 */
export async function openLessonInAddress(): Promise<void> {
  const lesson = named();
  if (lesson !== null && location.hash.length < 2) await chunk().then((m) => m.putLessonInAddress(lesson), () => undefined);
}

/** Adds the Lessons button after the page title (not in embeds); for `?lesson=N`, its card (or embed caption). */
export function installLessons(app: App): void {
  const lesson = named();
  const embed = document.documentElement.classList.contains('embed');
  if (lesson !== null) void chunk().then((m) => m.showNamedLesson(app, lesson, embed), () => undefined);
  if (embed) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'lessons-open';
  button.textContent = t('lessons.open');
  button.dataset.help = 'help.lessons';
  button.onclick = () => void chunk().then((m) => m.openGallery(app), (err: unknown) => app.showMessage(errorText(err), 'error'));
  document.querySelector('.toolbar h1')?.after(button);
}
