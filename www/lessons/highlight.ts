// The lesson card's marks on the page: the control to try (found by its id, wherever the layout puts it)
// outlined with its target value beside it, and the number to watch outlined. Removed when the card closes
// or another lesson opens.
import { watchSelector, type Lesson } from './data.js';
import { targetText } from './strings.js';

const MARKS = ['lesson-target', 'lesson-watch'];

/** Removes every mark and target label a lesson put on the page. */
export function clearHighlights(): void {
  for (const mark of MARKS) for (const el of document.querySelectorAll(`.${mark}`)) el.classList.remove(mark);
  for (const label of document.querySelectorAll('.lesson-target-value')) label.remove();
}

/** Marks `lesson`'s control (with its target value) and its watched number. */
export function highlight(lesson: Lesson): void {
  clearHighlights();
  const control = document.getElementById(lesson.expect.control);
  if (control) {
    control.classList.add('lesson-target');
    const label = document.createElement('span');
    label.className = 'lesson-target-value';
    label.dataset.testid = 'lesson-target-value';
    label.textContent = targetText(lesson);
    control.after(label);
  }
  document.querySelector(watchSelector(lesson.expect.stat))?.classList.add('lesson-watch');
}
