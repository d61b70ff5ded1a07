// The lesson card: a panel floating in a corner of the page with the lesson's title, the article statement
// it shows, its text, what to try (with a Show me button that scrolls to the control) and what to watch,
// then, folded, the lesson's link and embed code with Copy buttons. Also the one-line caption an embed of a
// lesson shows. The marks on the page are www/lessons/highlight.ts.
import type { App } from '../app.js';
import { lessonNumbered, watchSelector } from './data.js';
import { clearHighlights, highlight } from './highlight.js';
import { lessonEmbedCode, lessonUrl } from './links.js';
import { lessonText, tryText, watchText } from './strings.js';
import { lessonLink } from './view.js';

let card: HTMLElement | null = null;

/** Whether two boxes overlap. */
function overlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Puts the card in the bottom corner that leaves `control` and the watched number visible (bottom right
 * first), else the first that leaves the control visible, else at the top.
 */
function placeCard(made: HTMLElement, control: HTMLElement | null, watched: Element | null = null): void {
  const places = ['', 'left', 'top'];
  const put = (place: string) => {
    made.classList.remove('left', 'top');
    if (place) made.classList.add(place);
  };
  const clear = (place: string, of: (Element | null)[]) => {
    put(place);
    const box = made.getBoundingClientRect();
    return of.every((el) => !el || !overlap(box, el.getBoundingClientRect()));
  };
  const best = places.find((place) => clear(place, [control, watched])) ?? places.find((place) => clear(place, [control]));
  put(best ?? 'top');
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
export function showLessonCard(app: App, number: number, allLessons: () => void): void {
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
    placeCard(made, control, document.querySelector(watchSelector(lesson.expect.stat)));
  });
  tryLine.append(' ', showMe);
  const watchLine = document.createElement('p');
  watchLine.className = 'lesson-watch-line';
  watchLine.dataset.testid = 'lesson-watch';
  watchLine.textContent = watchText(lesson);
  const actions = document.createElement('div');
  actions.className = 'lesson-actions';
  if (lesson.contrast) {
    const contrast = document.createElement('button');
    contrast.type = 'button';
    contrast.dataset.testid = 'lesson-contrast';
    contrast.textContent = lessonText(`lesson.${number}.contrast`);
    // Like opening a lesson: a new fragment, one undo step.
    contrast.addEventListener('click', () => void lessonLink({ ...lesson, map: lesson.contrast! }).then((link) => (location.hash = link)));
    actions.append(contrast);
  }
  const all = document.createElement('button');
  all.type = 'button';
  all.textContent = lessonText('all-lessons');
  all.addEventListener('click', allLessons);
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
  // Escape inside the card closes it, like the gallery's dialog.
  made.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeCard();
  });
  document.body.append(made);
  card = made;
  // Placed again once both are on the page: a control or number a chunk adds comes later.
  const place = () => placeCard(made, document.getElementById(lesson.expect.control), document.querySelector(watchSelector(lesson.expect.stat)));
  highlight(lesson, () => card === made && place());
  place();
}

/** In an embed of a lesson: a one-line caption (what to try, what to watch) above the map. */
export function captionEmbed(number: number): void {
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
