// Embed mode and the embed API.
//
// `?embed&controls=w,smooth` (or `?embed=w,smooth`) shows only the canvas, the named controls (from
// EMBED_CONTROLS) and an "open standalone ↗" link to the same map and settings in the full page, filling
// the iframe without scrollbars. On the full page, the embed builder (www/embed-maker.ts, a chunk) builds
// the <iframe> snippet.
//
// postMessage API: www/embed-messages.ts (a chunk fetched only inside a frame).
import type { App } from './app.js';
import type { AppHooks } from './hooks.js';
import { onLinkPublished, shareFragment } from './share/index.js';
import { walkQuery } from './walk/url.js';
import { unitsQuery } from './units/url.js';
import { meshQuery } from './mesh/url.js';
import { compareQuery, embedControls, embedView, type EmbedControl } from './embed-url.js';
import { currentLanguage, t } from './i18n/index.js';

/** The full page's address (no query, no fragment). */
export function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/** The share link's fragment of the view shown ('' when it cannot be written). */
export function fragment(hooks: AppHooks): string {
  try {
    return shareFragment(hooks);
  } catch {
    return '';
  }
}

function installEmbedMode(app: App, controls: EmbedControl[]): void {
  document.documentElement.classList.add('embed');
  const bar = document.createElement('div');
  bar.className = 'embed-bar';
  // The story strip's numbers belong to the stats card in an embed (the strip itself is not shown there).
  const storyStats = document.querySelectorAll('.story-stats > div');
  document.querySelector('[data-control="stats"] .stats')?.prepend(...storyStats);
  for (const name of controls) {
    let element = document.querySelector<HTMLElement>(`[data-control="${name}"]`);
    if (!element) {
      // A control a chunk adds later (the penalties) gets an empty place in the bar that the chunk fills.
      element = document.createElement('div');
      element.dataset.slot = name;
    }
    bar.append(element);
  }
  // The badge is a caption in the bar, never over the map.
  bar.append(document.querySelector('[data-testid="badge"]')!);
  const link = document.getElementById('standalone') as HTMLAnchorElement;
  link.hidden = false;
  // A lesson's embed opens the full page on the same lesson (its card), in the view the reader has made.
  const lesson = new URLSearchParams(location.search).get('lesson');
  const lessonQuery = lesson === null ? '' : `&lesson=${encodeURIComponent(lesson)}`;
  const refresh = () => {
    link.href = `${pageUrl()}?lang=${currentLanguage()}${compareQuery(location.search)}${walkQuery(location.search)}${unitsQuery(location.search)}${meshQuery(location.search)}${lessonQuery}${fragment(app)}`;
  };
  for (const event of ['pointerdown', 'focus', 'click']) link.addEventListener(event, refresh);
  onLinkPublished(refresh);
  refresh();
  bar.append(link);
  const main = document.getElementById('app')!;
  main.prepend(bar);
  if (embedView(location.search).lock) {
    app.locked = true;
    document.documentElement.classList.add('locked');
    document.querySelector('[data-testid="grid"]')?.setAttribute('aria-label', t('area.canvas-locked'));
  }
  for (const hidden of document.querySelectorAll<HTMLElement>('.toolbar, .panel, .story, .player')) hidden.hidden = true;
  const message = document.getElementById('message')!;
  document.querySelector('.stage-area')!.append(message);
}

/**
 * Applies an embed URL's `numbers`, `speed` and `autoplay` (embed-url.ts) over the view its link opened:
 * called once the boot has shown that view. Autoplay waits for readers who ask for less motion
 * (prefers-reduced-motion): they get the view paused at the start, with Play to press.
 */
export function applyEmbedView(app: App): void {
  if (!embedControls(location.search)) return;
  const view = embedView(location.search);
  if (view.numbers) app.setNumbers(view.numbers);
  const speed = document.querySelector<HTMLInputElement>('#speed');
  if (view.speed !== undefined && speed) {
    speed.value = String(view.speed);
    speed.dispatchEvent(new Event('input'));
  }
  if (view.autoplay) {
    app.reset();
    if (!matchMedia('(prefers-reduced-motion: reduce)').matches) app.play();
  }
}

/** The postMessage API's chunk, once fetched (inside a frame only). */
let messages: typeof import('./embed-messages.js') | null = null;

/**
 * Sets up embed mode (when the URL asks for it), the embed-code maker and, inside a frame, the
 * postMessage API: its chunk is fetched then, and the messages that arrive meanwhile are kept and
 * answered in order once it is here. Resolves when the API is ready (at once outside a frame).
 */
export async function installEmbed(app: App): Promise<void> {
  const controls = embedControls(location.search);
  if (controls) installEmbedMode(app, controls);
  if (window.parent === window) return;
  const early: MessageEvent[] = [];
  const keep = (event: MessageEvent) => early.push(event);
  window.addEventListener('message', keep);
  try {
    messages = await import('./embed-messages.js');
  } finally {
    window.removeEventListener('message', keep);
  }
  messages.installMessages(app, early);
}

/**
 * Posts 'astar:ready' with the stats of the map shown (inside a frame). The page calls it once its boot
 * is complete (the link or saved view opened): searches before it (the demo solved on the way) are not
 * reported.
 */
export function announceReady(app: App): void {
  messages?.announceReady(app);
}
