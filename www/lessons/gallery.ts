// The gallery of lessons (a dialog listing them by number and title) and opening one: its number goes into
// the address (`?lesson=N`), its view into the fragment, which the share modules load like a pasted link
// (one undo step back to what was shown), its mode (mesh mode, or none) is opened, and its card is shown.
import type { App } from '../app.js';
import { LESSONS, type Lesson } from './data.js';
import { showLessonCard } from './card.js';
import { lessonText } from './strings.js';
import { lessonLink, showLessonMode, withLessonMode } from './view.js';

/** Opens `lesson`: its view as an undoable load (through the fragment), its number in the address, its card. */
function openLesson(app: App, lesson: Lesson): void {
  const url = new URL(location.href);
  url.searchParams.set('lesson', String(lesson.number));
  history.replaceState(history.state, '', `${url.pathname}${withLessonMode(url.search, lesson)}${url.hash}`);
  // The share modules open a new fragment like a pasted link: one undo step back to what was shown.
  void lessonLink(lesson).then((link) => {
    location.hash = link;
    showLessonMode(app, lesson);
    showLessonCard(app, lesson.number, () => openGallery(app));
  });
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
