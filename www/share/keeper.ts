// The state keeper: undo/redo of every edit, the URL fragment that follows the page, and saved work in
// localStorage. One job: after a user change settles, record the view once and tell all three.
//
// Changes arriving less than SETTLE_MS apart form one group (a brush stroke, a dragged slider): one undo
// step, one history.replaceState, one save. Undo and redo settle a pending group first. Snapshots are the
// core's share bytes (compact and exact: map, costs, end cells, settings, view options).
//
// A new animation step (Step, Reset, Pause, a timeline seek, the end of an animation) is not an edit: it
// settles the same way into the address bar and saved work, but adds no undo step.
//
// While the animation plays, a group that settles waits until it stops (pause, the end, an edit that
// stops it): packing a big map can take longer than a frame (12–40 ms for a 1024 × 1024 random map).
// Asked for directly (undo, a copied link, the page going away), it is recorded at once.
//
// A record is synchronous (the core's bytes, the body stored); its link is compressed by the browser
// (www/share/link.ts) and written to the address bar and saved work when that finishes, the newest
// record winning. When the page goes away (`leaving`), a record whose compression has not finished is
// written at once with its body stored: a longer link, but the same view, so a reload loses nothing.
//
// A load (a link, a file, a problem, saved work at start) is all or nothing: the view is checked to be
// recordable before it is shown, and put back if recording fails after all, so the map, settings, address
// bar, saved work and undo history always describe the same view. Saved work that cannot be written
// (storage full or refused) is reported through onSaveFailure on every attempt until a save succeeds.
//
// A view naming an algorithm whose engine is fetched on demand (HPA*, JPS+, Theta*, ARA*: AppHooks.prepare) is shown,
// and only then recorded, once that module is here; until then nothing is written to the address bar or
// saved work, so a reload (or a failed fetch) still finds the view that was asked for.
//
// Saved work this page did not show (a link opened over it, or saved work it could not open: a newer
// format, a damaged entry) is never overwritten without a word: before the first save replaces it, it is
// copied to BACKUP_KEY and onBackup tells the page, which offers to restore it (www/share/backup-notice.ts).
import type { AppHooks } from '../hooks.js';
import {
  comfortableChars,
  linkText,
  linkTextNow,
  openBytes,
  packed,
  openLink,
  show,
  snapshot,
  snapshotOf,
  type Opened,
  type Snapshot,
} from './link.js';
import { errorText, t } from '../i18n/index.js';

/** Why saving in localStorage failed: its quota is used up, or the browser refuses storage altogether. */
export type SaveFailure = 'storage-full' | 'storage-refused';

const SETTLE_MS = 250;
/**
 * An embedded figure (`?embed`) shows what its link says, not the reader's own saved work, and must not
 * overwrite that saved work either: saved work is for the full page only.
 */
const USE_SAVED_WORK = !new URLSearchParams(location.search).has('embed');
const MAX_UNDO = 100;
/** Where saved work lives in localStorage (link text of the last settled view). */
export const STORAGE_KEY = 'astar-playground:saved-view';
/** Where the saved work that a link or a load replaced is kept, one entry (see the top of this file). */
export const BACKUP_KEY = 'astar-playground:replaced-view';

export class Keeper {
  private current: Snapshot;
  private readonly undoStack: Snapshot[] = [];
  private readonly redoStack: Snapshot[] = [];
  private timer: number | null = null;
  private grouping = false;
  /** The animation step shown changed since the last record (not an undo step of its own). */
  private stepPending = false;
  private published = '';
  /** The undo and redo steps asked for, shown one after another (see `applyInTurn`). */
  private applying: Promise<void> = Promise.resolve();
  /**
   * Counts the changes of the view (edits, loads, undo and redo asked for): an undo, redo or link still
   * being opened when another change comes is not shown (the newer change wins, and an edit is never drawn
   * over).
   */
  private changes = 0;
  /** Counts the links typed into the address bar and their drops: only the newest is shown (`loadWhenRead`). */
  private readings = 0;
  /** Counts the records whose link was asked for: only the newest one's link is written. */
  private publishing = 0;
  /** A record whose link is being compressed, not yet written (null when none is). */
  private unwritten: Snapshot | null = null;
  /** Called after every recorded state (to refresh buttons). */
  onChange: () => void = () => {};
  /** Called after every attempt to save work: why it failed, or null when it worked. */
  onSaveFailure: (failure: SaveFailure | null) => void = () => {};
  /** Called when a backup of replaced saved work was made, restored or discarded: whether one is kept now. */
  onBackup: (kept: boolean) => void = () => {};
  /** Loads waiting for their algorithm's module (see the top of this file): nothing is published meanwhile. */
  private loadsWaiting = 0;
  /**
   * Saved work in localStorage is this page's own: it showed it, wrote it, or found none. Until then the
   * first save backs it up (see the top of this file).
   */
  private savedIsOurs = false;

  constructor(private readonly hooks: AppHooks) {
    this.current = snapshot(hooks);
  }

  /**
   * Opens the view the page should start with: the URL fragment, else saved work. A broken fragment gets
   * a message and leaves the page on the saved work (or the default map), never on a half-read link.
   * Resolves once that view is shown (after its module arrived, where it needs one).
   */
  async restore(): Promise<void> {
    const fragment = location.hash.slice(1);
    const saved = USE_SAVED_WORK ? readStorage() : null;
    this.savedIsOurs = saved === null;
    if (readBackup() !== null) this.onBackup(true);
    let linkError: string | null = null;
    if (fragment) {
      try {
        // False: the link's module could not be fetched (said); the link stays in the address bar.
        const shown = await this.showFirst(await openLink(fragment), true);
        // Saved work holding the very link shown (a reload) is this page's own: its link is written once
        // compressed, later than this, and replaces it without a backup. So is saved work holding the same
        // view in another encoding: the body stored, written as the page went away before the view's link
        // was compressed (a reload right after a link was opened). Backing that up would put the view
        // shown in place of a backup kept of earlier work, losing that work.
        if (shown && saved !== null && (saved === fragment || (await this.holdsViewShown(saved)))) {
          this.savedIsOurs = true;
        }
        return;
      } catch (err) {
        // The broken link stays in the address bar until the next edit, so it can be copied and reported.
        linkError = t('share.link-broken', { message: messageOf(err) });
      }
    }
    if (saved) {
      try {
        if (await this.showFirst(await openLink(saved), linkError === null)) this.savedIsOurs = true;
      } catch (err) {
        linkError ??= t('share.saved-broken', { message: messageOf(err) });
      }
    }
    if (linkError) this.hooks.showMessage(linkError, 'error');
  }

  /** True when the link `text` opens to the view shown now (whatever its encoding); false if it cannot be read. */
  private async holdsViewShown(text: string): Promise<boolean> {
    let opened: Opened;
    try {
      opened = await openLink(text);
    } catch {
      return false;
    }
    try {
      const [theirs, shown] = [snapshotOf(opened).bytes, snapshot(this.hooks).bytes];
      return theirs.length === shown.length && theirs.every((byte, i) => byte === shown[i]);
    } finally {
      opened.playground.free();
    }
  }

  /** Shows `opened` first thing; false when its module could not be fetched (nothing changed then). */
  private async showFirst(opened: Opened, publish: boolean): Promise<boolean> {
    const ready = await this.whenShowable(opened);
    if (!ready) return false;
    this.showWhole(ready);
    if (publish) this.publish();
    else this.onChange();
    return true;
  }

  /**
   * `opened` as it can be shown: itself, or re-made in the module its algorithm needs once that has been
   * fetched (AppHooks.prepare); null when the fetch failed. Nothing is published while it waits.
   */
  private async whenShowable(opened: Opened): Promise<Opened | null> {
    const later = this.hooks.prepare(opened.playground);
    if (!later) return opened;
    this.loadsWaiting++;
    // A link still being compressed is not written over the view asked for.
    this.publishing++;
    try {
      const playground = await later;
      return playground ? { ...opened, playground } : null;
    } finally {
      this.loadsWaiting--;
    }
  }

  /**
   * Shows `opened` and makes it the current snapshot, or changes nothing and throws (freeing `opened`'s
   * playground): see the top of this file.
   */
  private showWhole(opened: Opened): void {
    const before = this.current;
    try {
      snapshotOf(opened);
    } catch (err) {
      opened.playground.free();
      throw err;
    }
    show(this.hooks, opened);
    try {
      this.current = snapshot(this.hooks);
    } catch (err) {
      // Never seen (the view was checked above): the view before is put back, in turn with undo and redo,
      // as soon as it is opened (its bytes may be compressed).
      this.applyInTurn(before, null);
      throw err;
    }
  }

  /** A user change happened: group it, then record it once it settles. */
  changed(): void {
    this.changes++;
    if (!this.grouping) {
      this.undoStack.push(this.current);
      if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
      this.redoStack.length = 0;
      this.grouping = true;
    }
    this.settleLater();
  }

  /** The animation step shown changed: recorded once it settles, without an undo step. */
  stepChanged(): void {
    this.stepPending = true;
    this.settleLater();
  }

  /** (Re)starts the wait after which what is pending is recorded. */
  private settleLater(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      if (this.hooks.animating()) this.settleLater();
      else this.settle();
    }, SETTLE_MS);
  }

  /** Records a pending group or step now (before undo, before a link is copied, before the page goes away). */
  settle(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.grouping && !this.stepPending) return;
    this.grouping = false;
    this.stepPending = false;
    this.current = snapshot(this.hooks);
    this.publish();
  }

  /**
   * A view that came from outside (a link, with `link`; a file, a problem): shown whole and undoable like an edit, or,
   * when it cannot be, nothing changes and the promise rejects with the core's error for the caller to
   * show. It resolves to true once the view is shown, false when its module could not be fetched (said;
   * nothing changed) or when `stillWanted`, asked once the module is there, says it is no longer wanted
   * (then it is freed unseen).
   */
  async load(
    opened: Opened,
    { link = false, stillWanted = () => true }: { link?: boolean; stillWanted?: () => boolean } = {},
  ): Promise<boolean> {
    const ready = await this.whenShowable(opened);
    if (!ready) return false;
    if (!stillWanted()) {
      ready.playground.free();
      return false;
    }
    this.settle();
    this.changes++;
    const before = this.current;
    this.showWhole(ready);
    this.undoStack.push(before);
    if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
    this.redoStack.length = 0;
    // Someone's link opened over one's own work: that work is backed up (undo alone would not outlive the tab).
    if (link) this.savedIsOurs = false;
    this.publish();
    return true;
  }

  /**
   * Loads a view still being read (a link typed into the address bar, inflated first) as `load` does, once
   * it is read and its module is there, unless something newer came meanwhile: another such link,
   * `dropReading`, or any change of the view (an edit, a load, an undo or redo). The latest wins, and a
   * view that comes too late is freed unseen; a link never cancels an undo or redo being opened. Resolves
   * to true once it is shown; rejects with the read's error only while it is still the latest (a stale
   * error says nothing about the view shown), and resolves to false otherwise.
   */
  async loadWhenRead(reading: Promise<Opened>, options: { link?: boolean } = {}): Promise<boolean> {
    const mine = ++this.readings;
    const changesAt = this.changes;
    const latest = () => mine === this.readings && changesAt === this.changes;
    let opened: Opened;
    try {
      opened = await reading;
    } catch (err) {
      if (latest()) throw err;
      return false;
    }
    if (!latest()) {
      opened.playground.free();
      return false;
    }
    return this.load(opened, { ...options, stillWanted: latest });
  }

  /** Drops a view still being read for `loadWhenRead`: the address bar is back on the view shown. */
  dropReading(): void {
    this.readings++;
  }

  canUndo(): boolean {
    return this.grouping || this.undoStack.length > 0;
  }

  canRedo(): boolean {
    return !this.grouping && this.redoStack.length > 0;
  }

  undo(): void {
    this.settle();
    const previous = this.undoStack.pop();
    if (!previous) {
      this.hooks.showMessage(t('share.nothing-to-undo'), 'info');
      return;
    }
    this.redoStack.push(this.current);
    this.applyInTurn(previous, 'status.undone');
  }

  redo(): void {
    this.settle();
    const next = this.redoStack.pop();
    if (!next) {
      this.hooks.showMessage(t('share.nothing-to-redo'), 'info');
      return;
    }
    this.undoStack.push(this.current);
    this.applyInTurn(next, 'status.redone');
  }

  /**
   * Shows `snap` (undo, redo) after the ones asked for before it, and says `done` once it is shown. Its
   * bytes may be compressed, so opening it waits for the browser to inflate them: `current` is `snap` at
   * once, so that a second undo before it is shown stacks the right view.
   */
  private applyInTurn(snap: Snapshot, done: 'status.undone' | 'status.redone' | null): void {
    this.current = snap;
    this.stepPending = false;
    const mine = ++this.changes;
    this.applying = this.applying
      .then(async () => {
        if ((await this.apply(snap, mine)) && done) this.hooks.showMessage(t(done), 'info');
      })
      .catch((err: unknown) => this.hooks.showMessage(messageOf(err), 'error'));
  }

  /**
   * Shows `snap`, the change numbered `mine`; false when a newer change came meanwhile (nothing shown) or
   * it cannot be opened (with a message).
   */
  private async apply(snap: Snapshot, mine: number): Promise<boolean> {
    let shown = true;
    try {
      const opened = await openBytes(snap.bytes);
      if (mine !== this.changes) {
        opened.playground.free();
        return false;
      }
      // The snapshot knows how its map was made (a seed the bytes may not have needed, a generator).
      show(this.hooks, { ...opened, origin: snap.origin });
      this.current = snapshot(this.hooks);
    } catch (err) {
      // A snapshot the core made itself always opens; if not, say so rather than lose the current view,
      // which stays the one recorded.
      this.hooks.showMessage(t('share.restore-failed', { message: messageOf(err) }), 'error');
      if (mine === this.changes) this.current = snapshot(this.hooks);
      shown = false;
    }
    this.publish();
    return shown;
  }

  /** The current link text (as the address bar shows it when it fits). */
  link(): Promise<string> {
    this.settle();
    return linkText(this.current);
  }

  /** The current view's bytes as a file holds them, the body compressed (for a download). */
  fileBytes(): Promise<Uint8Array> {
    this.settle();
    return packed(this.current);
  }

  /**
   * The page is going away (or hidden, and may be discarded): records what is pending and writes a record
   * whose link is still being compressed now, with the body stored (see the top of this file).
   */
  leaving(): void {
    this.settle();
    if (this.unwritten && this.loadsWaiting === 0) this.write(this.unwritten, linkTextNow(this.unwritten));
  }

  /** The current view's link when it is written already (no change waiting or being compressed), else null. */
  writtenLink(): string | null {
    return this.timer === null && this.unwritten === null && this.loadsWaiting === 0 ? this.published || null : null;
  }

  /** The link text last put in the address bar and saved work. */
  publishedLink(): string {
    return this.published;
  }

  /**
   * Puts the current view in the address bar (without a history entry) and in saved work, once its link is
   * compressed (a later record's link supersedes it).
   */
  private publish(): void {
    // A load waiting for its module will publish the view it shows; the view shown meanwhile is not the one asked for.
    if (this.loadsWaiting > 0) return;
    const snap = this.current;
    this.unwritten = snap;
    const serial = ++this.publishing;
    // Only the newest record's link is written, and none while a load waits for its module.
    void linkText(snap).then((link) => {
      if (serial === this.publishing && this.loadsWaiting === 0) this.write(snap, link);
    });
  }

  /** Writes `snap`'s link to the address bar and saved work. */
  private write(snap: Snapshot, link: string): void {
    if (this.unwritten === snap) this.unwritten = null;
    this.published = link;
    // A link too big to share is left out of the address bar: saved work still keeps it, and an older,
    // smaller fragment must not stay there to win over it on the next load.
    const url = link.length <= comfortableChars() ? `#${link}` : location.pathname + location.search;
    try {
      if (location.hash !== `#${link}`) history.replaceState(history.state, '', url);
    } catch {
      // Some sandboxed frames refuse URL changes: the view still lives in saved work and undo.
    }
    if (USE_SAVED_WORK) {
      const failure = this.savedIsOurs || this.backUpSaved(link) ? save(link) : 'storage-full';
      if (failure === null) this.savedIsOurs = true;
      this.onSaveFailure(failure);
    }
    this.onChange();
  }

  /**
   * Copies saved work this page did not show to BACKUP_KEY before `link` replaces it (see the top of this
   * file); false when there is no room for the copy: the earlier work then stays, and `link` is not saved.
   */
  private backUpSaved(link: string): boolean {
    const earlier = readStorage();
    if (earlier === null || earlier === link) return true;
    try {
      localStorage.setItem(BACKUP_KEY, earlier);
    } catch {
      return false;
    }
    this.onBackup(true);
    return true;
  }
}

/**
 * Writes saved work; says why it failed, or null. Every link fits an empty localStorage (the core's
 * longest link, MAX_LINK_CHARS, is 2.8 million characters; browsers give a site at least 5 million), so a
 * quota error means other data fills the storage, not that this map is too big.
 */
function save(link: string): SaveFailure | null {
  try {
    localStorage.setItem(STORAGE_KEY, link);
    return null;
  } catch (err) {
    const quota = err instanceof DOMException && (err.name === 'QuotaExceededError' || err.code === 22);
    return quota ? 'storage-full' : 'storage-refused';
  }
}

function readStorage(): string | null {
  return readKey(STORAGE_KEY);
}

/** The saved work kept when a load replaced it (see the top of this file), or null. */
export function readBackup(): string | null {
  return USE_SAVED_WORK ? readKey(BACKUP_KEY) : null;
}

function readKey(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The message of a thrown value (the core's JsError messages are written for users), in the page's language. */
export function messageOf(err: unknown): string {
  return errorText(err);
}
