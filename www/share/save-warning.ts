// The warning that saving in the browser is failing: shown (with why, and a download button) after every
// save that fails, for as long as saves fail, and taken away by the first save that works. It has its own
// element, not the status line, which every search rewrites.
import type { SaveFailure } from './keeper.js';
import { t } from '../i18n/index.js';

export class SaveWarning {
  /** The warning's element (role="alert"), hidden while saving works. */
  readonly element: HTMLElement;
  private readonly text: HTMLElement;

  /** `download` saves the current view as a file (the way to keep it while the browser cannot). */
  constructor(download: () => void) {
    this.element = document.createElement('div');
    this.element.className = 'save-warning';
    this.element.setAttribute('role', 'alert');
    this.element.dataset.testid = 'save-warning';
    this.element.hidden = true;
    this.text = document.createElement('span');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = t('save.download');
    button.addEventListener('click', download);
    this.element.append(this.text, button);
  }

  /** Shows why the last save failed, or hides the warning when it worked (null). */
  show(failure: SaveFailure | null): void {
    this.element.hidden = failure === null;
    if (failure === null) return;
    this.element.dataset.failure = failure;
    this.text.textContent = t('save.failing', { why: t(failure === 'storage-full' ? 'save.storage-full' : 'save.storage-refused') });
  }
}
