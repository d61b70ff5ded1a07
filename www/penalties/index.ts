// The penalties on the page (issue 30; astar_core::penalty): what entering a cell costs beyond its terrain.
// The wall-hugging penalty (seed 001: paths that brush along walls look bad) is added to every cell beside
// a wall; each watcher (seed 003: an enemy's field of view) adds its danger to every cell in its circle.
// The core prices both in every search that can (the others refuse with the core's sentence), and keeps
// them with the map: in links (format 6; 7 with a turn penalty), saved work, undo and map files. The turn
// penalty (each change of direction costs extra) is searched over cells and headings, which only the wasm
// module fetched on demand has: setting one fetches that module first (App.turnsModule), as loading a
// view with one does (App.prepare).
//
// This chunk is fetched the first time the Penalties button is pressed, or when a map with penalties is
// shown (www/penalties-entry.ts). It adds the card's fields (each change an edit: one undo step, an
// immediate re-solve), the watcher tool (a click on a cell places a watcher there, or removes the one
// there), seed 003's way as a setting (the danger added to h instead of the cost: the badge then says h is
// not admissible, and the stats how far over the optimum the path costs), and a layer that draws each
// watcher and its circle, with its legend entry.
import type { App } from '../app.js';
import type { Penalties } from '../generated/core.js';
import type { diamond } from '../render/markers.js';
import { css } from '../render/palette.js';
import type { Scene } from '../render/scene.js';
import { penaltiesOf, putPenalties } from './read.js';
import { penaltyText, type PenaltyKey } from './strings.js';

/** The watchers' colour (a red apart from the swamp's and the goal's), and the fill of their circles. */
const WATCHER_RGB = [196, 30, 58] as const;
const WATCHER = `rgb(${WATCHER_RGB.join(', ')})`;
const WATCHED_FILL = `rgba(${WATCHER_RGB.join(', ')}, 0.12)`;

/** The turns' markers on the path (a teal apart from every other mark's colour). */
const TURN_RGB = [8, 127, 140] as const;

/** What a new watcher adds when the map's danger is still 0: the articles' "much dearer than a step". */
const DEFAULT_DANGER_TENTHS = 50;
const DEFAULT_RADIUS = 6;

/** `text` as tenths from 0 to `max` tenths (one decimal at most), or null. */
export function parseTenths(text: string, max: number): number | null {
  const match = /^\s*(\d+)(?:[.,](\d))?\s*$/.exec(text);
  if (!match) return null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? '0');
  return tenths <= max ? tenths : null;
}

/** Tenths as the page writes a number: 5 → "0.5", 50 → "5". */
const tenthsText = (tenths: number) => (tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1));

/** The watchers of `p` with the one at (x, y) removed, or one added there seeing `radius` cells far. */
export function toggledWatcher(p: Penalties, x: number, y: number, radius: number): Penalties['watchers'] {
  const kept = p.watchers.filter((w) => w.x !== x || w.y !== y);
  return kept.length < p.watchers.length ? kept : [...p.watchers, { x, y, radius }];
}

/** Makes `next` the map's penalties: an edit (one undo step and a re-solve); false when nothing changed. */
function setPenalties(app: App, next: Penalties): boolean {
  return app.edit((pg) => {
    const before = penaltiesOf(pg);
    if (JSON.stringify(before) === JSON.stringify(next)) return false;
    putPenalties(pg, next);
    return true;
  });
}

let installed = false;

/**
 * What this chunk draws with from the first download's modules, handed over by www/penalties-entry.ts
 * (imported here, they would be split out of the entry script into chunks of their own, which the first
 * download pays for).
 */
export interface Kit {
  diamond: typeof diamond;
}


/**
 * How many cells of `path` after its start lie beside a wall (a wall among their 8 neighbours inside the
 * map): the cells the wall-hugging penalty is added to entering. Null for a path that is not a chain of
 * grid moves (Theta*'s segments), whose cells in between are not listed.
 */
export function cellsBesideWalls(path: Uint32Array, terrain: Uint8Array, width: number): number | null {
  const height = terrain.length / width;
  const apart = (a: number, b: number) => Math.max(Math.abs((a % width) - (b % width)), Math.abs(Math.floor(a / width) - Math.floor(b / width)));
  if (path.some((cell, i) => i > 0 && apart(path[i - 1], cell) > 1)) return null;
  let count = 0;
  for (const cell of path.subarray(1)) {
    const [x, y] = [cell % width, Math.floor(cell / width)];
    let beside = false;
    for (let dy = -1; dy <= 1 && !beside; dy++) {
      for (let dx = -1; dx <= 1 && !beside; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        beside = nx >= 0 && ny >= 0 && nx < width && ny < height && terrain[ny * width + nx] === 0;
      }
    }
    if (beside) count++;
  }
  return count;
}

/** A row in the stats list: the path's cells beside a wall (what the hugging penalty is about), after each search. */
function installBesideWallsStat(app: App): void {
  const list = document.querySelector('[data-control="stats"] dl.stats');
  if (!list) return;
  const row = document.createElement('div');
  const label = document.createElement('dt');
  label.textContent = penaltyText('stat.beside-walls');
  const value = document.createElement('dd');
  value.dataset.stat = 'beside-walls';
  value.textContent = '–';
  row.append(label, value);
  list.append(row);
  const show = (final: boolean) => {
    const path = app.views.path();
    const count = final && path.length > 0 ? cellsBesideWalls(path, app.views.terrain(), app.pg.width()) : null;
    value.textContent = count === null ? '–' : String(count);
  };
  app.on('searched', (_stats, final) => show(final));
  show(app.phase === 'finished');
}

/** Adds the Penalties card's fields after `anchor`, the watcher tool, the layer and the stat (once). */
export function installPenalties(app: App, anchor: HTMLElement | null, kit: Kit): void {
  if (installed) return;
  installed = true;
  if (anchor) installFields(app, anchor);
  installBesideWallsStat(app);
  let drewDanger: number | null = null;
  app.renderer.extraLayers.push({
    ofTheMap: true,
    draw(ctx, scene, drawn) {
      drewDanger = drawWatchers(ctx, scene, drawn);
    },
    legend: () =>
      drewDanger === null
        ? []
        : [{ mark: 'watcher', label: penaltyText('legend.watcher', { danger: tenthsText(drewDanger) }), swatch: { kind: 'ring', colour: WATCHER }, detail: '' }],
  });
  let drewTurn: number | null = null;
  app.renderer.extraLayers.push({
    draw(ctx, scene, drawn) {
      drewTurn = drawTurns(ctx, scene, drawn, kit);
    },
    legend: () =>
      drewTurn === null
        ? []
        : [{ mark: 'turn', label: penaltyText('legend.turn', { turn: tenthsText(drewTurn) }), swatch: { kind: 'diamond', colour: css(TURN_RGB) }, detail: '' }],
  });
  app.redraw();
}

/** The cells of the grid path `path` where it changes direction (a map `width` cells wide). */
export function turnCells(path: Uint32Array, width: number): number[] {
  const move = (a: number, b: number) => `${(b % width) - (a % width)},${Math.floor(b / width) - Math.floor(a / width)}`;
  const turns: number[] = [];
  for (let i = 1; i + 1 < path.length; i++) if (move(path[i - 1], path[i]) !== move(path[i], path[i + 1])) turns.push(path[i]);
  return turns;
}

/**
 * With a turn penalty, marks each cell where the path found turns (each costs the penalty) with a small
 * diamond; returns the penalty in tenths, or null when there is none or no path yet.
 */
function drawTurns(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>, { diamond }: Kit): number | null {
  const turn = penaltiesOf(scene.pg).turnTenths;
  const path = scene.views.path();
  if (turn === 0 || path.length < 3) return null;
  ctx.save();
  for (const cell of turnCells(path, scene.pg.width())) diamond(ctx, scene.geometry, cell, TURN_RGB);
  ctx.restore();
  drawn.add('turn');
  return turn;
}

/** Draws every watcher of the map and its circle; returns their danger in tenths, or null when there is none. */
function drawWatchers(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): number | null {
  const p = penaltiesOf(scene.pg);
  if (p.watchers.length === 0) return null;
  const s = scene.geometry.cellPx;
  ctx.save();
  ctx.lineWidth = Math.max(1, s / 8);
  for (const w of p.watchers) {
    const [cx, cy] = [(w.x + 0.5) * s, (w.y + 0.5) * s];
    ctx.beginPath();
    ctx.arc(cx, cy, (w.radius + 0.5) * s, 0, Math.PI * 2);
    ctx.fillStyle = WATCHED_FILL;
    ctx.fill();
    ctx.strokeStyle = WATCHER;
    ctx.setLineDash([Math.max(2, s / 2), Math.max(2, s / 3)]);
    ctx.stroke();
    // The watcher itself: a ring with a dot, an eye, at least 6 pixels across whatever the cell size.
    const r = Math.max(3, s * 0.4);
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = 'white';
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, r / 2.5, 0, Math.PI * 2);
    ctx.fillStyle = WATCHER;
    ctx.fill();
  }
  ctx.restore();
  drawn.add('watcher');
  return p.dangerTenths;
}

/** The card's fields: the two penalties, the watcher tool with its radius, and removing every watcher. */
function installFields(app: App, anchor: HTMLElement): void {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'costs penalties';
  fieldset.dataset.control = 'penalties';
  const legend = document.createElement('legend');
  legend.textContent = penaltyText('penalties.legend');
  const field = (id: string, key: PenaltyKey, max: number, step: string, help: string) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    Object.assign(input, { id, type: 'number', min: '0', max: String(max), step });
    input.dataset.help = help;
    label.append(penaltyText(key), ' ', input);
    fieldset.append(label);
    return input;
  };
  fieldset.append(legend);
  const hug = field('hug-penalty', 'penalties.hug', 1, '0.1', 'help.hug-penalty');
  const danger = field('danger', 'penalties.danger', 100, '0.1', 'help.danger');
  const turn = field('turn-penalty', 'penalties.turn', 5, '0.1', 'help.turn-penalty');
  const radius = field('watcher-radius', 'penalties.radius', 64, '1', 'help.watcher-radius');
  radius.min = '1';
  radius.value = String(DEFAULT_RADIUS);
  const place = document.createElement('button');
  place.type = 'button';
  place.id = 'place-watchers';
  place.textContent = penaltyText('penalties.place');
  place.dataset.help = 'help.place-watchers';
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.id = 'clear-watchers';
  clear.textContent = penaltyText('penalties.clear');
  clear.dataset.help = 'help.clear-watchers';
  // Seed 003's mistake, to show it: the danger added to h instead of the step costs.
  const inH = document.createElement('input');
  inH.type = 'checkbox';
  inH.id = 'danger-in-h';
  inH.dataset.help = 'help.danger-in-h';
  const inHLabel = document.createElement('label');
  inHLabel.append(inH, ' ', penaltyText('penalties.in-h'));
  const note = document.createElement('p');
  note.className = 'note';
  note.textContent = penaltyText('penalties.note');
  fieldset.append(place, ' ', clear, inHLabel, note);
  // An embed's bar has room for the penalties and the checkbox; the watcher tool and the sentence stay on
  // the full page (an embed has no palette either: its map is edited with walls only).
  if (document.documentElement.classList.contains('embed')) for (const part of [radius.parentElement!, place, clear, note]) part.hidden = true;
  // In an embed that asked for them, in the place its bar keeps (www/embed.ts); else after the terrain costs.
  const slot = document.querySelector('[data-slot="penalties"]');
  if (slot) slot.append(fieldset);
  else anchor.after(fieldset);

  const show = () => {
    const p = penaltiesOf(app.pg);
    hug.value = tenthsText(p.hugTenths);
    danger.value = tenthsText(p.dangerTenths);
    turn.value = tenthsText(p.turnTenths);
    for (const input of [hug, danger, turn]) input.removeAttribute('aria-invalid');
    clear.disabled = p.watchers.length === 0;
    inH.checked = app.settings().dangerInH;
    // With a turn penalty the search over cells and headings prices the danger as a cost (its help says so).
    inH.disabled = p.turnTenths > 0;
  };
  inH.addEventListener('change', () => {
    if (app.changeSettings({ dangerInH: inH.checked })) app.userChanged();
  });
  const onChange = (input: HTMLInputElement, max: number, key: 'hugTenths' | 'dangerTenths' | 'turnTenths') =>
    input.addEventListener('change', () => {
      const value = parseTenths(input.value, max);
      input.setAttribute('aria-invalid', String(value === null));
      if (value === null) {
        app.showMessage(penaltyText('penalties.bad', { max: max / 10 }), 'error');
        return;
      }
      // Read when applied: fetching the module re-makes the playground there.
      const apply = () => setPenalties(app, { ...penaltiesOf(app.pg), [key]: value });
      const fetching = key === 'turnTenths' ? app.turnsModule(value) : null;
      if (fetching) void fetching.then((loaded) => loaded && apply());
      else apply();
    });
  onChange(hug, 10, 'hugTenths');
  onChange(danger, 1000, 'dangerTenths');
  onChange(turn, 50, 'turnTenths');

  // What the tool says of its last edit, added to the page's own message once the search it started has
  // shown its result (a large map's search runs in slices, after the edit returns).
  let said: string | null = null;
  app.on('searched', (_stats, final) => {
    if (!final || said === null) return;
    const text = said;
    said = null;
    // After the page's own message about the edit (the cost before and after), which follows this event.
    queueMicrotask(() => {
      const shown = app.shownMessage();
      app.showMessage([text, shown.text].filter(Boolean).join(' '), shown.kind);
    });
  });
  const tool = (x: number, y: number) => {
    const p = penaltiesOf(app.pg);
    const r = /^\s*\d+\s*$/.test(radius.value) ? Number(radius.value) : NaN;
    const badRadius = !(r >= 1 && r <= 64);
    radius.setAttribute('aria-invalid', String(badRadius));
    const watchers = toggledWatcher(p, x, y, r);
    if (badRadius && watchers.length > p.watchers.length) {
      app.showMessage(penaltyText('penalties.bad-radius'), 'error');
      return;
    }
    const added = watchers.length > p.watchers.length;
    const dangerTenths = added && p.dangerTenths === 0 ? DEFAULT_DANGER_TENTHS : p.dangerTenths;
    said = added
      ? penaltyText('penalties.placed', { x, y, r, danger: tenthsText(dangerTenths) })
      : penaltyText('penalties.removed', { x, y });
    if (!setPenalties(app, { ...p, dangerTenths, watchers })) said = null;
  };
  // Escape, choosing a brush, or starting a mode with clicks of its own (walk, units, mesh), puts the tool down.
  const disarm = () => {
    if (app.cellTool !== tool) return;
    app.cellTool = null;
    place.setAttribute('aria-pressed', 'false');
  };
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') disarm();
  });
  for (const brush of document.querySelectorAll('input[name="brush"]')) brush.addEventListener('change', disarm);
  for (const mode of document.querySelectorAll('#walk-toggle, #units-toggle, #mesh-toggle')) mode.addEventListener('click', disarm);
  place.setAttribute('aria-pressed', 'false');
  place.addEventListener('click', () => {
    const on = app.cellTool !== tool;
    app.cellTool = on ? tool : null;
    place.setAttribute('aria-pressed', String(on));
  });
  clear.addEventListener('click', () => setPenalties(app, { ...penaltiesOf(app.pg), watchers: [] }));
  app.on('map', show);
  app.on('settings', show);
  show();
}
