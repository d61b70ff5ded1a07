// The scenario problem picker: a search field over a virtualised listbox. The problems stay in wasm memory
// (ScenarioList, read and checked once by the core); the DOM holds only the rows in view (VISIBLE_ROWS
// plus a few), so a scenario of 600,000 problems costs about as many nodes as one of ten.
//
// Keyboard (WAI-ARIA listbox with aria-activedescendant): in the list, ↑ ↓ Page Up/Down Home End move the
// active row, Enter or Space picks it; in the search field, ↓ moves into the list and Enter picks the first
// match. A click picks a row. The search (numbers; see crates/astar-core/src/problem_list.rs) runs in the
// core after a short pause in typing.
import type { ScenarioList } from '../pkg/astar.js';
import type { ScenarioProblem } from '../generated/core.js';
import { t } from '../i18n/index.js';

/** Rows the listbox shows at once (its height); rows are ROW_PX tall. */
const VISIBLE_ROWS = 8;
const ROW_PX = 22;
/** Rows drawn beyond the visible ones, above and below, so scrolling shows no gap before the redraw. */
const OVERSCAN = 4;
/** Typing pause (ms) before the search runs. */
const SEARCH_DELAY_MS = 150;

export class ProblemPicker {
  /** The picker's element, hidden until a scenario is shown. */
  readonly element: HTMLElement;
  private readonly search: HTMLInputElement;
  private readonly count: HTMLElement;
  private readonly listbox: HTMLElement;
  private readonly spacer: HTMLElement;
  private list: ScenarioList | null = null;
  /** The positions the search found, or null for all of them. */
  private found: Uint32Array | null = null;
  /** The active row (a place in the rows shown: found, or all). */
  private active = 0;
  /** The position of the problem picked last (marked selected), or -1. */
  private pickedPosition = -1;
  private searchTimer: number | null = null;

  /** `onPick` is called with the problem chosen (by click, Enter or Space). */
  constructor(private readonly onPick: (problem: ScenarioProblem) => void) {
    this.element = document.createElement('div');
    this.element.className = 'problem-picker';
    this.element.hidden = true;
    this.element.dataset.testid = 'problem-picker';

    this.search = document.createElement('input');
    this.search.type = 'search';
    this.search.setAttribute('aria-label', t('scenario.search-label'));
    this.search.placeholder = t('scenario.search-placeholder');
    this.count = document.createElement('span');
    this.count.className = 'problem-count';
    this.count.setAttribute('aria-live', 'polite');

    this.listbox = document.createElement('div');
    this.listbox.id = 'problem-list';
    this.listbox.className = 'problem-list';
    this.listbox.setAttribute('role', 'listbox');
    this.listbox.setAttribute('aria-label', t('scenario.list-label'));
    this.listbox.tabIndex = 0;
    this.listbox.style.height = `${VISIBLE_ROWS * ROW_PX}px`;
    this.spacer = document.createElement('div');
    this.spacer.className = 'problem-spacer';
    this.listbox.append(this.spacer);
    this.search.setAttribute('aria-controls', this.listbox.id);

    const head = document.createElement('div');
    head.className = 'problem-head';
    head.append(this.search, this.count);
    this.element.append(head, this.listbox);

    this.listbox.addEventListener('scroll', () => this.draw());
    this.listbox.addEventListener('keydown', (e) => this.onListKey(e));
    this.listbox.addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('[role="option"]');
      if (!row) return;
      this.active = Number(row.dataset.row);
      this.pickActive();
    });
    this.search.addEventListener('input', () => {
      if (this.searchTimer !== null) clearTimeout(this.searchTimer);
      this.searchTimer = window.setTimeout(() => this.runSearch(), SEARCH_DELAY_MS);
    });
    this.search.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.runSearch();
        if (this.rows() > 0) {
          this.active = 0;
          this.pickActive();
        }
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        this.runSearch();
        this.listbox.focus();
        this.moveTo(0);
      }
    });
  }

  /** Shows `list` (taking it: the picker frees it when replaced or cleared). */
  show(list: ScenarioList): void {
    this.list?.free();
    this.list = list;
    this.found = null;
    this.active = 0;
    this.pickedPosition = -1;
    this.search.value = '';
    this.element.hidden = false;
    this.listbox.scrollTop = 0;
    this.layout();
  }

  /** Hides the picker and frees its list. */
  clear(): void {
    this.list?.free();
    this.list = null;
    this.found = null;
    this.pickedPosition = -1;
    this.element.hidden = true;
    this.draw();
  }

  /** How many problems the scenario shown lists (0 when none is). */
  total(): number {
    return this.list?.len() ?? 0;
  }

  /** The number of rows shown now (the search's matches, or every problem). */
  private rows(): number {
    return this.found ? this.found.length : this.total();
  }

  private positionOf(row: number): number {
    return this.found ? this.found[row] : row;
  }

  private runSearch(): void {
    if (this.searchTimer !== null) clearTimeout(this.searchTimer);
    this.searchTimer = null;
    if (!this.list) return;
    const query = this.search.value.trim();
    this.found = query ? this.list.find(query) : null;
    this.active = 0;
    this.listbox.scrollTop = 0;
    this.layout();
  }

  /** Sizes the scroll area for the rows shown, updates the count, draws. */
  private layout(): void {
    const rows = this.rows();
    this.spacer.style.height = `${rows * ROW_PX}px`;
    this.count.textContent = this.found
      ? t('scenario.matches', { found: rows.toLocaleString('en'), total: this.total().toLocaleString('en') })
      : t('scenario.count', { total: rows.toLocaleString('en') });
    this.draw();
  }

  /** Draws the rows in view (and OVERSCAN more each side), nothing else. */
  private draw(): void {
    for (const row of [...this.listbox.querySelectorAll('[role="option"]')]) row.remove();
    const list = this.list;
    const rows = this.rows();
    if (!list || rows === 0) {
      this.listbox.removeAttribute('aria-activedescendant');
      return;
    }
    const first = Math.max(0, Math.floor(this.listbox.scrollTop / ROW_PX) - OVERSCAN);
    const last = Math.min(rows, first + VISIBLE_ROWS + 2 * OVERSCAN);
    for (let row = first; row < last; row++) {
      const position = this.positionOf(row);
      const p = list.problem(position) as ScenarioProblem;
      const option = document.createElement('div');
      option.setAttribute('role', 'option');
      option.id = `problem-row-${row}`;
      option.dataset.row = String(row);
      option.style.top = `${row * ROW_PX}px`;
      option.style.height = `${ROW_PX}px`;
      option.setAttribute('aria-selected', String(position === this.pickedPosition));
      option.setAttribute('aria-setsize', String(rows));
      option.setAttribute('aria-posinset', String(row + 1));
      if (row === this.active) option.classList.add('active');
      option.textContent = t('scenario.row', {
        index: p.index,
        bucket: p.bucket,
        startX: p.startX,
        startY: p.startY,
        goalX: p.goalX,
        goalY: p.goalY,
        optimal: p.optimal,
      });
      this.listbox.append(option);
    }
    if (this.active >= first && this.active < last) this.listbox.setAttribute('aria-activedescendant', `problem-row-${this.active}`);
    else this.listbox.removeAttribute('aria-activedescendant');
  }

  /** Makes `row` the active row, scrolled into view. */
  private moveTo(row: number): void {
    const rows = this.rows();
    if (rows === 0) return;
    this.active = Math.max(0, Math.min(rows - 1, row));
    const top = this.active * ROW_PX;
    if (top < this.listbox.scrollTop) this.listbox.scrollTop = top;
    else if (top + ROW_PX > this.listbox.scrollTop + this.listbox.clientHeight) {
      this.listbox.scrollTop = top + ROW_PX - this.listbox.clientHeight;
    }
    this.draw();
  }

  private onListKey(e: KeyboardEvent): void {
    const page = VISIBLE_ROWS - 1;
    const moves: Record<string, number> = {
      ArrowDown: this.active + 1,
      ArrowUp: this.active - 1,
      PageDown: this.active + page,
      PageUp: this.active - page,
      Home: 0,
      End: this.rows() - 1,
    };
    if (e.key in moves) this.moveTo(moves[e.key]);
    else if (e.key === 'Enter' || e.key === ' ') this.pickActive();
    else return;
    e.preventDefault();
  }

  private pickActive(): void {
    const list = this.list;
    if (!list || this.active >= this.rows()) return;
    const position = this.positionOf(this.active);
    this.pickedPosition = position;
    this.draw();
    this.onPick(list.problem(position) as ScenarioProblem);
  }
}
