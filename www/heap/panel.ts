// The heap panel (the article's figure 1.4, live): the open list of the search on screen as a binary heap,
// its counters for lazy deletion and decrease-key side by side, a sentence on what the last step popped
// and pushed, and the link with the map (hover an entry: the inspector shows its cell, ringed; hover a
// cell: its entries are marked).
//
// Where the numbers come from: while the panel is open the core keeps its open-list log on
// (`setHeapLog`), and after every search, step or seek ('searched') the panel reads the records logged
// since it last looked through one typed-array view (`Views.heapLog`), feeds them to its model
// (www/heap/model.ts) and clears the log: a few calls a frame, none per entry. A seek restarts the search
// in the core, whose log then begins with BEGIN, so the model is rebuilt from the records up to that step.
// An animation faster than FOLLOW_LIMIT expansions a frame is not followed: the log is turned off (no work
// a frame) and on again when it stops, which makes the core run the search again to that step.
// The engine's own open list is a 4-ary heap; it pops the same entries in the same order as this binary
// heap (the order is total), which the model checks at every pop (`data-disagreements`, always 0).
//
// Hooks for tests on the card (data-testid="heap"): data-available, data-variant, data-size (entries),
// data-stale-in-heap, data-step (the expansion shown), data-settled (the same, once the step's moves are
// done), data-disagreements, and data-pushes, data-pops, data-stale-pops, data-decrease-keys (of the
// arrangement chosen). The sentence is data-testid="heap-said".
import './heap.css';
import type { App } from '../app.js';
import { rowOf } from '../algorithms.js';
import type { Playground } from '../bridge.js';
import { attachHelpKey } from '../help.js';
import { algorithmTitle, num } from '../i18n/index.js';
import type { InspectorLink } from '../inspector.js';
import { HeapDrawing, MOVE_MS, type EntryFormat } from './draw.js';
import { HeapModel, nextRecord, RECORD, type UpdateReport, type Variant } from './model.js';
import { heapText } from './strings.js';

/** An update that expands more cells than this is told as a count, not cell by cell. */
const TOLD_CELLS = 3;
/** Words of a log that can be one expansion (stale pops, a pop, eight pushes of ten words), with room. */
const ONE_STEP_WORDS = 128;
/**
 * The most expansions a frame the panel follows while the animation runs (a few hundred microseconds of
 * model work and one redraw); faster, it stops following until the animation stops (see `dormant`).
 */
const FOLLOW_LIMIT = 200;
/** Following an animation: the panel is redrawn at most this often (ms). */
const RUNNING_DRAW_MS = 1000;

function reducedMotion(): boolean {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** What the loaded panel offers the switch. */
export interface HeapPanelControl {
  open(): void;
  close(): void;
}

export function createHeapPanel(app: App, inspector: InspectorLink, card: HTMLElement, body: HTMLElement): HeapPanelControl {
  const variantField = document.createElement('label');
  variantField.className = 'heap-variant';
  const variantSelect = document.createElement('select');
  for (const [value, key] of [
    ['lazy', 'heap.variant.lazy'],
    ['decrease-key', 'heap.variant.decrease-key'],
  ] as const) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = heapText(key);
    variantSelect.append(option);
  }
  variantField.append(heapText('heap.variant'), ' ', variantSelect);
  void attachHelpKey(variantSelect, 'help.heap-variant');

  const note = document.createElement('p');
  note.className = 'heap-note';
  note.textContent = heapText('heap.note');
  const said = document.createElement('p');
  said.className = 'heap-said';
  said.dataset.testid = 'heap-said';
  said.setAttribute('aria-live', 'polite');
  const linkedLine = document.createElement('p');
  linkedLine.className = 'heap-linked';
  const counters = document.createElement('table');
  counters.className = 'heap-counters';
  const unavailable = document.createElement('p');
  unavailable.className = 'heap-unavailable';
  unavailable.hidden = true;
  const drawing = new HeapDrawing();
  const arrayBox = document.createElement('div');
  arrayBox.className = 'heap-array-box';
  arrayBox.append(drawing.table);
  const shownParts = [drawing.tree, said, counters, arrayBox, drawing.more, linkedLine];
  body.replaceChildren(variantField, unavailable, ...shownParts, note);

  let variant: Variant = 'lazy';
  let model = new HeapModel(variant);
  let pg: Playground | null = null;
  let isOpen = false;
  /** The second half of an animated step (its pushes), waiting for the first half's moves. */
  let pending: { rest: Uint32Array; report: UpdateReport; timer: number } | null = null;
  let linkedCell: { x: number; y: number } | null = null;

  const format = (): EntryFormat => {
    const s = app.settings();
    const row = rowOf(s.algorithm);
    return { width: app.pg.width(), hWeight: app.pg.fWeight(), tieBreak: row.usesTieBreak ? (s.tieBreak as EntryFormat['tieBreak']) : 'first-in' };
  };

  const xy = (cell: number) => {
    const width = app.pg.width();
    const x = cell % width;
    return `(${x}, ${(cell - x) / width})`;
  };

  /** The counters table's number cells, by row (pushes, pops, stale pops, decrease-keys) and column. */
  const counterCells: HTMLTableCellElement[][] = [];
  const buildCounters = () => {
    const head = document.createElement('tr');
    for (const [text, v] of [['', null], [heapText('heap.variant.lazy'), 'lazy'], [heapText('heap.variant.decrease-key'), 'decrease-key']] as const) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      if (v) th.dataset.variant = v;
      head.append(th);
    }
    const rows = (['heap.pushes', 'heap.pops', 'heap.stale-pops', 'heap.decrease-keys'] as const).map((key) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = heapText(key);
      const cells = (['lazy', 'decrease-key'] as const).map((v) => {
        const td = document.createElement('td');
        td.dataset.variant = v;
        return td;
      });
      counterCells.push(cells);
      tr.append(th, ...cells);
      return tr;
    });
    counters.replaceChildren(head, ...rows);
  };
  buildCounters();

  const drawCounters = () => {
    const c = model.counters;
    const lazy = [c.pushes, c.expansions + c.stalePops, c.stalePops, 0];
    const indexed = [c.pushes - c.decreaseKeys, c.expansions, 0, c.decreaseKeys];
    const chosen = variant === 'lazy' ? lazy : indexed;
    const d = card.dataset;
    [d.pushes, d.pops, d.stalePops, d.decreaseKeys] = chosen.map(String);
    counterCells.forEach(([lazyCell, indexedCell], i) => {
      const [a, b] = [num(lazy[i]), num(indexed[i])];
      if (lazyCell.textContent !== a) lazyCell.textContent = a;
      if (indexedCell.textContent !== b) indexedCell.textContent = b;
    });
    for (const cell of counters.querySelectorAll<HTMLElement>('[data-variant]')) cell.classList.toggle('chosen', cell.dataset.variant === variant);
  };

  const tell = (report: UpdateReport) => {
    const cells = report.expanded.length + report.skipped.length;
    if (cells === 0 && !report.began) return;
    if (report.began || cells > TOLD_CELLS) {
      said.textContent = heapText('heap.said.many', { expanded: report.expanded.length, skipped: report.skipped.length, pushes: report.pushes });
      return;
    }
    const parts = report.skipped.map((cell) => heapText('heap.said.stale', { cell: xy(cell) }));
    for (const cell of report.expanded) parts.push(heapText('heap.said.popped', { cell: xy(cell) }));
    if (report.pushes > 0) {
      const decreased = variant === 'decrease-key' ? report.decreaseKeys : 0;
      parts.push(heapText(decreased > 0 ? 'heap.said.pushed-decreased' : 'heap.said.pushed', { pushes: report.pushes - decreased, decreased }));
    }
    said.textContent = parts.join(' ');
  };

  const drawLinked = () => {
    const key = linkedCell ? `${linkedCell.x},${linkedCell.y}` : null;
    drawing.link(key);
    if (!linkedCell || !model.started) {
      linkedLine.textContent = '';
      return;
    }
    const cell = linkedCell.y * app.pg.width() + linkedCell.x;
    const indices = model.indicesOf(cell);
    linkedLine.textContent =
      indices.length === 0
        ? heapText('heap.linked.none', { cell: xy(cell) })
        : heapText('heap.linked', { cell: xy(cell), indices: indices.map((i) => num(i)).join(', ') });
  };

  const drawAll = (animate: boolean, popped: number | null) => {
    drawing.draw(model, format(), animate && isOpen, popped);
    drawCounters();
    const d = card.dataset;
    d.size = String(model.size);
    d.staleInHeap = String(model.staleCount);
    d.disagreements = String(model.disagreements);
    d.variant = variant;
    drawLinked();
  };

  const finishPending = () => {
    if (!pending) return;
    const { rest, report, timer } = pending;
    pending = null;
    clearTimeout(timer);
    const second = model.apply(rest);
    report.pushes += second.pushes;
    report.decreaseKeys += second.decreaseKeys;
    tell(report);
    drawAll(false, null);
  };

  /**
   * Following is paused: the animation runs faster than FOLLOW_LIMIT expansions a frame, so the log is off
   * (nothing a frame) and the heap is rebuilt when the animation stops.
   */
  let dormant = false;
  let lastExpanded = 0;
  let lastDraw = -Infinity;

  const showAvailability = (available: boolean) => {
    card.dataset.available = String(available);
    unavailable.hidden = available;
    for (const part of shownParts) part.hidden = !available;
    if (!available) unavailable.textContent = heapText('heap.unavailable', { title: algorithmTitle(rowOf(app.settings().algorithm)) });
  };

  /**
   * Reads what the core logged since the last read, applies it, and shows it; timed as the performance
   * measure 'heap-panel' (what the panel adds to a frame: `npm run bench:frames` reads it).
   */
  const sync = () => {
    const started = performance.now();
    try {
      syncNow();
    } finally {
      if (isOpen) performance.measure('heap-panel', { start: started });
    }
  };

  const syncNow = () => {
    if (!isOpen) return;
    finishPending();
    const expanded = app.stats?.expanded ?? 0;
    const step = String(expanded);
    const running = app.phase === 'running';
    const burst = expanded - lastExpanded;
    lastExpanded = expanded;
    if (running && (dormant || burst > FOLLOW_LIMIT) && app.pg === pg) {
      if (!dormant) {
        dormant = true;
        pg.setHeapLog(false);
        delete card.dataset.settled;
      }
      said.textContent = heapText('heap.said.dormant', { limit: FOLLOW_LIMIT });
      return;
    }
    if (app.pg !== pg || dormant) {
      // A new playground (a link or file opened; its log starts off), or the end of a fast animation:
      // the log is turned on, and the core runs the search again to this step from its BEGIN.
      if (pg && app.pg === pg) pg.setHeapLog(false);
      pg = app.pg;
      dormant = false;
      model = new HeapModel(variant);
      drawing.clear();
    }
    const available = pg.setHeapLog(true);
    showAvailability(available);
    if (!available) {
      model = new HeapModel(variant);
      drawing.clear();
      pg.clearHeapLog();
      return;
    }
    const log = app.views.heapLog();
    // One expansion logs a few pops and at most eight pushes: a longer log is not one step.
    const oneStep = log.length < ONE_STEP_WORDS && isOneExpansion(log);
    if (oneStep && !running && !reducedMotion()) {
      animateStep(log, step);
      return;
    }
    const report = model.apply(log);
    pg.clearHeapLog();
    // Following an animation, the panel is redrawn a few times a second: reading 60 frames a second is
    // not possible, and a redraw costs a style and layout pass.
    const now = performance.now();
    if (running && now - lastDraw < RUNNING_DRAW_MS) {
      delete card.dataset.settled;
      return;
    }
    lastDraw = now;
    if (!model.started) said.textContent = heapText('heap.waiting');
    else tell(report);
    drawAll(false, null);
    card.dataset.step = step;
    card.dataset.settled = step;
  };

  /** Shows one expansion in two moves: the pop and its sift-down, then the pushes and their sift-ups. */
  const animateStep = (log: Uint32Array, step: string) => {
    let split = 0;
    while (split < log.length && (log[split] & RECORD.kind) >>> 0 === RECORD.push) split = nextRecord(log, split);
    while (split < log.length && (log[split] & RECORD.kind) >>> 0 !== RECORD.push) split = nextRecord(log, split);
    const poppedId = model.size > 0 ? model.idAt(0) : null;
    const report = model.apply(log, 0, split);
    const rest = log.slice(split);
    pg!.clearHeapLog();
    drawAll(true, poppedId);
    card.dataset.step = step;
    delete card.dataset.settled;
    tell(report);
    pending = {
      rest,
      report,
      timer: window.setTimeout(() => {
        if (!pending) return;
        const waiting = pending;
        pending = null;
        const second = model.apply(waiting.rest);
        waiting.report.pushes += second.pushes;
        waiting.report.decreaseKeys += second.decreaseKeys;
        tell(waiting.report);
        drawAll(true, null);
        card.dataset.settled = step;
      }, MOVE_MS),
    };
  };

  variantSelect.addEventListener('change', () => {
    variant = variantSelect.value as Variant;
    if (!isOpen || !pg) return;
    finishPending();
    // The log holds only what was not read: turned off and on, the core logs the search again from BEGIN.
    pg.setHeapLog(false);
    model = new HeapModel(variant);
    drawing.clear();
    sync();
  });

  // Hover or tap an entry: the inspector shows its cell, ringed on the map.
  const entryOf = (target: EventTarget | null) => (target as HTMLElement | null)?.closest<HTMLElement>('[data-heap-index]') ?? null;
  const pointAt = (entry: HTMLElement | null) => {
    const [x, y] = (entry?.dataset.cell ?? '').split(',').map(Number);
    inspector.point(entry && Number.isFinite(x) ? { x, y } : null);
  };
  body.addEventListener('pointerover', (event) => {
    if (event.pointerType === 'mouse') pointAt(entryOf(event.target));
  });
  body.addEventListener('pointerleave', (event) => {
    if (event.pointerType === 'mouse') inspector.point(null);
  });
  body.addEventListener('click', (event) => {
    const entry = entryOf(event.target);
    if (entry) pointAt(entry);
  });
  inspector.onInspect((cell) => {
    linkedCell = cell;
    if (isOpen) drawLinked();
  });

  app.on('searched', sync);
  // Paused or stopped: what an animation at full speed left to apply is applied, and drawn.
  app.on('phase', (phase) => {
    if (phase !== 'running') sync();
  });

  return {
    open() {
      if (isOpen) return;
      isOpen = true;
      pg = null;
      sync();
    },
    close() {
      if (!isOpen) return;
      finishPending();
      isOpen = false;
      app.pg.setHeapLog(false);
      model = new HeapModel(variant);
      dormant = false;
      delete card.dataset.settled;
      drawing.clear();
      inspector.point(null);
    },
  };
}

/** True when `log` (no BEGIN) holds the records of exactly one expansion. */
function isOneExpansion(log: Uint32Array): boolean {
  let pops = 0;
  for (let i = 0; i < log.length; i = nextRecord(log, i)) {
    if ((log[i] & RECORD.kind) >>> 0 === RECORD.pop) pops++;
    if ((log[i] & RECORD.kind) >>> 0 === RECORD.begin) return false;
  }
  return pops === 1;
}
