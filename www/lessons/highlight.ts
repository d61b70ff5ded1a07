// The lesson card's marks on the page: the control to try (found by its id, wherever the layout puts it)
// outlined with its target value beside it, and the number to watch outlined. Removed when the card closes
// or another lesson opens. A control or number that a chunk adds (the penalties' fields and their stat,
// mesh mode's card) is marked when it appears, and again when it is redrawn; the card presses the button
// that fetches that chunk if nothing has yet.
import { watchSelector, type Lesson } from './data.js';
import { targetText } from './strings.js';

const MARKS = ['lesson-target', 'lesson-watch'];

/** The button that fetches the chunk adding a lesson's control, for the controls not in the first download. */
const OPENED_BY: Partial<Record<Lesson['expect']['control'], string>> = {
  'danger-in-h': 'penalties-toggle',
  'hug-penalty': 'penalties-toggle',
};

/** Watches for the control or number to come or to be redrawn; stopped when the marks are cleared. */
let waiting: MutationObserver | null = null;

/** Removes every mark and target label a lesson put on the page. */
export function clearHighlights(): void {
  waiting?.disconnect();
  waiting = null;
  for (const mark of MARKS) for (const el of document.querySelectorAll(`.${mark}`)) el.classList.remove(mark);
  for (const label of document.querySelectorAll('.lesson-target-value')) label.remove();
}

/** Marks `lesson`'s control (with its target value) and its watched number, now or as soon as they are on
 * the page, and again whenever the page redraws them (mesh mode rebuilds its numbers at every step);
 * `shown` is called the first time both are there. */
export function highlight(lesson: Lesson, shown: () => void = () => undefined): void {
  clearHighlights();
  const { control: id, stat } = lesson.expect;
  let both = false;
  const mark = () => {
    const element = document.getElementById(id);
    if (element && !element.classList.contains('lesson-target')) {
      for (const old of document.querySelectorAll('.lesson-target-value')) old.remove();
      element.classList.add('lesson-target');
      const label = document.createElement('span');
      label.className = 'lesson-target-value';
      label.dataset.testid = 'lesson-target-value';
      label.textContent = targetText(lesson);
      element.after(label);
    }
    const number = document.querySelector(watchSelector(stat));
    if (number && !number.classList.contains('lesson-watch')) number.classList.add('lesson-watch');
    if (!both && element && number) {
      both = true;
      shown();
    }
    return element !== null;
  };
  const found = mark();
  // Kept until the marks are cleared: a class added is not a change of the page's children, so marking
  // does not wake the observer again.
  waiting = new MutationObserver(mark);
  waiting.observe(document.body, { childList: true, subtree: true });
  const opener = OPENED_BY[id];
  if (opener && !found) document.getElementById(opener)?.click();
}
