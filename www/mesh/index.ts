// Mesh mode (导航网格), a chunk loaded on demand by www/mesh-entry.ts: the map shown as a navigation mesh
// (astar_core::navmesh, through the full wasm module's `MeshView`), searched by Polyanya or by A* over the
// polygons with the funnel, step by step. The map stays the map: painting it rebuilds only the mesh's tiles
// the stroke touched, and the search runs again. The card: mesh kind, search, unit radius, Step, Play,
// Finish and Leave; the mesh's and the search's numbers; how far Theta*, grid A* (+ smoothing) and navmesh
// A* are from Polyanya's shortest path; the polygon under the pointer. The drawing is overlay.ts's.
//
// The address carries `?mesh=…` (url.ts): a copied link or embed code opens the same view. The scripting
// hook (`window.astarPlayground.mesh`, see mesh-entry.ts) starts, stops and reads it.
import type { App } from '../app.js';
import { errorText, measured, num } from '../i18n/index.js';
import type { LegendOverride } from '../legend-entries.js';
import type { Kit } from '../hpa/core.js';
import type { Lengths, MeshStats, NodeView, SearchReport } from '../generated/core.js';
import type { MeshView } from '../pkg-full/astar_full.js';
import { rehomeForMesh, shownPlayground } from './module.js';
import { MeshOverlay, meshLegend } from './overlay.js';
import { meshText, type MeshKey } from './strings.js';
import { checkedMesh, DEFAULT_MESH, KINDS, RADIUS, SEARCHES, withMesh, type MeshSetup } from './url.js';
import type { MeshHookStats } from './hook.js';
import { element, labelled, select } from '../card-parts.js';
import './mesh.css';

/** What mesh mode needs beyond the full module's kit: the terrain-cost change of its one-action fix. */
export interface MeshKit extends Kit {
  setTerrainCosts: (app: App, costs: { plain: number; road: number; forest: number; swamp: number }) => void;
}

/** The legend entries of the page's view that mesh mode keeps (it draws the terrain, not the page's search). */
const TERRAIN_MARKS = new Set(['wall', 'plain', 'forest', 'swamp', 'road']);

interface Geometry {
  vertices: Uint32Array;
  polygonStarts: Uint32Array;
  polygonVertices: Uint32Array;
  covered: Uint8Array | null;
}

interface Controls {
  kind: HTMLSelectElement;
  search: HTMLSelectElement;
  radius: HTMLInputElement;
  step: HTMLButtonElement;
  play: HTMLButtonElement;
  finish: HTMLButtonElement;
  leave: HTMLButtonElement;
  fix: HTMLButtonElement;
}

interface Active {
  app: App;
  kit: MeshKit;
  View: typeof MeshView;
  view: MeshView | null;
  geometry: Geometry | null;
  setup: MeshSetup;
  overlay: MeshOverlay;
  card: HTMLElement;
  controls: Controls;
  stats: HTMLElement;
  compare: HTMLElement;
  inspect: HTMLElement;
  refusal: HTMLElement;
  /** The latest build's or rebuild's sentence. */
  built: HTMLElement;
  playing: boolean;
  frameId: number;
  report: SearchReport | null;
  lengths: Lengths | null;
  /** The map's size and end cells the mesh and search were made for. */
  shape: string;
  ends: string;
  legend: LegendOverride;
}

let active: Active | null = null;
let listening = false;

function makeCard(setup: MeshSetup) {
  const card = element('section', { class: 'card mesh', 'data-testid': 'mesh', 'aria-label': meshText('mesh.title') });
  const controls: Controls = {
    kind: select('mesh-kind', KINDS.map((k) => [k, meshText(`mesh.kind-${k}` as MeshKey)])),
    search: select('mesh-search', SEARCHES.map((s) => [s, meshText(`mesh.search-${s}` as MeshKey)])),
    radius: element('input', { type: 'number', id: 'mesh-radius', min: '0', max: String(RADIUS.max), step: String(RADIUS.step), value: String(setup.radius) }),
    step: element('button', { type: 'button', 'data-testid': 'mesh-step' }, meshText('mesh.step')),
    play: element('button', { type: 'button', 'data-testid': 'mesh-play' }, meshText('mesh.play')),
    finish: element('button', { type: 'button', 'data-testid': 'mesh-finish' }, meshText('mesh.finish')),
    leave: element('button', { type: 'button', 'data-testid': 'mesh-leave' }, meshText('mesh.leave')),
    fix: element('button', { type: 'button', 'data-testid': 'mesh-fix' }, meshText('mesh.terrain-fix')),
  };
  controls.kind.value = setup.kind;
  controls.search.value = setup.search;
  const buttons = element('div', { class: 'buttons' });
  buttons.append(controls.step, controls.play, controls.finish, controls.leave);
  const refusal = element('p', { class: 'mesh-refusal', 'data-testid': 'mesh-refusal', role: 'status' });
  refusal.hidden = true;
  const stats = element('dl', { class: 'mesh-stats', 'data-testid': 'mesh-stats' });
  const built = element('p', { class: 'mesh-built', 'data-testid': 'mesh-built' });
  const compare = element('table', { class: 'mesh-compare', 'data-testid': 'mesh-compare' });
  const inspect = element('p', { class: 'mesh-inspect', 'data-testid': 'mesh-inspect' }, meshText('mesh.inspect.none'));
  card.append(
    element('h2', {}, meshText('mesh.title')),
    element('p', { class: 'mesh-intro' }, meshText('mesh.intro')),
    labelled(meshText('mesh.kind'), controls.kind),
    labelled(meshText('mesh.search'), controls.search),
    labelled(meshText('mesh.radius'), controls.radius),
    buttons,
    refusal,
    built,
    stats,
    element('h3', {}, meshText('mesh.compare.title')),
    compare,
    element('p', { class: 'mesh-caption' }, meshText('mesh.compare.caption')),
    inspect,
  );
  return { card, controls, refusal, built, stats, compare, inspect };
}

function setupOf(controls: Controls): MeshSetup {
  return checkedMesh({
    kind: controls.kind.value as MeshSetup['kind'],
    search: controls.search.value as MeshSetup['search'],
    radius: Number(controls.radius.value),
  });
}

function publish(setup: MeshSetup | null): void {
  const search = withMesh(location.search, setup);
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  document.querySelector('.embed-controls')?.dispatchEvent(new Event('change'));
}

function setToggle(on: boolean): void {
  document.getElementById('mesh-toggle')?.setAttribute('aria-pressed', String(on));
}

const shapeOf = (app: App) => `${app.pg.width()}x${app.pg.height()}`;
const endsOf = (app: App) => `${app.pg.startX()},${app.pg.startY()},${app.pg.goalX()},${app.pg.goalY()}`;

/** Shows a refusal in the card (and the fix button when it is the terrain's). */
function refuse(state: Active, err: unknown): void {
  const terrain = err instanceof Error && err.message === 'navmesh.needs-uniform-costs';
  state.refusal.textContent = terrain ? meshText('mesh.terrain') : errorText(err);
  if (terrain) state.refusal.append(' ', state.controls.fix);
  state.refusal.hidden = false;
  state.card.dataset.state = 'refused';
  state.app.showMessage(state.refusal.textContent ?? '', 'error');
}

/** Reads the mesh's geometry out of the module (once a build). */
function readGeometry(view: MeshView, radius: number): Geometry {
  return {
    vertices: view.vertices(),
    polygonStarts: view.polygonStarts(),
    polygonVertices: view.polygonVertices(),
    covered: radius > 0 ? view.covered() : null,
  };
}

/** Builds the mesh from the controls on the map shown (the old one freed), then searches it. */
function build(state: Active): void {
  const { app, controls } = state;
  state.view?.free();
  state.view = null;
  state.geometry = null;
  state.report = null;
  state.lengths = null;
  state.refusal.hidden = true;
  const setup = setupOf(controls);
  state.setup = setup;
  controls.radius.value = String(setup.radius);
  publish(setup);
  state.overlay.showTerrain(app.views.terrain(), app.pg.width(), app.pg.height());
  try {
    state.view = new state.View(shownPlayground(app), setup.kind, setup.radius);
  } catch (err) {
    refuse(state, err);
    draw(state);
    return;
  }
  state.geometry = readGeometry(state.view, setup.radius);
  state.shape = shapeOf(app);
  const stats = state.view.stats() as MeshStats;
  state.built.textContent = meshText('mesh.built', { polygons: stats.polygons, cells: stats.freeCells, ratio: measured(stats.freeCells / Math.max(1, stats.polygons)), ms: measured(stats.buildMs) });
  app.showMessage(state.built.textContent, 'info');
  search(state, true);
}

/**
 * Begins the search of the controls on the mesh shown; runs it to its end when `finish`. The lengths of the
 * last search that ended stay shown while the same problem is stepped again (they are the same).
 */
function search(state: Active, finish: boolean): boolean {
  const { app, view } = state;
  stopPlaying(state);
  if (!view) return false;
  const again = !finish && state.ends === endsOf(app);
  state.setup = setupOf(state.controls);
  state.ends = endsOf(app);
  state.report = null;
  if (!again) state.lengths = null;
  try {
    view.begin(state.setup.search, app.pg.startX(), app.pg.startY(), app.pg.goalX(), app.pg.goalY());
  } catch (err) {
    refuse(state, err);
    draw(state);
    return false;
  }
  state.refusal.hidden = true;
  state.card.dataset.state = 'searching';
  if (finish) {
    view.finish();
    done(state);
  }
  draw(state);
  return true;
}

/** The search has ended: its lengths beside the others', and a sentence. */
function done(state: Active): void {
  const { view, app } = state;
  if (!view) return;
  state.report = view.report() as SearchReport;
  state.lengths = view.lengths() as Lengths;
  state.card.dataset.state = state.report.outcome ?? 'searching';
  const name = meshText(`mesh.search-${state.setup.search}` as MeshKey);
  if (state.report.outcome === 'found') {
    app.showMessage(meshText('mesh.found', { search: name, length: num(state.report.length, 3), steps: state.report.expanded }), 'info');
  } else if (state.report.outcome === 'unreachable') {
    app.showMessage(meshText('mesh.unreachable', { search: name }), 'info');
  }
}

function stopPlaying(state: Active): void {
  state.playing = false;
  cancelAnimationFrame(state.frameId);
  state.controls.play.textContent = meshText('mesh.play');
}

/** One step (a new search first when the last one is over). */
function stepOnce(state: Active): void {
  const { view } = state;
  if (!view) return;
  if (state.report?.outcome) search(state, false);
  if (view.step()) done(state);
  else state.report = view.report() as SearchReport;
  draw(state);
}

function play(state: Active): void {
  if (state.playing) {
    stopPlaying(state);
    return;
  }
  if (!state.view) return;
  if (state.report?.outcome) search(state, false);
  state.playing = true;
  state.controls.play.textContent = meshText('mesh.pause');
  // About two seconds for a small mesh, at most ten for a large one.
  const polygons = state.geometry ? state.geometry.polygonStarts.length - 1 : 1;
  const perFrame = Math.max(1, Math.round(polygons / 600));
  const tick = () => {
    if (!state.playing || !state.view) return;
    for (let i = 0; i < perFrame; i++) {
      if (state.view.step()) {
        done(state);
        stopPlaying(state);
        draw(state);
        return;
      }
    }
    state.report = state.view.report() as SearchReport;
    draw(state);
    state.frameId = requestAnimationFrame(tick);
  };
  state.frameId = requestAnimationFrame(tick);
}

function statRow(list: HTMLElement, key: string, label: string, value: string): void {
  list.append(element('dt', {}, label), element('dd', { 'data-mesh-stat': key }, value));
}

function showNumbers(state: Active): void {
  const { view, stats, compare } = state;
  stats.replaceChildren();
  compare.replaceChildren();
  if (!view) return;
  const s = view.stats() as MeshStats;
  statRow(stats, 'free', meshText('mesh.stats.free'), num(s.freeCells));
  statRow(stats, 'polygons', meshText('mesh.stats.polygons'), num(s.polygons));
  statRow(stats, 'ratio', meshText('mesh.stats.ratio'), measured(s.freeCells / Math.max(1, s.polygons)));
  statRow(stats, 'portals', meshText('mesh.stats.portals'), num(s.portals));
  statRow(stats, 'build', meshText('mesh.stats.build'), measured(s.buildMs));
  statRow(stats, 'tiles', meshText('mesh.stats.tiles'), `${num(s.tilesRebuilt)} / ${num(s.tiles)}`);
  const r = state.report;
  if (r) {
    statRow(stats, 'expanded', meshText('mesh.stats.expanded'), num(r.expanded));
    statRow(stats, 'generated', meshText('mesh.stats.generated'), num(r.generated));
    statRow(stats, 'length', meshText('mesh.stats.length'), r.outcome === 'found' ? num(r.length, 3) : meshText('mesh.compare.none'));
  }
  const l = state.lengths;
  if (!l) return;
  const best = l.polyanya;
  const rows: [string, number | null][] = [
    ['polyanya', l.polyanya],
    ['navmesh-astar', l.navmeshAstar],
    ['theta', l.theta],
    ['smoothed', l.smoothed],
    ['grid', l.grid],
  ];
  for (const [key, length] of rows) {
    const tr = element('tr', { 'data-mesh-length': key });
    const over = length !== null && best !== null && best > 0 ? `+${num(((length - best) / best) * 100, 1)}%` : '';
    tr.append(
      element('th', { scope: 'row' }, meshText(`mesh.compare.${key}` as MeshKey)),
      element('td', {}, length === null ? meshText('mesh.compare.none') : num(length, 3)),
      element('td', {}, key === 'polyanya' ? '' : over),
    );
    compare.append(tr);
  }
}

function draw(state: Active): void {
  const { app, view, geometry } = state;
  const width = app.pg.width();
  const height = app.pg.height();
  const empty = new Uint32Array();
  const [node, successors] = view ? [(view.node() as NodeView | null) ?? null, (view.successors() as NodeView[]) ?? []] : [null, []];
  state.overlay.draw({
    width,
    height,
    vertices: geometry?.vertices ?? empty,
    polygonStarts: geometry?.polygonStarts ?? Uint32Array.of(0),
    polygonVertices: geometry?.polygonVertices ?? empty,
    marks: view?.marks() ?? new Uint8Array(),
    corridor: view && state.report?.outcome ? view.corridor() : empty,
    path: view?.path() ?? new Float64Array(),
    node,
    successors,
    covered: geometry?.covered ?? null,
    terrain: app.views.terrain(),
    start: { x: app.pg.startX(), y: app.pg.startY() },
    goal: { x: app.pg.goalX(), y: app.pg.goalY() },
  });
  showNumbers(state);
  const d = state.card.dataset;
  d.expanded = String(state.report?.expanded ?? 0);
  app.overrideLegend(state.legend);
}

/** The polygon under the pointer, in words. */
function inspectAt(state: Active, event: PointerEvent): void {
  const { view, app } = state;
  if (!view) return;
  const at = state.overlay.pointAt(event, app.pg.width(), app.pg.height());
  const polygon = view.polygonAt(at.x, at.y);
  if (polygon < 0) {
    state.inspect.textContent = meshText('mesh.inspect.none');
    return;
  }
  const [corners, neighbours] = view.polygonSize(polygon);
  const mark = view.marks()[polygon] ?? 0;
  const stateWord = mark === 1 ? meshText('mesh.inspect.open') : mark >= 2 ? meshText('mesh.inspect.closed') : '';
  state.inspect.textContent = meshText('mesh.inspect.polygon', { id: polygon, vertices: corners, neighbours, state: stateWord });
}

function listen(app: App): void {
  if (listening) return;
  listening = true;
  const follow = () => {
    const state = active;
    if (!state) return;
    state.overlay.showTerrain(app.views.terrain(), app.pg.width(), app.pg.height());
    if (!state.view || shapeOf(app) !== state.shape) {
      build(state);
      return;
    }
    try {
      const rebuilt = state.view.followMap(shownPlayground(app));
      if (rebuilt > 0) {
        state.geometry = readGeometry(state.view, state.setup.radius);
        const s = state.view.stats() as MeshStats;
        state.built.textContent = meshText('mesh.rebuilt', { tiles: s.tilesRebuilt, all: s.tiles, ms: measured(s.buildMs) });
        search(state, true);
      } else if (endsOf(app) !== state.ends) search(state, true);
    } catch (err) {
      state.view.free();
      state.view = null;
      state.geometry = null;
      refuse(state, err);
      draw(state);
    }
  };
  app.on('map', follow);
  app.on('searched', (_stats, final) => final && follow());
}

/** Opens mesh mode with `setup` (the address's, the hook's or the defaults); false when no mesh is shown. */
export async function startMesh(app: App, kit: MeshKit, setup: MeshSetup = DEFAULT_MESH): Promise<boolean> {
  if (active) {
    applySetup(active, setup);
    return active.view !== null;
  }
  app.showMessage(meshText('mesh.loading'), 'info');
  let View: typeof MeshView;
  try {
    View = await rehomeForMesh(app, kit);
  } catch (err) {
    app.showMessage(errorText(err), 'error');
    return false;
  }
  if (active) return true;
  const parts = makeCard(checkedMesh(setup));
  const host = document.querySelector('.embed-bar') ?? document.getElementById('panel');
  host?.prepend(parts.card);
  if (window.matchMedia('(min-width: 900px)').matches) parts.card.scrollIntoView({ block: 'start' });
  const overlay = new MeshOverlay(app.renderer.canvas);
  const state: Active = {
    app,
    kit,
    View,
    view: null,
    geometry: null,
    setup: checkedMesh(setup),
    overlay,
    card: parts.card,
    controls: parts.controls,
    stats: parts.stats,
    compare: parts.compare,
    inspect: parts.inspect,
    refusal: parts.refusal,
    built: parts.built,
    playing: false,
    frameId: 0,
    report: null,
    lengths: null,
    shape: '',
    ends: '',
    legend: (input, pageEntries) => [...pageEntries(input).filter((e) => TERRAIN_MARKS.has(e.mark)), ...meshLegend(overlay.drawn)],
  };
  active = state;
  const { controls } = parts;
  controls.kind.addEventListener('change', () => build(state));
  controls.radius.addEventListener('change', () => build(state));
  controls.search.addEventListener('change', () => {
    publish(setupOf(controls));
    search(state, true);
  });
  controls.step.addEventListener('click', () => stepOnce(state));
  controls.play.addEventListener('click', () => play(state));
  controls.finish.addEventListener('click', () => {
    if (!state.view) return;
    stopPlaying(state);
    state.view.finish();
    done(state);
    draw(state);
  });
  controls.leave.addEventListener('click', () => stopMesh());
  controls.fix.addEventListener('click', () => {
    const costs = app.mapFacts().costs;
    kit.setTerrainCosts(app, { ...costs, road: costs.plain, forest: costs.plain, swamp: costs.plain });
    build(state);
  });
  app.renderer.canvas.addEventListener('pointermove', (event) => {
    if (active === state) inspectAt(state, event);
  });
  listen(app);
  setToggle(true);
  build(state);
  return state.view !== null;
}

function applySetup(state: Active, setup: MeshSetup): void {
  const s = checkedMesh(setup);
  state.controls.kind.value = s.kind;
  state.controls.search.value = s.search;
  state.controls.radius.value = String(s.radius);
  build(state);
}

/** Leaves mesh mode: the overlay and the card go, the address forgets the mesh. */
export function stopMesh(): void {
  const state = active;
  if (!state) return;
  active = null;
  stopPlaying(state);
  state.view?.free();
  state.overlay.remove();
  state.card.remove();
  setToggle(false);
  publish(null);
  state.app.overrideLegend(null);
  state.app.redraw();
}

export function toggleMesh(app: App, kit: MeshKit): void {
  if (active) stopMesh();
  else void startMesh(app, kit);
}

/** The numbers shown now (null outside mesh mode). */
export function meshStats(): MeshHookStats | null {
  const state = active;
  if (!state) return null;
  const s = state.view ? (state.view.stats() as MeshStats) : null;
  const path = state.view?.path() ?? new Float64Array();
  return {
    kind: state.setup.kind,
    search: state.setup.search,
    radius: state.setup.radius,
    freeCells: s?.freeCells ?? 0,
    polygons: s?.polygons ?? 0,
    portals: s?.portals ?? 0,
    buildMs: s?.buildMs ?? 0,
    tiles: s?.tiles ?? 0,
    tilesRebuilt: s?.tilesRebuilt ?? 0,
    outcome: state.report?.outcome ?? null,
    expanded: state.report?.expanded ?? 0,
    length: state.report?.length ?? 0,
    path: Array.from({ length: path.length / 2 }, (_, i) => [path[2 * i], path[2 * i + 1]] as [number, number]),
    lengths: state.lengths,
  };
}
