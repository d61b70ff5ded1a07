// One sentence of help on every control: a tooltip shown while a mouse pointer is over the control (or its
// label) and while it has the keyboard focus, and the control's accessible description (aria-describedby
// names the tooltip, so a screen reader reads it after the control's name). Controls name their sentence
// with `data-help="<i18n key>"`; controls that modules build with a `title` (the share buttons, the
// embed's ⋯ button) get the same treatment, their title turned into the tooltip. Escape hides it.
//
// This module and its sentences (www/i18n/help-en.ts, help-zh.ts) are a chunk that main.ts fetches once
// the page has drawn: nothing on the first paint needs them. Until then a control shows no tooltip.
import { currentLanguage } from './i18n/index.js';
import { placeBeside } from './place-beside.js';
import { HELP_EN, type HelpKey } from './i18n/help-en.js';

/** Gap between a control and its tooltip, and the tooltip's margin from the window's edges (CSS px). */
const GAP_PX = 6;

let next = 0;

/**
 * The tooltips shown now, with their controls. A control taken off the page under the pointer (the
 * Penalties button, which its fields replace) never gets its pointerleave: the next pointer move hides
 * its tooltip.
 */
const shownTips = new Map<HTMLElement, HTMLElement>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointermove',
    () => {
      for (const [tip, control] of shownTips) {
        if (control.isConnected) continue;
        tip.hidden = true;
        shownTips.delete(tip);
      }
    },
    { passive: true },
  );
}

function isKey(key: string): key is HelpKey {
  return key in HELP_EN;
}

/** The help sentences of the page's language. */
async function sentences(): Promise<Readonly<Record<HelpKey, string>>> {
  return currentLanguage() === 'zh' ? (await import('./i18n/help-zh.js')).HELP_ZH : HELP_EN;
}

/** Gives `control` the tooltip `text` (once; a second call updates the text). */
export function attachHelp(control: HTMLElement, text: string): void {
  const existing = control.dataset.helpId ? document.getElementById(control.dataset.helpId) : null;
  if (existing) {
    existing.textContent = text;
    return;
  }
  const tip = document.createElement('span');
  tip.id = `help-${++next}`;
  tip.className = 'tip';
  tip.setAttribute('role', 'tooltip');
  tip.textContent = text;
  tip.hidden = true;
  document.body.append(tip);
  control.dataset.helpId = tip.id;
  const described = control.getAttribute('aria-describedby');
  control.setAttribute('aria-describedby', described ? `${described} ${tip.id}` : tip.id);
  // The title would show a second, browser-drawn tooltip with the same words.
  control.removeAttribute('title');

  let hovered = false;
  let focused = false;
  const update = () => {
    const show = (hovered || focused) && !control.hidden && control.isConnected;
    if (show === !tip.hidden) return;
    tip.hidden = !show;
    if (show) placeBeside(tip, control, GAP_PX);
    if (show) shownTips.set(tip, control);
    else shownTips.delete(tip);
  };
  const hovers: HTMLElement[] = [control];
  const wrapping = control.closest('label');
  if (wrapping) hovers.push(wrapping);
  if (control.id) hovers.push(...document.querySelectorAll<HTMLElement>(`label[for="${control.id}"]`));
  for (const element of hovers) {
    element.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'mouse') return;
      hovered = true;
      update();
    });
    element.addEventListener('pointerleave', () => {
      hovered = false;
      update();
    });
  }
  // Keyboard focus only (:focus-visible): a tap on a phone focuses a button too, and must not leave its
  // tooltip over the page.
  control.addEventListener('focus', () => {
    focused = control.matches(':focus-visible');
    update();
  });
  control.addEventListener('blur', () => {
    focused = false;
    update();
  });
  control.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !tip.hidden) {
      hovered = false;
      focused = false;
      update();
    }
  });
}

/** Gives `control` the help sentence `key` in the page's language (for controls built after the boot). */
export async function attachHelpKey(control: HTMLElement, key: HelpKey): Promise<void> {
  attachHelp(control, (await sentences())[key]);
}

/** Gives every control under `root` its tooltip: `data-help` keys, then the titles of buttons and links. */
export async function installHelp(root: ParentNode = document): Promise<void> {
  const help = await sentences();
  for (const control of root.querySelectorAll<HTMLElement>('[data-help]')) {
    const key = control.dataset.help!;
    if (isKey(key)) attachHelp(control, help[key]);
  }
  for (const control of root.querySelectorAll<HTMLElement>('button[title], select[title], input[title], a[title]')) {
    attachHelp(control, control.title);
  }
  // A hook for tests and scripts: the page's tooltips are in place.
  if (root === document) document.documentElement.dataset.help = 'ready';
}
