// Embed mode and the embed API.
//
// `?embed&controls=w,smooth` (or `?embed=w,smooth`) shows only the canvas, the named controls (from
// EMBED_CONTROLS) and an "open standalone ↗" link to the same map and settings in the full page, filling
// the iframe without scrollbars. On the full page, "Copy embed code" builds the <iframe> snippet.
//
// postMessage API: www/embed-messages.ts (a chunk fetched only inside a frame).
import type { App } from './app.js';
import type { AppHooks } from './hooks.js';
import { onLinkPublished, shareFragment } from './share/index.js';
import { walkQuery } from './walk/url.js';
import { compareQuery, embedControls, embedView, type EmbedControl } from './embed-url.js';
import { currentLanguage, t } from './i18n/index.js';

/** The full page's address (no query, no fragment). */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

function fragment(hooks: AppHooks): string {
  try {
    return shareFragment(hooks);
  } catch {
    return '';
  }
}

/** What "Copy embed code" adds beyond the controls: see EmbedView in embed-url.ts. */
export interface SnippetOptions {
  lock?: boolean;
  autoplay?: boolean;
  speed?: number;
  numbers?: 'g' | 'h' | 'f' | 'off';
}

/**
 * The <iframe> snippet for the current map and settings showing `controls` (and the legend, if listed),
 * with the options chosen.
 */
export function embedSnippet(hooks: AppHooks, controls: readonly string[], options: SnippetOptions = {}, width = 640, height = 420): string {
  const legend = controls.includes('legend') ? '&legend' : '';
  const names = controls.filter((name) => name !== 'legend');
  const extras = [
    options.lock ? '&lock' : '',
    options.autoplay ? '&autoplay' : '',
    options.speed === undefined ? '' : `&speed=${options.speed}`,
    options.numbers === undefined ? '' : `&numbers=${options.numbers}`,
  ].join('');
  const compare = compareQuery(location.search);
  const src = `${pageUrl()}?embed${compare}${walkQuery(location.search)}&controls=${names.join(',')}${legend}${extras}&lang=${currentLanguage()}${fragment(hooks)}`;
  const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escaped}" width="${width}" height="${height}" style="border:0;max-width:100%" title="${t('page.title')}" loading="lazy"></iframe>`;
}

function installEmbedMode(app: App, controls: EmbedControl[]): void {
  document.documentElement.classList.add('embed');
  const bar = document.createElement('div');
  bar.className = 'embed-bar';
  // The story strip's numbers belong to the stats card in an embed (the strip itself is not shown there).
  const storyStats = document.querySelectorAll('.story-stats > div');
  document.querySelector('[data-control="stats"] .stats')?.prepend(...storyStats);
  for (const name of controls) {
    const element = document.querySelector<HTMLElement>(`[data-control="${name}"]`);
    if (element) bar.append(element);
  }
  // The badge is a caption in the bar, never over the map.
  bar.append(document.querySelector('[data-testid="badge"]')!);
  const link = document.getElementById('standalone') as HTMLAnchorElement;
  link.hidden = false;
  const refresh = () => {
    link.href = `${pageUrl()}?lang=${currentLanguage()}${compareQuery(location.search)}${walkQuery(location.search)}${fragment(app)}`;
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

function installEmbedMaker(app: App): void {
  const button = document.getElementById('copy-embed');
  const code = document.getElementById('embed-code') as HTMLTextAreaElement | null;
  if (!button || !code) return;
  const chosen = () =>
    Array.from(document.querySelectorAll<HTMLInputElement>('.embed-controls input:checked')).map((input) => input.value);
  const option = (name: string) => document.querySelector<HTMLInputElement>(`.embed-options input[value="${name}"]`)?.checked ?? false;
  const options = (): SnippetOptions => {
    const numbers = document.querySelector<HTMLSelectElement>('#embed-numbers')?.value ?? '';
    const speed = document.querySelector<HTMLInputElement>('#speed');
    return {
      lock: option('lock'),
      autoplay: option('autoplay'),
      speed: option('speed') && speed ? Number(speed.value) : undefined,
      numbers: numbers === 'g' || numbers === 'h' || numbers === 'f' || numbers === 'off' ? numbers : undefined,
    };
  };
  const update = () => {
    code.value = embedSnippet(app, chosen(), options());
  };
  for (const selector of ['.embed-controls', '.embed-options']) document.querySelector(selector)?.addEventListener('change', update);
  // "this speed" follows the slider.
  document.querySelector('#speed')?.addEventListener('change', update);
  // The code shown follows the view: every edit, load, undo and animation step, once recorded as the link.
  onLinkPublished(update);
  button.addEventListener('click', async () => {
    update();
    code.focus();
    code.select();
    try {
      await navigator.clipboard.writeText(code.value);
      app.showMessage(t('embed.copied'), 'info');
    } catch {
      app.showMessage(t('embed.copy-refused'), 'info');
    }
  });
  update();
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
  else installEmbedMaker(app);
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
