// Embed mode and the embed API.
//
// `?embed&controls=w,smooth` (or `?embed=w,smooth`) shows only the canvas, the named controls (from
// EMBED_CONTROLS) and an "open standalone ↗" link to the same map and settings in the full page, filling
// the iframe without scrollbars. On the full page, "Copy embed code" builds the <iframe> snippet.
//
// postMessage API (documented in the README): the embed accepts
//   { type: 'astar:set-w', w: number }          { type: 'astar:smooth', on?: boolean }  (no `on`: toggle)
//   { type: 'astar:play' }  { type: 'astar:pause' }  { type: 'astar:step' }  { type: 'astar:back' }  { type: 'astar:reset' }
// and posts to its parent { type: 'astar:ready', stats, settings, smooth } once, when the boot has shown the
// map it opens with (the linked one, not the demo solved on the way), then { type: 'astar:stats', ... }
// after every finished search, and { type: 'astar:error', message } for a command it refuses.
//
// Only the parent frame is obeyed (event.source === window.parent, never a page that is its own parent),
// and with `&origin=...` in the embed URL only a parent of a listed origin, which is then also the only
// origin replies are posted to. Messages from anywhere else (a sibling frame, an opener) are ignored
// without a reply. A flood of messages costs a few operations, never one search or redraw per message:
// `astar:set-w` requests coalesce (while one waits for its solve, later ones replace it, and the last is
// applied and answered: App.requestSettings); `astar:smooth` likewise (the last value wins, a toggle
// toggling the value waiting); play, pause, step, back and reset are queued and applied together on the
// next turn of the event loop, the queue kept short (www/embed-commands.ts: steps summed into one seek,
// repeated resets one), at most MAX_COMMANDS_PER_TURN of them a turn. Either way the page ends where
// applying every message in order would.
import type { App } from './app.js';
import type { AppHooks } from './hooks.js';
import { onLinkPublished, shareFragment } from './share/index.js';
import { walkQuery } from './walk/url.js';
import { compareQuery, embedControls, embedOrigins, embedView, type EmbedControl } from './embed-url.js';
import type { Stats } from './types.js';
import { WEIGHT_MAX } from './generated/core.js';
import { currentLanguage, t } from './i18n/index.js';
import { echo } from './echo.js';
import { backsAfter, enqueue, stepsAfter, type Command } from './embed-commands.js';

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

function payload(app: App, stats: Stats) {
  return {
    stats: {
      outcome: stats.outcome,
      expanded: stats.expanded,
      openPeak: stats.openPeak,
      cost: stats.cost,
      optimalCost: stats.optimalCost,
      overOptimal: stats.overOptimal,
      length: stats.length,
      smoothedLength: stats.smoothedLength,
      smoothedSegments: stats.smoothedSegments,
      timeUs: stats.timeUs,
      details: stats.details,
      meetingCell: stats.meetingCell,
    },
    settings: { ...app.settings() },
    smooth: app.options.smooth,
  };
}

/** Posts to the parent frame, if any; set by installMessages. */
let post: (message: object) => void = () => {};
/** 'astar:ready' has been posted: searches are reported from then on. */
let announced = false;

/**
 * Posts 'astar:ready' with the stats of the map shown. The page calls it once its boot is complete (the
 * link or saved view opened): searches before it (the demo solved on the way) are not reported.
 */
export function announceReady(app: App): void {
  if (announced || !app.stats) return;
  announced = true;
  post({ type: 'astar:ready', ...payload(app, app.stats) });
}

/** The most queued animation commands applied in one turn of the event loop; the rest wait for the next. */
const MAX_COMMANDS_PER_TURN = 16;

/** Applies one queued command: a sum of steps or backs is one seek (a single one, the app's own Step or Back). */
function apply(app: App, command: Command): void {
  switch (command.kind) {
    case 'play':
      return app.play();
    case 'pause':
      return app.pause();
    case 'reset':
      return app.reset();
    case 'w':
      app.changeSettings({ w: command.w });
      return;
    case 'step':
      if (command.n === 1) return app.step();
      // A w waiting for its solve is applied first, as Step would: the search it gives is the one stepped.
      app.flushSettings();
      return app.seek(stepsAfter(app.shownStep(), app.total, command.n));
    case 'back':
      if (command.n === 1) return app.back();
      app.flushSettings();
      return app.seek(backsAfter(app.shownStep(), command.n));
  }
}

/** The commands waiting for the next turn of the event loop: smooth's last value, and the animation queue. */
function commandQueue(app: App) {
  const queue: Command[] = [];
  let smooth: boolean | null = null;
  let timer = 0;
  const later = () => {
    if (!timer) timer = window.setTimeout(run, 0);
  };
  const run = () => {
    timer = 0;
    if (smooth !== null && smooth !== app.options.smooth) app.setSmooth(smooth);
    smooth = null;
    for (const command of queue.splice(0, MAX_COMMANDS_PER_TURN)) apply(app, command);
    if (queue.length) later();
  };
  return {
    add(command: Command): void {
      enqueue(queue, command);
      later();
    },
    /** `on`, or (undefined) the opposite of the value waiting or shown. */
    smooth(on: boolean | undefined): void {
      smooth = on ?? !(smooth ?? app.options.smooth);
      later();
    },
    /** A w behind queued commands waits in its place; otherwise it coalesces with the app's own request. */
    setW(w: number): void {
      if (queue.length) this.add({ kind: 'w', w });
      else app.requestSettings({ w });
    },
  };
}

function installMessages(app: App): void {
  const parent = window.parent;
  const origins = embedOrigins(location.search);
  // With origins listed, each reply is posted once per origin: the browser delivers it only if the parent
  // has that origin.
  const targets = origins ?? ['*'];
  post = (message: object) => {
    if (parent === window) return;
    for (const target of targets) parent.postMessage(message, target);
  };
  const fromParent = (event: MessageEvent) =>
    parent !== window && event.source === parent && (origins === null || origins.includes(event.origin));
  app.on('searched', (stats, final) => {
    if (final && announced) post({ type: 'astar:stats', ...payload(app, stats) });
  });
  const commands = commandQueue(app);
  window.addEventListener('message', (event: MessageEvent) => {
    if (!fromParent(event)) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) return;
    const command = data as { type?: unknown; w?: unknown; on?: unknown };
    if (typeof command.type !== 'string' || !command.type.startsWith('astar:')) return;
    switch (command.type) {
      case 'astar:set-w':
        if (typeof command.w !== 'number' || !Number.isFinite(command.w) || command.w < 0 || command.w > WEIGHT_MAX) {
          post({ type: 'astar:error', message: `astar:set-w needs a number w from 0 to ${WEIGHT_MAX}` });
          return;
        }
        commands.setW(Math.round(command.w * 10) / 10);
        return;
      case 'astar:smooth':
        if (command.on !== undefined && typeof command.on !== 'boolean') {
          post({ type: 'astar:error', message: 'astar:smooth needs on: true or false (or no on, to toggle)' });
          return;
        }
        commands.smooth(command.on);
        return;
      case 'astar:play':
        commands.add({ kind: 'play' });
        return;
      case 'astar:pause':
        commands.add({ kind: 'pause' });
        return;
      case 'astar:step':
        commands.add({ kind: 'step', n: 1 });
        return;
      case 'astar:back':
        commands.add({ kind: 'back', n: 1 });
        return;
      case 'astar:reset':
        commands.add({ kind: 'reset' });
        return;
      case 'astar:stats':
      case 'astar:ready':
      case 'astar:error':
        return; // our own kinds of message, echoed back by a parent: not commands
      default:
        post({ type: 'astar:error', message: `unknown command ${JSON.stringify(echo(command.type))}` });
    }
  });
}

function installEmbedMode(app: App, controls: EmbedControl[]): void {
  document.documentElement.classList.add('embed');
  const bar = document.createElement('div');
  bar.className = 'embed-bar';
  for (const name of controls) {
    const element = document.querySelector<HTMLElement>(`[data-control="${name}"]`);
    if (element) bar.append(element);
  }
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
  for (const hidden of document.querySelectorAll<HTMLElement>('.toolbar, .panel')) hidden.hidden = true;
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

/** Sets up embed mode (when the URL asks for it), the embed-code maker and the postMessage API. */
export function installEmbed(app: App): void {
  const controls = embedControls(location.search);
  if (controls) installEmbedMode(app, controls);
  else installEmbedMaker(app);
  installMessages(app);
}
