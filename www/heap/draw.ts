// The heap panel's drawing: the top levels of the heap as a tree (nodes placed by heap index, lines from
// each node to its children), the first entries as the array (index 0 = the minimum) with every number,
// and the moves of a step as short animations (FLIP: each node follows its entry, by id, from where it was
// drawn to where it is now; a popped root flies out, a new entry fades in).
//
// Test hooks on every entry shown (tree node and array row alike): data-heap-index (its array index),
// data-cell ("x,y"), data-f (a plain number) and data-stale ("true" for a stale entry, drawn struck
// through).
import { fmt } from '../app.js';
import type { HeapEntry, HeapModel } from './model.js';
import { heapText, type HeapKey } from './strings.js';

/** Levels of the tree: 15 nodes (a phone's width holds 8 leaves). */
export const TREE_LEVELS = 4;
const TREE_NODES = (1 << TREE_LEVELS) - 1;
/** Rows of the array: the first 5 levels. */
export const ARRAY_ROWS = 31;
/** Vertical distance between tree levels (CSS px). */
const LEVEL_PX = 46;
/** One phase of a step's animation (ms): short, so that stepping never waits for it. */
export const MOVE_MS = 220;

/** How an entry's numbers read in this search: f from g and h, the tie-break key. */
export interface EntryFormat {
  width: number;
  /** f = g + hWeight·h; Infinity: f = h (greedy). */
  hWeight: number;
  /** What breaks ties of f: 'lower-h', 'higher-g', or the push order. */
  tieBreak: 'lower-h' | 'higher-g' | 'first-in' | 'last-in';
}

export function fOf(entry: HeapEntry, format: EntryFormat): number {
  return format.hWeight === Infinity ? entry.h : entry.g + format.hWeight * entry.h;
}

function tieOf(entry: HeapEntry, format: EntryFormat): string {
  if (format.tieBreak === 'lower-h') return fmt(entry.h);
  if (format.tieBreak === 'higher-g') return fmt(entry.g);
  return `#${entry.push + 1}`;
}

/** Sets `element`'s text, unless it is already that (a write costs a style and layout pass). */
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function cellText(cell: number, width: number): string {
  const x = cell % width;
  return `${x},${(cell - x) / width}`;
}

function tag(element: HTMLElement, index: number, entry: HeapEntry, format: EntryFormat): void {
  const d = element.dataset;
  d.heapIndex = String(index);
  d.cell = cellText(entry.cell, format.width);
  d.f = String(fOf(entry, format));
  d.id = String(entry.id);
  if (entry.stale) d.stale = 'true';
  else delete d.stale;
  element.classList.toggle('stale', entry.stale);
}

/** Where the tree draws heap index `i`: left in % of the tree's width, top in px. */
function place(i: number): { left: number; top: number } {
  const level = 31 - Math.clz32(i + 1);
  const first = (1 << level) - 1;
  return { left: ((i - first + 0.5) / (1 << level)) * 100, top: level * LEVEL_PX };
}

/** The tree and the array, redrawn from the model; remembers where it drew each entry, for the next move. */
export class HeapDrawing {
  readonly tree = document.createElement('div');
  private readonly lines = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  readonly table = document.createElement('table');
  private readonly body = document.createElement('tbody');
  private readonly head = document.createElement('tr');
  readonly more = document.createElement('p');
  private readonly nodes = new Map<number, HTMLElement>();
  /** Heap index of each entry drawn in the tree, by id. */
  private drawnAt = new Map<number, number>();
  private animations: Animation[] = [];
  /** The number of tree nodes the lines were drawn for. */
  private linesFor = -1;
  /** The array's rows, made once and refilled. */
  private readonly rows: HTMLTableRowElement[] = [];

  constructor() {
    this.tree.className = 'heap-tree';
    this.tree.style.height = `${TREE_LEVELS * LEVEL_PX - 8}px`;
    this.lines.setAttribute('class', 'heap-lines');
    this.lines.setAttribute('viewBox', `0 0 100 ${TREE_LEVELS * LEVEL_PX}`);
    this.lines.setAttribute('preserveAspectRatio', 'none');
    this.lines.setAttribute('aria-hidden', 'true');
    this.tree.append(this.lines);
    this.table.className = 'heap-array';
    const thead = document.createElement('thead');
    thead.append(this.head);
    this.table.append(thead, this.body);
    this.more.className = 'heap-more';
  }

  /** Forgets every node (a new search, or the panel closed). */
  clear(): void {
    this.finishMoves();
    for (const node of this.nodes.values()) node.remove();
    this.nodes.clear();
    this.drawnAt.clear();
    this.lines.replaceChildren();
    this.linesFor = -1;
    this.body.replaceChildren();
    this.more.textContent = '';
  }

  /** Ends the running animations at once (a new update arrived). */
  finishMoves(): void {
    for (const animation of this.animations) animation.finish();
    this.animations = [];
  }

  /**
   * Draws `model`; with `animate`, each tree node moves from where it was drawn, the entry popped from the
   * root flies out (`popped`: its id) and new ones fade in.
   */
  draw(model: HeapModel, format: EntryFormat, animate: boolean, popped: number | null): void {
    this.finishMoves();
    const shown = Math.min(model.size, TREE_NODES);
    const next = new Map<number, number>();
    // Read only to animate: reading a size forces a layout of the page.
    const width = animate ? this.tree.clientWidth || 300 : 300;
    for (let i = 0; i < shown; i++) {
      const entry = model.entryAt(i);
      next.set(entry.id, i);
      let node = this.nodes.get(entry.id);
      if (!node) {
        node = document.createElement('div');
        node.className = 'heap-node';
        this.nodes.set(entry.id, node);
        this.tree.append(node);
      }
      tag(node, i, entry, format);
      if (!node.firstChild) node.append(document.createElement('span'), document.createElement('b'));
      setText(node.firstChild as HTMLElement, node.dataset.cell!);
      setText(node.lastChild as HTMLElement, fmt(fOf(entry, format)));
      const at = place(i);
      node.style.left = `${at.left}%`;
      node.style.top = `${at.top}px`;
      if (!animate) continue;
      const was = this.drawnAt.get(entry.id);
      if (was === undefined) {
        this.animations.push(node.animate([{ opacity: 0, translate: '0 24px' }, { opacity: 1, translate: '0 0' }], { duration: MOVE_MS, easing: 'ease-out' }));
      } else if (was !== i) {
        const from = place(was);
        const dx = ((from.left - at.left) / 100) * width;
        const dy = from.top - at.top;
        this.animations.push(node.animate([{ translate: `${dx}px ${dy}px` }, { translate: '0 0' }], { duration: MOVE_MS, easing: 'ease-in-out' }));
      }
    }
    for (const [id, node] of this.nodes) {
      if (next.has(id)) continue;
      this.nodes.delete(id);
      if (animate && id === popped) {
        // The popped minimum leaves from the root, upwards.
        node.dataset.leaving = 'true';
        for (const key of ['heapIndex', 'cell', 'f']) delete node.dataset[key];
        const flight = node.animate([{ opacity: 1, translate: '0 0' }, { opacity: 0, translate: '0 -30px' }], { duration: MOVE_MS, easing: 'ease-in' });
        flight.finished.then(() => node.remove(), () => node.remove());
        this.animations.push(flight);
      } else {
        node.remove();
      }
    }
    this.drawnAt = next;
    if (shown !== this.linesFor) this.drawLines(shown);
    this.drawArray(model, format);
  }

  private drawLines(shown: number): void {
    this.linesFor = shown;
    const lines: SVGLineElement[] = [];
    for (let i = 1; i < shown; i++) {
      const child = place(i);
      const parent = place((i - 1) >> 1);
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
      line.setAttribute('x1', String(parent.left));
      line.setAttribute('y1', String(parent.top + 18));
      line.setAttribute('x2', String(child.left));
      line.setAttribute('y2', String(child.top + 4));
      lines.push(line);
    }
    this.lines.replaceChildren(...lines);
  }

  private drawArray(model: HeapModel, format: EntryFormat): void {
    const tieHead = heapText(`heap.tie.${format.tieBreak}` as HeapKey);
    if (this.head.dataset.tie !== tieHead) {
      this.head.dataset.tie = tieHead;
      const cells = ['#', heapText('heap.cell'), 'f', 'g', 'h', tieHead].map((text) => {
        const th = document.createElement('th');
        th.scope = 'col';
        th.textContent = text;
        return th;
      });
      this.head.replaceChildren(...cells);
    }
    const shown = Math.min(model.size, ARRAY_ROWS);
    for (let i = 0; i < shown; i++) {
      const entry = model.entryAt(i);
      let row = this.rows[i];
      if (!row) {
        row = document.createElement('tr');
        for (let c = 0; c < 6; c++) row.append(document.createElement('td'));
        this.rows.push(row);
      }
      tag(row, i, entry, format);
      const texts = [String(i), `(${row.dataset.cell!.replace(',', ', ')})`, fmt(fOf(entry, format)), fmt(entry.g), fmt(entry.h), tieOf(entry, format)];
      texts.forEach((text, c) => setText(row.children[c] as HTMLElement, text));
      if (row.parentNode !== this.body) this.body.append(row);
    }
    while (this.body.children.length > shown) this.body.lastChild!.remove();
    const beyond = model.size - shown;
    this.more.textContent = beyond > 0 ? heapText('heap.more', { count: beyond }) : '';
  }

  /** Marks the entries of `cell` (an "x,y" key, or null) as the one the inspector shows. */
  link(cell: string | null): void {
    for (const element of [...this.nodes.values(), ...this.body.children] as HTMLElement[]) {
      element.classList.toggle('linked', cell !== null && element.dataset.cell === cell);
    }
  }
}
