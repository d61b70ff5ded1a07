// The share modules plugged into the page (issue 5): builds the buttons in #share-controls and wires the
// state keeper (undo/redo, URL fragment, saved work), share links and map files to the page's AppHooks.
// The page calls installShare once it is ready, and shareFragment for links it makes itself (embed).
import type { AppHooks } from '../hooks.js';
import type { Files } from './files.js';
import { Keeper, messageOf, readBackup } from './keeper.js';
import { comfortableChars, linkTextNow, openLink, snapshot } from './link.js';
import { PickerSlot } from './picker-slot.js';
import { button, menu } from './button.js';
import { SaveWarning } from './save-warning.js';
import { count, t } from '../i18n/index.js';

let keeper: Keeper | null = null;
/** Told whenever the address bar's link and saved work are rewritten (the embed code box follows it). */
const publishedListeners: (() => void)[] = [];

/** Calls `listener` every time the current view has been recorded as the link (after an edit settles,
 * a load, an undo, a new animation step). */
export function onLinkPublished(listener: () => void): void {
  publishedListeners.push(listener);
}

/** True when keys typed now belong to a text field, not to the page's shortcuts. */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['range', 'checkbox', 'radio', 'button'].includes(target.type);
}

/**
 * Plugs the share modules into the page and opens the view it should start with (a link, else saved
 * work); resolves once that view is shown (after its algorithm's module arrived, where it needs one).
 */
export function installShare(hooks: AppHooks): Promise<void> {
  const k = new Keeper(hooks);
  keeper = k;

  const container = document.getElementById('share-controls') ?? document.body.appendChild(document.createElement('div'));
  container.replaceChildren();

  const undo = button(t('share.undo'), 'help.undo', () => k.undo());
  const redo = button(t('share.redo'), 'help.redo', () => k.redo());
  const copy = button(t('share.copy-link'), 'help.copy-link', () => void copyLink(hooks, k));

  const filePicker = document.createElement('input');
  filePicker.type = 'file';
  filePicker.multiple = true;
  filePicker.accept = '.map,.scen,.txt,.astar';
  filePicker.hidden = true;
  filePicker.setAttribute('aria-label', t('share.import-files'));
  filePicker.dataset.testid = 'import-files';
  const open = button(t('share.import'), 'help.import', () =>
    filePicker.click(),
  );

  const exportMap = button(t('share.export-map'), 'help.export-map', () => withFiles((f) => f.exportMovingAiMap()));
  const exportText = button(t('share.export-text'), 'help.export-text', () => withFiles((f) => f.exportTextMap()));
  const exportView = button(t('share.save-view'), 'help.save-view', () => withFiles((f) => f.exportView()));
  const exportPng = button(t('share.export-png'), 'help.export-png', () => withFiles((f) => f.exportPng()));

  const picker = new PickerSlot(
    (problem) => withFiles((f) => f.pick(problem)),
    (err) => hooks.showMessage(t('files.picker-failed', { message: messageOf(err) }), 'error'),
  );
  const compare = document.createElement('span');
  compare.hidden = true;
  compare.dataset.testid = 'scenario-compare';
  const optimal = document.createElement('b');
  optimal.dataset.stat = 'scenario-optimal';
  const found = document.createElement('b');
  found.dataset.stat = 'scenario-found';
  const flag = document.createElement('span');
  flag.dataset.testid = 'scenario-flag';
  compare.append(t('share.optimal-file'), optimal, t('share.found'), found, ' · ', flag);

  const saveWarning = new SaveWarning(() => withFiles((f) => f.exportView()));
  k.onSaveFailure = (failure) => saveWarning.show(failure);
  const file = menu(t('share.file'), 'help.file', [open, exportMap, exportText, exportView, exportPng]);
  container.append(undo, redo, copy, file, filePicker, saveWarning.element);
  // A scenario's problems and the optimum its file gives: in the Map part, beside the map editor.
  (document.getElementById('scenario-slot') ?? container).append(compare, picker.element);
  // The notice that replaced saved work is kept is a chunk of its own, fetched the first time it is needed.
  let notice: Promise<{ show(kept: boolean): void }> | null = null;
  k.onBackup = (kept) => {
    if (!notice && !kept) return;
    notice ??= import('./backup-notice.js').then((chunk) => {
      const made = new chunk.BackupNotice(k, hooks);
      container.append(made.element);
      return made;
    });
    void notice.then((made) => made.show(readBackup() !== null));
  };
  // Reading and writing files is a chunk of its own (www/share/files.ts), fetched the first time the
  // reader opens, drops or exports a file: a first visit draws without it.
  let files: Files | null = null;
  let filesChunk: Promise<Files> | null = null;
  const withFiles = (use: (f: Files) => unknown) => {
    filesChunk ??= import('./files.js').then((chunk) => (files = new chunk.Files(hooks, k, { picker, compare, optimal, found, flag })));
    void filesChunk.then(use, (err: unknown) => hooks.showMessage(messageOf(err), 'error'));
  };

  const refreshButtons = () => {
    undo.disabled = !k.canUndo();
    redo.disabled = !k.canRedo();
  };
  k.onChange = () => {
    refreshButtons();
    files?.refresh();
    for (const listener of publishedListeners) listener();
  };

  filePicker.addEventListener('change', () => {
    const chosen = [...(filePicker.files ?? [])];
    filePicker.value = '';
    withFiles((f) => f.import(chosen));
  });
  // Dropping files anywhere on the page imports them; the page is outlined while files are dragged over it.
  const dropCue = (on: boolean) => {
    document.body.style.outline = on ? '3px dashed #3b6fd4' : '';
    document.body.style.outlineOffset = on ? '-6px' : '';
  };
  document.addEventListener('dragover', (e) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    dropCue(true);
  });
  document.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) dropCue(false);
  });
  document.addEventListener('drop', (e) => {
    dropCue(false);
    if (!e.dataTransfer?.files.length) return;
    e.preventDefault();
    const dropped = [...e.dataTransfer.files];
    withFiles((f) => f.import(dropped));
  });

  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || typingInField(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) k.undo();
    else if ((key === 'z' && e.shiftKey) || key === 'y') k.redo();
    else return;
    e.preventDefault();
  });

  // True while the status line holds the error about a link typed into the address bar.
  let linkErrorShown = false;
  hooks.onUserChange(() => {
    linkErrorShown = false;
    k.changed();
    refreshButtons();
    files?.refresh();
  });
  hooks.onStepChange(() => k.stepChanged());
  // A link pasted into the address bar of an open page changes only the fragment: open it like a load.
  // Links open asynchronously (a compressed body is inflated first): the keeper shows only the latest change.
  window.addEventListener('hashchange', () => {
    const fragment = location.hash.slice(1);
    if (!fragment) return;
    if (fragment === k.publishedLink()) {
      // Back on the link of the view shown (after a broken one): nothing to load, the error is stale.
      k.dropReading();
      if (linkErrorShown) hooks.showMessage('', 'info');
      linkErrorShown = false;
      return;
    }
    k.loadWhenRead(openLink(fragment), { link: true })
      .then(() => (linkErrorShown = false))
      .catch((err: unknown) => {
        hooks.showMessage(t('share.link-broken', { message: messageOf(err) }), 'error');
        linkErrorShown = true;
      });
  });
  // Record and write before the page goes away, so a reload or a closed tab loses nothing.
  window.addEventListener('pagehide', () => k.leaving());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') k.leaving();
  });

  const restored = k.restore();
  refreshButtons();
  return restored.then(refreshButtons);
}

/**
 * The current map and settings as a URL fragment ('#…'), or '' when it is too big to share comfortably: the
 * link last written to the address bar (onLinkPublished tells when it changes), or before the first one, the
 * view's bytes with the body stored.
 */
export function shareFragment(hooks: AppHooks): string {
  try {
    const link = keeper?.publishedLink() || linkTextNow(snapshot(hooks));
    return link.length <= comfortableChars() ? `#${link}` : '';
  } catch {
    return '';
  }
}

async function copyLink(hooks: AppHooks, k: Keeper): Promise<void> {
  let link: string;
  try {
    // The link written already, at once: a clipboard write after an await may lose the click's permission.
    k.settle();
    link = k.writtenLink() ?? (await k.link());
  } catch (err) {
    hooks.showMessage(t('share.no-link', { message: messageOf(err) }), 'error');
    return;
  }
  if (link.length > comfortableChars()) {
    hooks.showMessage(
      t('share.link-too-long', { length: count(link.length), limit: count(comfortableChars()) }),
      'info',
    );
    return;
  }
  const url = new URL(location.href);
  url.hash = link;
  try {
    await navigator.clipboard.writeText(url.href);
    hooks.showMessage(t('share.link-copied', { length: count(link.length) }), 'info');
  } catch {
    hooks.showMessage(t('share.copy-refused'), 'info');
  }
}
