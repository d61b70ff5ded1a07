// The lessons' part in the page's first download: the "Lessons" button next to the page title (full page
// only) and `?lesson=N`. Everything else (the gallery, the lesson card, the lessons' words and maps) is the
// chunk www/lessons/index.ts, fetched when the button is pressed or an address names a lesson.
import { errorText, type App } from '../app.js';
import { t } from '../i18n/index.js';

/** The lesson number an address names (`?lesson=N`), or null. */
export function lessonInAddress(search: string): number | null {
  const value = new URLSearchParams(search).get('lesson');
  return value !== null && /^\d{1,2}$/.test(value) ? Number(value) : null;
}

const chunk = () => import('./index.js');

/**
 * Before the share modules restore the view: an address naming a lesson and no view of its own (no `#`
 * fragment, which wins: it is the reader's own state of that lesson) gets the lesson's view as its
 * fragment, so the page opens on it. Resolves at once when the address names no lesson.
 */
export async function openLessonInAddress(): Promise<void> {
  const number = lessonInAddress(location.search);
  if (number === null || location.hash.length > 1) return;
  try {
    (await chunk()).putLessonInAddress(number);
  } catch {
    // The chunk could not be fetched: the page opens as it would without the lesson.
  }
}

/** Adds the Lessons button after the page title (not in embeds) and, for `?lesson=N`, shows its card. */
export function installLessons(app: App): void {
  const number = lessonInAddress(location.search);
  if (document.documentElement.classList.contains('embed')) {
    if (number !== null) void chunk().then((lessons) => lessons.captionEmbed(number), () => undefined);
    return;
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'lessons-open';
  button.className = 'lessons-open';
  button.textContent = t('lessons.open');
  button.dataset.help = 'help.lessons';
  button.setAttribute('aria-haspopup', 'dialog');
  button.addEventListener('click', () => void chunk().then((lessons) => lessons.openGallery(app), (err: unknown) => app.showMessage(errorText(err), 'error')));
  document.querySelector('.toolbar h1')?.after(button);
  if (number !== null) void chunk().then((lessons) => lessons.showLessonCard(app, number), () => undefined);
}
