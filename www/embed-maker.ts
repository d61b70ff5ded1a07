// The embed builder in the Share & embed part (the teacher's tool): which controls the embed shows, its
// options (lock, autoplay, speed, numbers), its own language, its width and height, a live preview at that
// size (scaled down to the card when it is wider) and Copy. The code follows the view: every edit, load,
// undo and animation step, once recorded as the link. A chunk main.ts fetches once the page has drawn; its
// few words of its own ship with it.
import type { App } from './app.js';
import type { AppHooks } from './hooks.js';
import { fragment, pageUrl } from './embed.js';
import { compareQuery } from './embed-url.js';
import { chunkStrings, currentLanguage, LANGUAGES, t, type Language } from './i18n/index.js';
import { onLinkPublished } from './share/index.js';
import { walkQuery } from './walk/url.js';
import { unitsQuery } from './units/url.js';
import { meshQuery } from './mesh/url.js';
import './embed-maker.css';

const EN = {
  'maker.language': 'language',
  'maker.width': 'width',
  'maker.height': 'height',
  'maker.preview': 'Preview',
  'maker.preview-hide': 'Hide preview',
  'maker.preview-scale': 'shown at {percent}% of its size',
};
const ZH: typeof EN = {
  'maker.language': '语言',
  'maker.width': '宽',
  'maker.height': '高',
  'maker.preview': '预览',
  'maker.preview-hide': '隐藏预览',
  'maker.preview-scale': '按实际大小的 {percent}% 显示',
};
const makerText = chunkStrings(EN, ZH);

/** The page's title in each language (the iframe's title, in the embed's language). */
const TITLE: Record<Language, string> = { en: 'A* Playground', zh: 'A* 寻路演示' };
/** The names of the languages in their own words (the language menu's options). */
const NATIVE: Record<Language, string> = { en: 'English', zh: '中文' };

/** The embed's size limits (CSS px) and the default, the README's 640 × 420. */
const SIZE = { min: 200, max: 2000, width: 640, height: 420 };

/** What the snippet says beyond the controls: see EmbedView in embed-url.ts. */
export interface SnippetOptions {
  lock?: boolean;
  autoplay?: boolean;
  speed?: number;
  numbers?: 'g' | 'h' | 'f' | 'off';
  /** The embed's language (the page's when left out). */
  lang?: Language;
  width?: number;
  height?: number;
}

/** The embed's address for the current map and settings showing `controls` (and the legend, if listed). */
export function embedSrc(hooks: AppHooks, controls: readonly string[], options: SnippetOptions = {}): string {
  const legend = controls.includes('legend') ? '&legend' : '';
  const names = controls.filter((name) => name !== 'legend');
  const extras = [
    options.lock ? '&lock' : '',
    options.autoplay ? '&autoplay' : '',
    options.speed === undefined ? '' : `&speed=${options.speed}`,
    options.numbers === undefined ? '' : `&numbers=${options.numbers}`,
  ].join('');
  const compare = compareQuery(location.search);
  const lang = options.lang ?? currentLanguage();
  return `${pageUrl()}?embed${compare}${walkQuery(location.search)}${unitsQuery(location.search)}${meshQuery(location.search)}&controls=${names.join(',')}${legend}${extras}&lang=${lang}${fragment(hooks)}`;
}

/** The <iframe> snippet for `src` at the size chosen. */
export function embedSnippet(src: string, options: SnippetOptions = {}): string {
  const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const title = TITLE[options.lang ?? currentLanguage()];
  return `<iframe src="${escaped}" width="${options.width ?? SIZE.width}" height="${options.height ?? SIZE.height}" style="border:0;max-width:100%" title="${title}" loading="lazy"></iframe>`;
}

/** A labelled field of the builder's own, after the options. */
function field(label: string, control: HTMLElement): HTMLLabelElement {
  const wrap = document.createElement('label');
  const span = document.createElement('span');
  span.textContent = label;
  wrap.append(span, ' ', control);
  return wrap;
}

function sizeInput(id: string, value: number, help: string): HTMLInputElement {
  const input = document.createElement('input');
  Object.assign(input, { id, type: 'number', min: String(SIZE.min), max: String(SIZE.max), step: '10', value: String(value) });
  input.dataset.help = help;
  return input;
}

/** A size typed in the field, within the limits (the default while the field holds no number). */
function sizeOf(input: HTMLInputElement, fallback: number): number {
  const value = Math.round(Number(input.value));
  if (!input.value.trim() || !Number.isFinite(value)) return fallback;
  return Math.min(SIZE.max, Math.max(SIZE.min, value));
}

export function installEmbedMaker(app: App): void {
  const button = document.getElementById('copy-embed');
  const code = document.getElementById('embed-code') as HTMLTextAreaElement | null;
  const optionsBox = document.querySelector<HTMLElement>('.embed-options');
  if (!button || !code || !optionsBox) return;

  const language = document.createElement('select');
  language.id = 'embed-lang';
  language.dataset.help = 'help.embed-lang';
  for (const lang of LANGUAGES) language.append(new Option(NATIVE[lang], lang, false, lang === currentLanguage()));
  const width = sizeInput('embed-width', SIZE.width, 'help.embed-size');
  const height = sizeInput('embed-height', SIZE.height, 'help.embed-size');
  optionsBox.append(field(makerText('maker.language'), language), field(makerText('maker.width'), width), field(makerText('maker.height'), height));

  const previewButton = document.createElement('button');
  previewButton.type = 'button';
  previewButton.id = 'embed-preview-toggle';
  previewButton.setAttribute('aria-expanded', 'false');
  previewButton.textContent = makerText('maker.preview');
  previewButton.dataset.help = 'help.embed-preview';
  const preview = document.createElement('div');
  preview.className = 'embed-preview';
  preview.dataset.testid = 'embed-preview';
  preview.hidden = true;
  const scaleNote = document.createElement('p');
  scaleNote.className = 'embed-preview-scale';
  const frameBox = document.createElement('div');
  frameBox.className = 'embed-preview-box';
  preview.append(frameBox, scaleNote);
  button.after(' ', previewButton);
  code.after(preview);

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
      lang: language.value === 'zh' ? 'zh' : 'en',
      width: sizeOf(width, SIZE.width),
      height: sizeOf(height, SIZE.height),
    };
  };

  /** The preview's frame, made when the preview is first opened. */
  let frame: HTMLIFrameElement | null = null;
  let reload = 0;
  const showPreview = (src: string, chosenOptions: SnippetOptions) => {
    if (preview.hidden) return;
    const [w, h] = [chosenOptions.width ?? SIZE.width, chosenOptions.height ?? SIZE.height];
    const room = frameBox.clientWidth || w;
    const scale = Math.min(1, room / w);
    if (!frame) {
      frame = document.createElement('iframe');
      frame.dataset.testid = 'embed-preview-frame';
      frameBox.append(frame);
    }
    frame.title = TITLE[chosenOptions.lang ?? currentLanguage()];
    Object.assign(frame.style, { width: `${w}px`, height: `${h}px`, transform: scale < 1 ? `scale(${scale})` : '' });
    frameBox.style.height = `${Math.ceil(h * scale)}px`;
    scaleNote.textContent = scale < 1 ? makerText('maker.preview-scale', { percent: Math.round(scale * 100) }) : '';
    // A burst of changes (typing a width, a stroke recorded as the link) loads the frame once.
    window.clearTimeout(reload);
    reload = window.setTimeout(() => {
      if (frame && frame.src !== src) frame.src = src;
    }, 250);
  };

  const update = () => {
    const chosenOptions = options();
    const src = embedSrc(app, chosen(), chosenOptions);
    code.value = embedSnippet(src, chosenOptions);
    showPreview(src, chosenOptions);
  };
  for (const selector of ['.embed-controls', '.embed-options']) document.querySelector(selector)?.addEventListener('change', update);
  for (const input of [width, height]) input.addEventListener('input', update);
  // "this speed" follows the slider.
  document.querySelector('#speed')?.addEventListener('change', update);
  onLinkPublished(update);
  previewButton.addEventListener('click', () => {
    preview.hidden = !preview.hidden;
    previewButton.setAttribute('aria-expanded', String(!preview.hidden));
    previewButton.textContent = makerText(preview.hidden ? 'maker.preview' : 'maker.preview-hide');
    update();
  });
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
