// The cell inspector and the price-of-w overlay.
//
// The inspector shows, for one cell, what the search knows about it at the step on screen: its state, g,
// h, f = g + w·h, terrain and step cost, parent, the expansion that closed it, how often it was reopened
// and its stale open-list entries, and draws its parent chain from the start (from the goal for D* Lite). The cell is the one under a
// mouse pointer, the one last tapped (touch, pen) or the keyboard cursor (arrow keys, www/editor.ts). The
// numbers are the core's (`inspect`, one call when the cell or the step changes, never one per cell).
// The panel is `data-testid="inspector"` with data-cell, data-g, data-h, data-f, data-parent ("x,y" or
// empty) and data-state, plain numbers for tests; what it prints is formatted like the stats. With D* Lite
// it also shows rhs (data-rhs; "Infinity" when infinite), and g and rhs print ∞ where infinite.
//
// The overlay: when the path found costs more than the optimum, a toggle (or a click on the badge) draws
// an optimal path faintly beside it, rings where they part and meet again, and lists each detour's cost
// (`optimalPath` and `detours`, asked once per finished search while the toggle is on).
import { detoursOf, inspectCell } from './bridge.js';
import { fmt, type App } from './app.js';
import type { CellReport, Detour } from './generated/core.js';
import { num, t, type StringKey } from './i18n/index.js';
import { cellAt } from './render/view.js';
import type { Stats } from './types.js';

type Cell = { x: number; y: number };

/** A cell id as "x,y" on a map `width` wide. */
function xyOf(cell: number, width: number): Cell {
  const x = cell % width;
  return { x, y: (cell - x) / width };
}

function row(label: string, value: string, key: string): HTMLElement {
  const div = document.createElement('div');
  div.dataset.field = key;
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.textContent = value;
  div.append(dt, dd);
  return div;
}

/** A sentence across the panel's two columns. */
function note(text: string, key: string): HTMLElement {
  const div = document.createElement('div');
  div.dataset.field = key;
  div.className = 'note';
  div.textContent = text;
  return div;
}

/** The panel's rows for `report` (text only). */
function rows(report: CellReport, width: number): HTMLElement[] {
  const none = t('inspector.none');
  const value = (v: number | null) => (v === null ? (report.rhs === null ? none : '∞') : v === Infinity ? '∞' : fmt(v));
  const terrainName = t(`terrain.${report.terrain}` as StringKey);
  const terrain =
    report.terrainCost === null ? terrainName : t('inspector.terrain-cost', { terrain: terrainName, cost: report.terrainCost / 10 });
  const parent = report.parent === null ? none : (({ x, y }) => `(${x}, ${y})`)(xyOf(report.parent, width));
  const fLabel = report.weight === null ? t('inspector.f-greedy') : t('inspector.f', { w: fmt(report.weight) });
  return [
    row(t('inspector.cell'), `(${report.x}, ${report.y})`, 'cell'),
    row(t('inspector.state'), t(`state.${report.state}` as StringKey), 'state'),
    row('g', value(report.g), 'g'),
    ...(report.rhs === null ? [] : [row(t('inspector.rhs'), value(report.rhs), 'rhs')]),
    // D* Lite's g and rhs apart (g = ∞ at the start after a search is the usual case): what that means.
    ...(report.rhs !== null && (report.g ?? Infinity) !== report.rhs ? [note(t('inspector.inconsistent'), 'inconsistent')] : []),
    row('h', fmt(report.h), 'h'),
    row(fLabel, value(report.f), 'f'),
    row(t('inspector.terrain'), terrain, 'terrain'),
    row(t('inspector.parent'), parent, 'parent'),
    row(t('inspector.expanded-at'), report.expandedAt === null ? none : num(report.expandedAt), 'expanded-at'),
    row(t('inspector.reopened'), num(report.reopened), 'reopened'),
    row(t('inspector.stale'), num(report.staleEntries), 'stale'),
  ];
}

/**
 * What other panels (the heap panel, www/heap/) use of the inspector: point it at a cell (its numbers, its
 * chain and a ring on the map: "this entry is that cell"), and hear which cell it shows.
 */
export interface InspectorLink {
  /** Inspects `cell` with a ring around it on the map, or (null) goes back to the pointer or cursor. */
  point(cell: Cell | null): void;
  /** Calls `listener` with the cell shown (null: none) whenever it changes. */
  onInspect(listener: (cell: Cell | null) => void): void;
}

export function installInspector(app: App): InspectorLink {
  const canvas = app.renderer.canvas;
  const panel = document.querySelector<HTMLElement>('[data-testid="inspector"]')!;
  const list = panel.querySelector<HTMLElement>('.inspector-rows')!;
  const hint = panel.querySelector<HTMLElement>('.hint')!;
  const overlay = document.querySelector<HTMLElement>('[data-testid="optimal-overlay"]')!;
  const toggle = document.getElementById('show-optimal') as HTMLInputElement;
  const detourList = document.querySelector<HTMLElement>('[data-testid="detours"]')!;
  const badge = document.querySelector<HTMLElement>('[data-testid="badge"]')!;

  /** The cell under a mouse pointer or last tapped; null: the keyboard cursor (if any) is inspected. */
  let pointed: Cell | null = null;
  let chain: readonly number[] | Uint32Array = [];
  let optimal: readonly number[] = [];
  let ends: readonly number[] = [];

  /** A cell pointed at from another panel (InspectorLink.point): ringed on the map. */
  let linked: Cell | null = null;
  const inspectListeners: ((cell: Cell | null) => void)[] = [];
  let told: string | null = null;

  const publish = () => {
    const focus = linked ? linked.y * app.pg.width() + linked.x : null;
    const before = app.insight;
    app.insight = chain.length > 1 || optimal.length > 1 || focus !== null ? { chain, optimal, ends, focus } : null;
    // Drawn before the next frame (after a search on a big map, not a second drawing of the million cells
    // in the task that showed it: 6-15 ms), and not at all when nothing of the inspector is drawn before or now.
    if (app.phase !== 'running' && (before !== null || app.insight !== null)) app.redrawSoon();
    const cell = linked ?? pointed ?? app.cursor;
    const key = cell ? `${cell.x},${cell.y}` : null;
    if (key !== told) {
      told = key;
      for (const listener of inspectListeners) listener(cell);
    }
  };

  const show = () => {
    const cell = linked ?? pointed ?? app.cursor;
    const pg = app.pg;
    const report = cell && cell.x < pg.width() && cell.y < pg.height() ? inspectCell(pg, cell.x, cell.y) : null;
    const data = panel.dataset;
    if (!report) {
      for (const key of ['cell', 'g', 'h', 'f', 'parent', 'state', 'expandedAt', 'reopened', 'stale', 'rhs']) delete data[key];
      list.hidden = true;
      hint.hidden = false;
      chain = [];
      return;
    }
    const width = pg.width();
    data.cell = `${report.x},${report.y}`;
    data.g = report.g === null ? '' : String(report.g);
    data.h = String(report.h);
    data.f = report.f === null ? '' : String(report.f);
    data.parent = report.parent === null ? '' : (({ x, y }) => `${x},${y}`)(xyOf(report.parent, width));
    data.state = report.state;
    if (report.rhs === null) delete data.rhs;
    else data.rhs = String(report.rhs);
    data.expandedAt = report.expandedAt === null ? '' : String(report.expandedAt);
    data.reopened = String(report.reopened);
    data.stale = String(report.staleEntries);
    // During an animation this runs every frame: the rows are rebuilt only when a number changed.
    const fresh = rows(report, width);
    const text = fresh.map((r) => r.textContent).join('\n');
    const changed = text !== list.dataset.text || list.hidden;
    if (text !== list.dataset.text) {
      list.dataset.text = text;
      list.replaceChildren(...fresh);
    }
    list.hidden = false;
    hint.hidden = true;
    chain = report.chain;
    // One line until a cell is first pointed at; from then on the card keeps its tallest height, so
    // leaving the map (a click on a control under the card) never moves the controls under it.
    const height = changed ? panel.getBoundingClientRect().height : 0;
    if (height > parseFloat(panel.style.minHeight || '0')) panel.style.minHeight = `${height}px`;
  };

  const inspect = (cell: Cell | null) => {
    pointed = cell;
    show();
    publish();
  };

  canvas.addEventListener('pointermove', (event) => {
    if (event.pointerType !== 'mouse') return;
    const cell = cellAt(app.renderer.geometry, canvas, event.clientX, event.clientY);
    if (cell && (cell.x !== pointed?.x || cell.y !== pointed?.y)) inspect(cell);
  });
  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse') return;
    inspect(cellAt(app.renderer.geometry, canvas, event.clientX, event.clientY));
  });
  canvas.addEventListener('pointerleave', (event) => {
    if (event.pointerType === 'mouse') inspect(null);
  });
  // After the editor's handlers (installed first): the keyboard cursor has moved by now.
  canvas.addEventListener('keydown', () => inspect(null));
  // Focus by a click keeps the mouse's cell; focus by the keyboard shows the cursor.
  canvas.addEventListener('focus', () => inspect(pointed));
  canvas.addEventListener('blur', () => {
    if (pointed === null) inspect(null);
  });

  // ---- the price of w -------------------------------------------------------------------------------
  const showDetours = (stats: Stats, detours: Detour[]) => {
    const width = app.pg.width();
    const items = detours.map((d) => {
      const li = document.createElement('li');
      const part = xyOf(d.part, width);
      const meet = xyOf(d.meet, width);
      li.dataset.extra = String(d.extra);
      li.textContent = t('optimal.detour', {
        px: part.x, py: part.y, mx: meet.x, my: meet.y,
        cost: fmt(d.cost), optimal: fmt(d.optimalCost), extra: fmt(d.extra),
      });
      return li;
    });
    const total = document.createElement('li');
    total.className = 'total';
    if (detours.length === 0) {
      total.textContent = t('optimal.not-comparable');
    } else {
      const extra = detours.reduce((sum, d) => sum + d.extra, 0);
      total.dataset.totalExtra = String(extra);
      total.textContent = t('optimal.total', { extra: fmt(extra), cost: fmt(stats.cost!), optimal: fmt(stats.optimalCost!) });
    }
    detourList.replaceChildren(...items, total);
  };

  const refreshOverlay = () => {
    const stats = app.stats;
    const loss = stats !== null && stats.outcome === 'found' && (stats.overOptimal ?? 0) > 0;
    overlay.hidden = !loss;
    if (!loss || !toggle.checked) {
      optimal = [];
      ends = [];
      detourList.replaceChildren();
      return;
    }
    const path = app.pg.optimalPath();
    const detours = detoursOf(app.pg, path);
    optimal = detours.length > 0 ? Array.from(path) : [];
    ends = detours.flatMap((d) => [d.part, d.meet]);
    showDetours(stats, detours);
  };

  toggle.addEventListener('change', () => {
    refreshOverlay();
    publish();
  });
  badge.addEventListener('click', () => {
    if (overlay.hidden) return;
    toggle.checked = !toggle.checked;
    refreshOverlay();
    publish();
  });

  app.on('searched', () => {
    show();
    refreshOverlay();
    publish();
  });
  app.on('compared', () => {
    show();
    publish();
  });
  app.on('settings', () => {
    show();
    publish();
  });

  return {
    point(cell) {
      linked = cell;
      show();
      publish();
    },
    onInspect(listener) {
      inspectListeners.push(listener);
    },
  };
}
