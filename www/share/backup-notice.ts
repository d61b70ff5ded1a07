// The notice that saved work was replaced and is kept (www/share/keeper.ts, BACKUP_KEY): shown with a
// Restore and a Discard button for as long as a backup is kept. It has its own element, not the status
// line, which every search rewrites. A chunk of its own, with its words: it is needed only when a view
// replaced saved work, so the first visit does not download it.
import { chunkStrings } from '../i18n/index.js';
import { EN, ZH } from './backup-strings.js';
import type { AppHooks } from '../hooks.js';
import { BACKUP_KEY, messageOf, readBackup, type Keeper } from './keeper.js';
import { openLink } from './link.js';
import { button } from './button.js';

const backupText = chunkStrings(EN, ZH);

export class BackupNotice {
  /** The notice's element (role="status"), hidden while no backup is kept. */
  readonly element: HTMLElement;

  constructor(keeper: Keeper, hooks: AppHooks) {
    this.element = document.createElement('div');
    this.element.className = 'save-warning backup-notice';
    this.element.setAttribute('role', 'status');
    this.element.dataset.testid = 'backup-notice';
    this.element.hidden = true;
    const text = document.createElement('span');
    text.textContent = backupText('backup.kept');
    const forget = () => {
      try {
        localStorage.removeItem(BACKUP_KEY);
      } catch {
        // Storage refused: nothing was kept there either.
      }
      this.show(false);
    };
    // Opens the backup as a load (undoable; the view it replaces stays in saved work until the next save)
    // and forgets it once shown; when it cannot be opened, says why and keeps it.
    const restore = async () => {
      const text = readBackup();
      if (text === null) return;
      try {
        if (await keeper.load(await openLink(text))) forget();
      } catch (err) {
        hooks.showMessage(backupText('backup.failed', { message: messageOf(err) }), 'error');
      }
    };
    const restoreButton = button(backupText('backup.restore'), 'help.backup-restore', () => void restore());
    const discard = button(backupText('backup.discard'), 'help.backup-discard', forget);
    this.element.append(text, restoreButton, discard);
  }

  /** Shows the notice while a backup is kept. */
  show(kept: boolean): void {
    this.element.hidden = !kept;
  }
}
