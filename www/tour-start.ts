// The guided start's button and when the tour opens by itself (the tour's dialog is www/tour.ts). A "Take
// the tour" button in the toolbar opens it any time.
//
// When it opens by itself: on the full page (never in an embed), on a first visit (localStorage has no
// `TOUR_DONE_KEY`), and only when the page shows the demo map: not when the address carries a shared view
// (a `#` fragment or a parameter other than `lang`) or the browser restores saved work, because those
// pages are someone's own map, where the demo's story does not fit. Closing it (×, Escape, or Done)
// remembers it. Automation sets `TOUR_DONE_KEY` before the page loads (tests/e2e/harness.ts) so the tour
// stays out of the way; the tour's own tests clear it.
//
// This module is the part in the page's first download: the button and the decision to open; the tour
// itself (www/tour.ts) is a chunk fetched when it opens.
import { t } from './i18n/index.js';
import { STORAGE_KEY as SAVED_WORK_KEY } from './share/keeper.js';

/** localStorage key: present once the tour was closed (or skipped by automation). */
export const TOUR_DONE_KEY = 'astar-playground:tour-done';

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Whether the tour opens by itself on this page (see the module comment). */
export function tourOpensByItself(): boolean {
  if (document.documentElement.classList.contains('embed')) return false;
  if (location.hash.length > 1) return false;
  if ([...new URLSearchParams(location.search).keys()].some((key) => key !== 'lang')) return false;
  return storageGet(TOUR_DONE_KEY) === null && storageGet(SAVED_WORK_KEY) === null;
}

/** Remembers that the tour was closed, so that it does not open by itself again. */
function rememberDone(): void {
  try {
    localStorage.setItem(TOUR_DONE_KEY, '1');
  } catch {
    // Storage refused: the tour opens again next time, which is all that is lost.
  }
}

/** Fetches the tour's chunk and opens it; a failed fetch leaves the page as it was. */
function openTour(): void {
  import('./tour.js').then(
    (tour) => tour.openTour(rememberDone),
    () => undefined,
  );
}

/**
 * Adds the "Take the tour" button to the toolbar (full page only) and opens the tour when this is a first
 * visit to the demo map. Call after the share modules have restored any link or saved work.
 */
export function installTour(): void {
  if (document.documentElement.classList.contains('embed')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'tour-start';
  button.className = 'tour-start';
  button.textContent = t('tour.start');
  button.dataset.help = 'help.tour';
  button.addEventListener('click', openTour);
  document.querySelector('.toolbar h1')?.after(button);
  if (tourOpensByItself()) openTour();
}
