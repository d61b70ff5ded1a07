// Units mode (the game scene, 单位), a chunk loaded on demand by www/units-entry.ts: hundreds of units on the
// map shown, their path requests queued and served by the core's scheduler within a search budget a frame
// (astar_core::crowd, through the full wasm module's `Crowd`). The map stays the map: painting it while units
// walk makes the blocked ones replan. The card: units (presets 50, 500, 2,000), planner, goals (the rally
// point is the map's goal), budget (ms a frame), radius, cache, curves, inflated walls, what a click does, Restart
// and Leave; then the performance panel (panel.ts). Units are drawn over the map (overlay.ts).
//
// The address carries `?units=…` (url.ts): a copied link or embed code opens the same scene. The scripting
// hook (`window.astarPlayground.units`, see units-entry.ts) starts, stops and reads it.
import type { App } from '../app.js';
import { errorText } from '../i18n/index.js';
import { CROWD, type FrameReport, type RequestLog, type Totals } from '../generated/core.js';
import type { LegendOverride } from '../legend-entries.js';
import { rehomeForUnits, shownPlayground, type FullModule } from './module.js';
import type { Kit } from '../hpa/core.js';
import { UnitsOverlay, unitsLegend, STATE } from './overlay.js';
import { UnitsPanel } from './panel.js';
import { unitsText } from './strings.js';
import { BUDGET, checkedSetup, DEFAULT_SETUP, PLANNERS, RADIUS_STEP, withUnits, type UnitsSetup } from './url.js';
import type { UnitsStats } from './hook.js';
import { element, labelled, select } from '../card-parts.js';
import './units.css';

/** Cells a unit walks a frame (9 cells a second at 60 frames a second). */
const SPEED = 0.15;
type ClickMode = 'paint' | 'place' | 'order';
/** The legend entries of the page's view that units mode keeps (it draws the terrain, nothing else of the page's). */
const TERRAIN_MARKS = new Set(['wall', 'plain', 'forest', 'swamp', 'road']);

interface Active {
  app: App;
  full: FullModule;
  crowd: InstanceType<FullModule['Crowd']> | null;
  setup: UnitsSetup;
  overlay: UnitsOverlay;
  panel: UnitsPanel;
  card: HTMLElement;
  controls: Controls;
  frameId: number;
  report: FrameReport | null;
  totals: Totals | null;
  worstMs: number;
  lastMs: number;
  frameTimes: number[];
  selected: Set<number>;
  click: ClickMode;
  allArrivedSaid: boolean;
  /** Where the units were sent when the scene began with a rally point (the goal then). */
  rally: { x: number; y: number } | null;
  /** The map's cell count when the scene began: an edit of the same map is followed, a new size restarts. */
  mapCells: number;
  legend: LegendOverride;
}

let active: Active | null = null;
let listening = false;

function listen(app: App): void {
  if (listening) return;
  listening = true;
  // A stroke re-solves the page's search as it goes ('searched'); 'map' comes at its end and after loads.
  const follow = () => {
    const state = active;
    if (!state) return;
    state.overlay.showTerrain(app.views.terrain(), app.pg.width(), app.pg.height());
    if (!state.crowd) return;
    if (app.pg.width() * app.pg.height() === state.mapCells) {
      const replans = state.crowd.followMap(shownPlayground(app));
      if (replans > 0) app.showMessage(unitsText('units.replanned', { n: replans }), 'info');
    } else begin(state);
  };
  app.on('map', follow);
  app.on('searched', (_stats, final) => final && follow());
}

interface Controls {
  count: HTMLInputElement;
  planner: HTMLSelectElement;
  goal: HTMLSelectElement;
  budget: HTMLInputElement;
  budgetValue: HTMLElement;
  radius: HTMLInputElement;
  cache: HTMLInputElement;
  curves: HTMLInputElement;
  inflated: HTMLInputElement;
  click: HTMLSelectElement;
}

function makeCard(setup: UnitsSetup): { card: HTMLElement; controls: Controls; restart: HTMLButtonElement; leave: HTMLButtonElement; presets: HTMLButtonElement[] } {
  const card = element('section', { class: 'card units', 'data-testid': 'units', 'aria-label': unitsText('units.title') });
  const controls: Controls = {
    count: element('input', { type: 'number', id: 'units-count', min: '1', max: String(CROWD.maxUnits), step: '1', value: String(setup.count) }),
    planner: select('units-planner', PLANNERS.map((p) => [p, unitsText(`planner.${p}`)])),
    goal: select('units-goal', [
      ['rally', unitsText('units.goal-rally')],
      ['random', unitsText('units.goal-random')],
    ]),
    budget: element('input', { type: 'range', id: 'units-budget', min: String(BUDGET.min), max: String(BUDGET.max), step: String(BUDGET.step), value: String(setup.budget) }),
    budgetValue: element('output', { for: 'units-budget', 'data-testid': 'units-budget-value' }),
    radius: element('input', { type: 'number', id: 'units-radius', min: '0', max: String(CROWD.maxRadius), step: String(RADIUS_STEP), value: String(setup.radius) }),
    cache: element('input', { type: 'checkbox', id: 'units-cache' }),
    curves: element('input', { type: 'checkbox', id: 'units-curves' }),
    inflated: element('input', { type: 'checkbox', id: 'units-inflated' }),
    click: select('units-click', [
      ['paint', unitsText('units.click-paint')],
      ['place', unitsText('units.click-place')],
      ['order', unitsText('units.click-order')],
    ]),
  };
  controls.planner.value = setup.planner;
  controls.goal.value = setup.goal;
  controls.cache.checked = setup.cache;
  controls.curves.checked = setup.curves;
  const presets = [50, 500, 2000].map((n) => element('button', { type: 'button', 'data-units-preset': String(n) }, n.toLocaleString()));
  const restart = element('button', { type: 'button', 'data-testid': 'units-restart' }, unitsText('units.restart'));
  const leave = element('button', { type: 'button', 'data-testid': 'units-leave' }, unitsText('units.stop'));
  const presetRow = element('span', { class: 'units-presets' });
  presetRow.append(...presets);
  const buttons = element('div', { class: 'buttons' });
  buttons.append(restart, leave);
  const why = element('p', { class: 'units-why' }, unitsText('units.budget-why'));
  card.append(
    element('h2', {}, unitsText('units.title')),
    element('p', { class: 'units-intro' }, unitsText('units.intro')),
    labelled(unitsText('units.count'), controls.count, presetRow),
    labelled(unitsText('units.planner'), controls.planner),
    labelled(unitsText('units.goal'), controls.goal),
    labelled(unitsText('units.budget'), controls.budget, controls.budgetValue),
    why,
    labelled(unitsText('units.radius'), controls.radius),
    labelled(unitsText('units.cache'), controls.cache),
    labelled(unitsText('units.curves'), controls.curves),
    labelled(unitsText('units.inflated'), controls.inflated),
    labelled(unitsText('units.click'), controls.click),
    buttons,
  );
  return { card, controls, restart, leave, presets };
}

/** The setup the controls show. */
function setupOf(controls: Controls): UnitsSetup {
  return checkedSetup({
    count: Number(controls.count.value),
    planner: controls.planner.value as UnitsSetup['planner'],
    goal: controls.goal.value === 'random' ? 'random' : 'rally',
    budget: Number(controls.budget.value),
    radius: Number(controls.radius.value),
    cache: controls.cache.checked,
    curves: controls.curves.checked,
  });
}

function publish(setup: UnitsSetup | null): void {
  const search = withUnits(location.search, setup);
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  document.querySelector('.embed-controls')?.dispatchEvent(new Event('change'));
}

function setToggle(on: boolean): void {
  const toggle = document.getElementById('units-toggle');
  toggle?.setAttribute('aria-pressed', String(on));
}

/** Makes a new scene from the controls on the map shown (the old one freed); says why when it cannot. */
function begin(state: Active): void {
  const { app, controls } = state;
  state.crowd?.free();
  state.crowd = null;
  state.selected.clear();
  state.worstMs = 0;
  state.frameTimes = [];
  state.allArrivedSaid = false;
  state.panel.reset();
  state.overlay.showTerrain(app.views.terrain(), app.pg.width(), app.pg.height());
  const setup = setupOf(controls);
  state.setup = setup;
  controls.count.value = String(setup.count);
  controls.radius.value = String(setup.radius);
  controls.budgetValue.textContent = `${setup.budget.toFixed(1)} ms`;
  publish(setup);
  try {
    const crowd = new state.full.Crowd(shownPlayground(app), setup.planner, setup.radius, SPEED, setup.cache, 1, setup.curves);
    state.crowd = crowd;
    crowd.addRandomUnits(setup.count);
    state.rally = setup.goal === 'rally' ? { x: app.pg.goalX(), y: app.pg.goalY() } : null;
    if (state.rally) crowd.orderTo(new Uint32Array(), state.rally.x, state.rally.y);
    else crowd.orderRandom(new Uint32Array());
  } catch (err) {
    app.showMessage(errorText(err), 'error');
    state.card.dataset.state = 'refused';
    draw(state, 0);
    return;
  }
  state.mapCells = app.pg.width() * app.pg.height();
  state.card.dataset.state = 'running';
  app.showMessage(unitsText('units.started', { count: setup.count, planner: unitsText(`planner.${setup.planner}`), budget: setup.budget.toFixed(1) }), 'info');
}

/** One animation frame: the scene advances within the budget, then everything is drawn. */
function frame(state: Active): void {
  const began = performance.now();
  const crowd = state.crowd;
  if (crowd) {
    state.report = crowd.advance(state.setup.budget, 0) as FrameReport;
    state.totals = crowd.totals() as Totals;
  }
  draw(state, began);
  state.frameId = requestAnimationFrame(() => frame(state));
}

function draw(state: Active, began: number): void {
  const { crowd, app } = state;
  const width = app.pg.width();
  const height = app.pg.height();
  const memory = state.full.memory;
  const n = crowd?.unitCount() ?? 0;
  const positions = crowd ? new Float32Array(memory.buffer, crowd.positionsPtr(), 2 * n) : new Float32Array();
  const states = crowd ? new Uint8Array(memory.buffer, crowd.statesPtr(), n) : new Uint8Array();
  const inflated =
    crowd && state.controls.inflated.checked
      ? { inflated: new Uint8Array(memory.buffer, crowd.inflatedPtr(), width * height), terrain: app.views.terrain() }
      : null;
  const ways = crowd ? [...state.selected].map((i) => crowd.unitWay(i)) : [];
  state.overlay.draw({ width, height, radius: state.setup.radius, positions, states, inflated, ways, selected: state.selected, rally: state.rally });
  if (state.report && state.totals && began > 0) {
    const ms = performance.now() - began;
    state.lastMs = ms;
    state.worstMs = Math.max(state.worstMs, ms);
    state.frameTimes.push(ms);
    if (state.frameTimes.length > 3600) state.frameTimes.shift();
    state.panel.update({ report: state.report, totals: state.totals, units: n, frameMs: ms, worstMs: state.worstMs });
    state.panel.showRule(state.setup.planner === 'auto-w', CROWD.autoWPerQueued, state.report.w);
    const [first] = state.selected;
    const log = crowd && first !== undefined ? (crowd.unitRequest(first) as RequestLog | null) : null;
    state.panel.showTimeline(first ?? null, log, state.report.frame);
    const d = state.card.dataset;
    d.queue = String(state.report.queue);
    d.arrived = String(state.report.arrived);
    const done = state.report.waiting === 0 && state.report.walking === 0;
    if (done && !state.allArrivedSaid && state.report.frame > 1) {
      state.allArrivedSaid = true;
      app.showMessage(unitsText('units.all-arrived', { arrived: state.report.arrived, unreachable: state.report.unreachable }), 'info');
    }
  }
  app.overrideLegend(state.legend);
}

/** A click on the overlay (placing or ordering units). */
function clicked(state: Active, event: PointerEvent): void {
  const { crowd, app } = state;
  if (!crowd) return;
  const width = app.pg.width();
  const height = app.pg.height();
  const at = state.overlay.cellAt(event, width, height);
  const [x, y] = [Math.round(at.x), Math.round(at.y)];
  if (x < 0 || y < 0 || x >= width || y >= height) return;
  try {
    if (state.click === 'place') {
      const n = crowd.addUnit(x, y);
      app.showMessage(unitsText('units.placed', { n, x, y }), 'info');
      return;
    }
    const memory = state.full.memory;
    const positions = new Float32Array(memory.buffer, crowd.positionsPtr(), 2 * crowd.unitCount());
    let nearest = -1;
    let best = 1.5 * 1.5;
    for (let i = 0; i < positions.length / 2; i++) {
      const d = (positions[2 * i] - at.x) ** 2 + (positions[2 * i + 1] - at.y) ** 2;
      if (d < best) [best, nearest] = [d, i];
    }
    if (nearest >= 0) {
      if (!event.shiftKey) state.selected.clear();
      state.selected.add(nearest);
      app.showMessage(unitsText('units.selected', { n: nearest }), 'info');
    } else if (state.selected.size > 0) {
      crowd.orderTo(Uint32Array.from(state.selected), x, y);
      app.showMessage(unitsText('units.ordered', { n: state.selected.size, x, y }), 'info');
    }
  } catch (err) {
    app.showMessage(errorText(err), 'error');
  }
}

/** Opens units mode with `setup` (the address's, the hook's or the defaults); false when it cannot start. */
export async function startUnits(app: App, kit: Kit, setup: UnitsSetup = DEFAULT_SETUP): Promise<boolean> {
  if (active) {
    applySetup(active, setup);
    return active.crowd !== null;
  }
  app.showMessage(unitsText('units.loading'), 'info');
  let full: FullModule;
  try {
    full = await rehomeForUnits(app, kit);
  } catch (err) {
    app.showMessage(errorText(err), 'error');
    return false;
  }
  if (active) return true;
  app.loop.stop();
  const parts = makeCard(checkedSetup(setup));
  const host = document.querySelector('.embed-bar') ?? document.getElementById('panel');
  const panel = new UnitsPanel();
  parts.card.append(panel.element);
  host?.prepend(parts.card);
  // Beside the map (a wide page), the card is brought into view; on a phone it comes below the map, which stays in view.
  if (window.matchMedia('(min-width: 900px)').matches) parts.card.scrollIntoView({ block: 'start' });
  const overlay = new UnitsOverlay(app.renderer.canvas);
  const state: Active = {
    app,
    full,
    crowd: null,
    setup: checkedSetup(setup),
    overlay,
    panel,
    card: parts.card,
    controls: parts.controls,
    frameId: 0,
    report: null,
    totals: null,
    worstMs: 0,
    lastMs: 0,
    frameTimes: [],
    selected: new Set(),
    click: 'paint',
    allArrivedSaid: false,
    mapCells: 0,
    rally: null,
    // The overlay shows the terrain and the units, not the page's search: only the terrain's entries stay.
    legend: (input, pageEntries) => [...pageEntries(input).filter((e) => TERRAIN_MARKS.has(e.mark)), ...unitsLegend(overlay.drawn)],
  };
  active = state;
  const { controls } = parts;
  parts.restart.addEventListener('click', () => begin(state));
  parts.leave.addEventListener('click', () => stopUnits());
  for (const preset of parts.presets) {
    preset.addEventListener('click', () => {
      controls.count.value = preset.dataset.unitsPreset!;
      begin(state);
    });
  }
  for (const control of [controls.count, controls.planner, controls.goal, controls.radius, controls.cache, controls.curves]) {
    control.addEventListener('change', () => begin(state));
  }
  controls.budget.addEventListener('input', () => {
    state.setup = setupOf(controls);
    controls.budgetValue.textContent = `${state.setup.budget.toFixed(1)} ms`;
    publish(state.setup);
  });
  controls.click.addEventListener('change', () => {
    state.click = controls.click.value as ClickMode;
    overlay.catchClicks(state.click !== 'paint');
  });
  overlay.canvas.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    clicked(state, event);
  });
  listen(app);
  setToggle(true);
  begin(state);
  state.frameId = requestAnimationFrame(() => frame(state));
  return state.crowd !== null;
}

/** Changes the scene to `setup` (the hook's `start` while open). */
function applySetup(state: Active, setup: UnitsSetup): void {
  const s = checkedSetup(setup);
  const c = state.controls;
  c.count.value = String(s.count);
  c.planner.value = s.planner;
  c.goal.value = s.goal;
  c.budget.value = String(s.budget);
  c.radius.value = String(s.radius);
  c.cache.checked = s.cache;
  c.curves.checked = s.curves;
  begin(state);
}

/** Leaves units mode: the overlay and the card go, the address forgets the scene. */
export function stopUnits(): void {
  const state = active;
  if (!state) return;
  active = null;
  cancelAnimationFrame(state.frameId);
  state.crowd?.free();
  state.overlay.remove();
  state.card.remove();
  setToggle(false);
  publish(null);
  state.app.overrideLegend(null);
  state.app.redraw();
}

export function toggleUnits(app: App, kit: Kit): void {
  if (active) stopUnits();
  else void startUnits(app, kit);
}

/** The scene's numbers now (null outside units mode). */
export function unitsStats(): UnitsStats | null {
  const state = active;
  if (!state?.crowd || !state.report || !state.totals) return null;
  const { report, totals } = state;
  return {
    units: state.crowd.unitCount(),
    frame: report.frame,
    served: totals.served,
    servedThisFrame: report.served,
    queue: report.queue,
    walking: report.walking,
    waiting: report.waiting,
    arrived: report.arrived,
    unreachable: report.unreachable,
    replans: totals.replans,
    worstFrameMs: state.worstMs,
    lastFrameMs: state.lastMs,
    cacheHits: totals.cacheHits,
    cacheLookups: totals.cacheLookups,
    w: report.w,
    expansions: totals.expansions,
    planner: state.setup.planner,
  };
}

/** The units' positions in cells (centres at whole numbers), `[[x, y], ...]` (null outside units mode). */
export function unitsPositions(): [number, number][] | null {
  const state = active;
  if (!state?.crowd) return null;
  const n = state.crowd.unitCount();
  const view = new Float32Array(state.full.memory.buffer, state.crowd.positionsPtr(), 2 * n);
  return Array.from({ length: n }, (_, i) => [view[2 * i], view[2 * i + 1]]);
}

/** Unit `i`'s way ahead (where it stands, then the points still to walk, in cells), or null. */
export function unitsWay(i: number): [number, number][] | null {
  const crowd = active?.crowd;
  if (!crowd || !Number.isInteger(i) || i < 0 || i >= crowd.unitCount()) return null;
  const flat = crowd.unitWay(i);
  return Array.from({ length: flat.length / 2 }, (_, k) => [flat[2 * k], flat[2 * k + 1]]);
}

/** The frame times measured so far (ms, the page's clock: the scene's search and the drawing). */
export function unitsFrameTimes(): number[] {
  return active ? [...active.frameTimes] : [];
}

/** The states of the units now, by the core's numbers (STATE). */
export { STATE };
