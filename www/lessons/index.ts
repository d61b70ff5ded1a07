// The lessons' chunk: the gallery (a dialog listing the lessons by number and title), opening a lesson
// (its view goes into the address bar's fragment, which the share modules load as an undoable link), and
// the lesson card (its text, the control to try highlighted with its target, the number to watch, the
// lesson's own link and embed code with Copy buttons). Fetched by www/lessons/start.ts.
import './lessons.css';
import type { App } from '../app.js';
import { currentLanguage } from '../i18n/index.js';
import { LESSONS, lessonNumbered, type Lesson } from './data.js';
import { lessonText, tryText, watchText } from './strings.js';
import { lessonLink } from './view.js';
import { clearHighlights, highlight } from './highlight.js';

/** The full page's address (no query, no fragment). */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/** The lesson's own link: the page opening on it, in the page's language. */
export function lessonUrl(number: number): string {
  return `${pageUrl()}?lesson=${number}&lang=${currentLanguage()}`;
}

/** The embed names of the controls a lesson's embed shows: its "try" control where an embed has it. */
function embedControlsOf(lesson: Lesson): string {
  const embeddable = ['w', 'smooth', 'algorithm', 'heuristic', 'movement', 'budget'];
  const tried = embeddable.includes(lesson.expect.control) ? [lesson.expect.control] : [];
  return [...tried, 'play', 'step', 'stats'].join(',');
}

/** The <iframe> code of a lesson's embed. */
export function lessonEmbedCode(lesson: Lesson): string {
  const src = `${pageUrl()}?embed&lesson=${lesson.number}&controls=${embedControlsOf(lesson)}&lang=${currentLanguage()}`;
  const title = lessonText('lesson.label', { number: lesson.number, title: lessonText(`lesson.${lesson.number}.title`) });
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escape(src)}" width="640" height="460" style="border:0;max-width:100%" title="${escape(title)}" loading="lazy"></iframe>`;
}

/** The lesson an address's `?lesson=` value names (digits only), or undefined. */
function lessonNamed(value: string): Lesson | undefined {
  return /^\d{1,2}$/.test(value) ? lessonNumbered(Number(value)) : undefined;
}

/** Called with the address's lesson before the share modules restore the view (see start.ts). */
export function putLessonInAddress(value: string): void {
  const lesson = lessonNamed(value);
  if (!lesson) return;
  history.replaceState(history.state, '', `#${lessonLink(lesson)}`);
}

/** Opens `lesson`: its view as an undoable load (through the fragment), its number in the address, its card. */
function openLesson(app: App, lesson: Lesson): void {
  const url = new URL(location.href);
  url.searchParams.set('lesson', String(lesson.number));
  url.hash = '';
  history.replaceState(history.state, '', url.pathname + url.search + location.hash);
  // The share modules open a new fragment like a pasted link: one undo step back to what was shown.
  location.hash = lessonLink(lesson);
  showLessonCard(app, lesson.number);
}

let gallery: HTMLDialogElement | null = null;

/** Opens the gallery of lessons. */
export function openGallery(app: App): void {
  if (!gallery) {
    gallery = document.createElement('dialog');
    gallery.className = 'lessons-gallery';
    gallery.dataset.testid = 'lessons-gallery';
    gallery.setAttribute('aria-labelledby', 'lessons-gallery-title');
    const heading = document.createElement('h2');
    heading.id = 'lessons-gallery-title';
    heading.textContent = lessonText('gallery.title');
    const intro = document.createElement('p');
    intro.textContent = lessonText('gallery.intro');
    const list = document.createElement('ol');
    for (const lesson of LESSONS) {
      const item = document.createElement('li');
      const open = document.createElement('button');
      open.type = 'button';
      open.dataset.lesson = String(lesson.number);
      open.textContent = lessonText(`lesson.${lesson.number}.title`);
      open.addEventListener('click', () => {
        gallery?.close();
        openLesson(app, lesson);
      });
      item.append(open);
      list.append(item);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'lessons-close';
    close.textContent = lessonText('close');
    close.addEventListener('click', () => gallery?.close());
    gallery.append(heading, intro, list, close);
    document.body.append(gallery);
  }
  gallery.showModal();
}

let card: HTMLElement | null = null;

/** Whether two boxes overlap. */
function overlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Puts the card in the bottom corner that leaves `control` visible (bottom right first), else at the top. */
function placeCard(made: HTMLElement, control: HTMLElement | null): void {
  made.classList.remove('left', 'top');
  if (!control) return;
  const box = control.getBoundingClientRect();
  for (const place of ['left', 'top']) {
    if (!overlap(made.getBoundingClientRect(), box)) return;
    made.classList.remove('left', 'top');
    made.classList.add(place);
  }
}

function closeCard(): void {
  clearHighlights();
  card?.remove();
  card = null;
}

/** A line with a label, a read-only field showing `value` and a Copy button. */
function copyRow(app: App, label: string, value: string, testid: string, multiline: boolean): HTMLElement {
  const row = document.createElement('div');
  row.className = 'lesson-copy';
  const name = document.createElement('span');
  name.textContent = label;
  const field = multiline ? document.createElement('textarea') : document.createElement('input');
  field.readOnly = true;
  field.value = value;
  field.dataset.testid = testid;
  field.setAttribute('aria-label', label);
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = lessonText('copy');
  copy.addEventListener('click', async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(value);
      app.showMessage(lessonText('copied'), 'info');
    } catch {
      app.showMessage(lessonText('copy-refused'), 'info');
    }
  });
  row.append(name, field, copy);
  return row;
}

/** Shows the card of lesson `number` (replacing any other) and highlights its control and its number. */
export function showLessonCard(app: App, number: number): void {
  const lesson = lessonNumbered(number);
  if (!lesson) return;
  closeCard();
  const made = document.createElement('section');
  made.className = 'lesson-card';
  made.dataset.testid = 'lesson-card';
  made.dataset.lesson = String(number);
  made.setAttribute('aria-labelledby', 'lesson-card-title');
  const heading = document.createElement('h2');
  heading.id = 'lesson-card-title';
  heading.textContent = lessonText('lesson.label', { number, title: lessonText(`lesson.${number}.title`) });
  const claim = document.createElement('p');
  claim.className = 'lesson-claim';
  claim.dataset.testid = 'lesson-claim';
  claim.textContent = lessonText(`lesson.${number}.claim`);
  const body = document.createElement('p');
  body.dataset.testid = 'lesson-body';
  body.textContent = lessonText(`lesson.${number}.body`);
  const tryLine = document.createElement('p');
  tryLine.className = 'lesson-try';
  tryLine.dataset.testid = 'lesson-try';
  tryLine.textContent = tryText(lesson);
  const showMe = document.createElement('button');
  showMe.type = 'button';
  showMe.className = 'lesson-show-me';
  showMe.textContent = lessonText('show-me');
  showMe.addEventListener('click', () => {
    const control = document.getElementById(lesson.expect.control);
    control?.scrollIntoView({ block: 'center', inline: 'nearest' });
    control?.focus({ preventScroll: true });
    placeCard(made, control);
  });
  tryLine.append(' ', showMe);
  const watchLine = document.createElement('p');
  watchLine.className = 'lesson-watch-line';
  watchLine.dataset.testid = 'lesson-watch';
  watchLine.textContent = watchText(lesson);
  const actions = document.createElement('div');
  actions.className = 'lesson-actions';
  const all = document.createElement('button');
  all.type = 'button';
  all.textContent = lessonText('all-lessons');
  all.addEventListener('click', () => openGallery(app));
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'lessons-close';
  close.textContent = lessonText('close');
  close.addEventListener('click', closeCard);
  actions.append(all, close);
  const share = document.createElement('details');
  share.className = 'lesson-share';
  const summary = document.createElement('summary');
  summary.textContent = lessonText('share');
  share.append(
    summary,
    copyRow(app, lessonText('link'), lessonUrl(number), 'lesson-link', false),
    copyRow(app, lessonText('embed'), lessonEmbedCode(lesson), 'lesson-embed', true),
  );
  made.append(heading, claim, body, tryLine, watchLine, share, actions);
  document.body.append(made);
  card = made;
  highlight(lesson);
  placeCard(made, document.getElementById(lesson.expect.control));
}

/** After the boot, for `?lesson=N`: its card on the full page, its caption in an embed. */
export function showNamedLesson(app: App, value: string, embed: boolean): void {
  const lesson = lessonNamed(value);
  if (!lesson) return;
  if (embed) captionEmbed(lesson.number);
  else showLessonCard(app, lesson.number);
}

/** In an embed of a lesson: a one-line caption (what to try, what to watch) above the map. */
function captionEmbed(number: number): void {
  const lesson = lessonNumbered(number);
  const bar = document.querySelector('.embed-bar');
  if (!lesson || !bar) return;
  const caption = document.createElement('p');
  caption.className = 'lesson-caption';
  caption.dataset.testid = 'lesson-caption';
  caption.textContent = `${lessonText(`lesson.${number}.title`)}: ${tryText(lesson)} ${watchText(lesson)}`;
  bar.after(caption);
  highlight(lesson);
}
