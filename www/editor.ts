// The map editor: paint terrain with a square brush, drag the start and goal, keyboard editing, and the
// generators (random with shares and seed; maze and rooms, sprinkled with the forest and swamp shares;
// clear; demo) with the map size.
//
// Pointer events cover mouse, pen and touch alike; the canvas has `touch-action: none`, so a finger paints
// instead of scrolling. A stroke paints along the line between successive pointer positions (no gaps on
// fast moves) and re-solves at most once per frame; the stroke ends on pointer up. A finger's stroke starts
// when it moves to another cell or lifts (a tap paints its cell), so that a second finger landing first
// turns the touch into a pinch-zoom (www/zoom.ts) without painting.
//
// Keyboard (canvas focused): arrows move the cursor (Shift: 8 cells), Space or Enter paints the brush
// there, S / G put the start / goal there, 1–5 pick wall, plain, forest, swamp, road, [ and ] change the brush
// size, P plays or pauses, Period steps, Comma steps back. A locked embed (`&lock`) ignores painting,
// dragging and the editing keys.
import { errorText, fmt, type App } from './app.js';
import { t } from './i18n/index.js';
import { Playground } from './bridge.js';
import { DEMO, type Generated } from './recipe.js';
import { markerAt } from './render/markers.js';
import { cellAt, lineCells, type Geometry } from './render/view.js';
import { TERRAIN_CODES, type TerrainName } from './types.js';

const MIN_SIDE = 8;
/** Keys that change the map or the brush: a locked embed ignores them. */
const EDITING_KEYS = new Set([' ', 'Enter', 's', 'S', 'g', 'G', '1', '2', '3', '4', '5', '[', ']']);
const MAX_SIDE = 1024;

/**
 * Why `which` (start or goal) cannot go to cell (x, y), or null when it can: the same rules for a drag and
 * for the S and G keys. 'here' means it is there already (nothing to do).
 */
export function endCellRefusal(pg: Playground, which: 'start' | 'goal', x: number, y: number): string | null {
  const [ownX, ownY, otherX, otherY] =
    which === 'start' ? [pg.startX(), pg.startY(), pg.goalX(), pg.goalY()] : [pg.goalX(), pg.goalY(), pg.startX(), pg.startY()];
  if (x === ownX && y === ownY) return 'here';
  if (pg.terrainAt(x, y) === TERRAIN_CODES.wall) {
    return t(which === 'start' ? 'edit.start-on-wall' : 'edit.goal-on-wall', { x: String(x), y: String(y) });
  }
  if (x === otherX && y === otherY) {
    return t(which === 'start' ? 'edit.start-on-goal' : 'edit.goal-on-start', { x: String(x), y: String(y) });
  }
  return null;
}

/** The brush controls of the editor card. */
function brushControls() {
  const inputs = Array.from(document.querySelectorAll<HTMLInputElement>('input[name="brush"]'));
  const size = document.getElementById('brush-size') as HTMLInputElement;
  const sizeValue = document.getElementById('brush-size-value')!;
  return {
    inputs,
    size,
    terrain: (): number => TERRAIN_CODES[(inputs.find((input) => input.checked)?.value ?? 'wall') as TerrainName],
    radius: (): number => Number(size.value),
    showSize: () => {
      const side = 2 * Number(size.value) + 1;
      sizeValue.textContent = `${side} × ${side}`;
    },
  };
}

export function installEditor(app: App): void {
  const number = (id: string) => document.getElementById(id) as HTMLInputElement;
  const { size: brushSize, showSize: showBrushSize } = brushControls();
  brushSize.addEventListener('input', showBrushSize);
  showBrushSize();
  editOn(app, app.renderer.canvas, () => app.renderer.geometry);
  installGenerators(app, number);
}

/**
 * Makes `canvas` (drawn at `geometry`) edit the app's map with the pointer and the keyboard: the page's
 * map, and in compare mode the second pane's canvas too (www/compare/), which shows the same map.
 */
export function editOn(app: App, canvas: HTMLCanvasElement, geometry: () => Geometry): void {
  const { inputs: brushInputs, size: brushSize, terrain, radius, showSize: showBrushSize } = brushControls();

  // ---- pointer ------------------------------------------------------------------------------------------
  let drag: 'start' | 'goal' | 'paint' | 'tool' | null = null;
  let last: { x: number; y: number } | null = null;
  /** A touch stroke that has not painted or moved anything yet (see pointerdown). */
  let touchPending = false;
  let begun = false;
  const begin = () => {
    touchPending = false;
    if (begun) return;
    begun = true;
    app.beginEdit();
  };

  const paintLine = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const code = terrain();
    const r = radius();
    app.edit((pg) => {
      let changed = 0;
      for (const [x, y] of lineCells(from.x, from.y, to.x, to.y)) changed += pg.paint(x, y, r, code);
      return changed > 0;
    }, true);
  };

  const moveEnd = (which: 'start' | 'goal', to: { x: number; y: number }) => {
    // A wall or the other marker under the pointer just leaves the marker where it was: a drag passes
    // over them silently.
    if (endCellRefusal(app.pg, which, to.x, to.y) !== null) return;
    app.edit((p) => (which === 'start' ? p.setStart(to.x, to.y) : p.setGoal(to.x, to.y)), true);
  };

  /** The S and G keys: the drag's rules, but a refusal is said (there is no marker to watch stay put). */
  const placeEnd = (which: 'start' | 'goal', at: { x: number; y: number }) => {
    const refusal = endCellRefusal(app.pg, which, at.x, at.y);
    if (refusal === 'here') return;
    if (refusal !== null) {
      app.showMessage(refusal, 'error');
      return;
    }
    app.edit((p) => (which === 'start' ? p.setStart(at.x, at.y) : p.setGoal(at.x, at.y)));
  };

  canvas.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || app.locked) return;
    const cell = cellAt(geometry(), canvas, event.clientX, event.clientY);
    if (!cell) return;
    event.preventDefault();
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(event.pointerId);
    const pg = app.pg;
    // The drawn marker, not only its cell, picks it up: on a large map a marker is wider than its cell.
    drag = markerAt(geometry(), canvas, event.clientX, event.clientY, pg) ?? 'paint';
    // A tool of a chunk (placing watchers, www/penalties/) takes the click instead of the brush; a finger
    // waits for the lift, as a tap's paint does, so that a pinch places nothing.
    if (drag === 'paint' && app.cellTool) {
      if (event.pointerType === 'touch') {
        drag = 'tool';
        last = cell;
        touchPending = true;
        return;
      }
      drag = null;
      app.cellTool(cell.x, cell.y);
      return;
    }
    last = cell;
    // A finger waits: if a second one lands before this one moves or lifts, the two zoom (www/zoom.ts)
    // and this stroke is cancelled having changed nothing.
    if (event.pointerType === 'touch') {
      touchPending = true;
      return;
    }
    begin();
    if (drag === 'paint') paintLine(cell, cell);
  });

  canvas.addEventListener('pointermove', (event) => {
    const cell = cellAt(geometry(), canvas, event.clientX, event.clientY);
    if (drag === 'tool') return;
    if (drag && cell && last && (cell.x !== last.x || cell.y !== last.y)) {
      begin();
      if (drag === 'paint') paintLine(last, cell);
      else moveEnd(drag, cell);
      last = cell;
    }
    if (drag === null && event.pointerType === 'mouse' && !app.locked) {
      app.brush = cell && !app.cellTool ? { ...cell, radius: radius() } : null;
      // The brush outline: drawn at the next frame, once however many moves come before it.
      if (app.phase !== 'running') app.redrawSoon();
    }
  });

  const endStroke = () => {
    if (!drag) return;
    if (drag === 'tool') {
      if (touchPending && last) app.cellTool?.(last.x, last.y);
      drag = null;
      last = null;
      touchPending = false;
      return;
    }
    // A tap: the finger paints its cell as it lifts.
    if (touchPending && drag === 'paint' && last) {
      begin();
      paintLine(last, last);
    }
    drag = null;
    last = null;
    touchPending = false;
    if (begun) app.endEdit();
    begun = false;
  };
  canvas.addEventListener('pointerup', endStroke);
  canvas.addEventListener('pointercancel', () => {
    // Cancelled (a second finger landed, or the browser took the touch): a stroke not yet begun paints nothing.
    touchPending = false;
    endStroke();
  });
  canvas.addEventListener('pointerleave', () => {
    if (app.brush) {
      app.brush = null;
      if (app.phase !== 'running') app.redraw();
    }
  });

  // ---- keyboard -----------------------------------------------------------------------------------------
  canvas.addEventListener('focus', () => {
    app.cursor ??= { x: app.pg.startX(), y: app.pg.startY() };
    if (app.phase !== 'running') app.redraw();
  });
  canvas.addEventListener('blur', () => {
    app.cursor = null;
    if (app.phase !== 'running') app.redraw();
  });
  canvas.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // A locked embed keeps the cursor and the animation keys, not the editing ones.
    if (app.locked && EDITING_KEYS.has(event.key)) return;
    const cursor = app.cursor ?? { x: app.pg.startX(), y: app.pg.startY() };
    const stride = event.shiftKey ? 8 : 1;
    const clampX = (x: number) => Math.min(app.pg.width() - 1, Math.max(0, x));
    const clampY = (y: number) => Math.min(app.pg.height() - 1, Math.max(0, y));
    let handled = true;
    switch (event.key) {
      case 'ArrowLeft':
        app.cursor = { x: clampX(cursor.x - stride), y: cursor.y };
        break;
      case 'ArrowRight':
        app.cursor = { x: clampX(cursor.x + stride), y: cursor.y };
        break;
      case 'ArrowUp':
        app.cursor = { x: cursor.x, y: clampY(cursor.y - stride) };
        break;
      case 'ArrowDown':
        app.cursor = { x: cursor.x, y: clampY(cursor.y + stride) };
        break;
      case ' ':
      case 'Enter':
        if (app.cellTool) app.cellTool(cursor.x, cursor.y);
        else app.edit((pg) => pg.paint(cursor.x, cursor.y, radius(), terrain()) > 0);
        break;
      case 's':
      case 'S':
        placeEnd('start', cursor);
        break;
      case 'g':
      case 'G':
        placeEnd('goal', cursor);
        break;
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
        brushInputs[Number(event.key) - 1].checked = true;
        break;
      case '[':
      case ']':
        brushSize.value = String(Number(brushSize.value) + (event.key === ']' ? 1 : -1));
        showBrushSize();
        break;
      case 'p':
      case 'P':
        app.togglePlay();
        break;
      case '.':
        app.step();
        break;
      case ',':
        app.back();
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      if (app.phase !== 'running') app.redraw();
    }
  });

}

/** The generator buttons and the map size fields. */
function installGenerators(app: App, number: (id: string) => HTMLInputElement): void {
  // ---- generators ---------------------------------------------------------------------------------------
  const side = (id: string): number | null => {
    const value = Number(number(id).value);
    if (!Number.isInteger(value) || value < MIN_SIDE || value > MAX_SIDE) {
      app.showMessage(t(id === 'map-width' ? 'gen.bad-width' : 'gen.bad-height', { min: MIN_SIDE, max: MAX_SIDE }), 'error');
      return null;
    }
    return value;
  };
  const share = (id: string) => Number(number(id).value) / 100;
  const seed = () => Math.max(0, Math.floor(Number(number('seed').value))) >>> 0;

  // The message about a new map whose solve is still running in slices (a big map): said once its result
  // is shown, after the app's own message about the edit.
  let madeMessage: (() => void) | null = null;
  app.on('searched', (_stats, final) => {
    if (!final || !madeMessage || app.solving) return;
    queueMicrotask(madeMessage);
    madeMessage = null;
  });
  const generate = (what: 'random' | 'empty' | 'maze' | 'rooms', make: (width: number, height: number) => Generated) => {
    const width = side('map-width');
    const height = side('map-height');
    if (width === null || height === null) return;
    madeMessage = null;
    if (!app.generate(make(width, height))) return;
    // A new map: comparing its cost with the old map's would mean nothing.
    const say = () => {
      const cost = app.stats?.cost ?? null;
      if (cost !== null) app.showMessage(t(`gen.made-${what}`, { width, height, cost: fmt(cost) }), 'info');
    };
    if (app.solving) madeMessage = say;
    else say();
  };

  document.getElementById('gen-random')!.addEventListener('click', () =>
    generate('random', (width, height) => ({
      kind: 'random',
      width,
      height,
      wall: share('share-wall'),
      forest: share('share-forest'),
      swamp: share('share-swamp'),
      seed: seed(),
    })),
  );
  document.getElementById('gen-clear')!.addEventListener('click', () =>
    generate('empty', (width, height) => ({ kind: 'empty', width, height })),
  );
  const whole = (id: string, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number(number(id).value) || min)));
  document.getElementById('gen-maze')!.addEventListener('click', () =>
    generate('maze', (width, height) => ({
      kind: 'maze',
      width,
      height,
      corridor: whole('corridor', 1, 16),
      forest: share('share-forest'),
      swamp: share('share-swamp'),
      seed: seed(),
    })),
  );
  document.getElementById('gen-rooms')!.addEventListener('click', () =>
    generate('rooms', (width, height) => ({
      kind: 'rooms',
      width,
      height,
      room: whole('room', 2, 64),
      forest: share('share-forest'),
      swamp: share('share-swamp'),
      seed: seed(),
    })),
  );
  document.getElementById('gen-demo')!.addEventListener('click', () => {
    try {
      const options = app.viewOptions();
      app.replacePlayground(Playground.demo(), { ...options, step: null }, DEMO);
      app.userChanged();
    } catch (err) {
      app.showMessage(errorText(err), 'error');
    }
  });

  const syncSize = () => {
    number('map-width').value = String(app.pg.width());
    number('map-height').value = String(app.pg.height());
  };
  app.on('map', syncSize);
  syncSize();
}
