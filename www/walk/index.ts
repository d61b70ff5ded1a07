// Walk mode (D* Lite only), a chunk loaded on demand by www/walk-entry.ts: an agent walks from the start to
// the goal knowing only the cells within its sight radius (walker.ts, fog.ts), drawn on a canvas of its own
// that takes the map's place (view.ts). The card: sight radius, speed (cells a second), Restart and Stop;
// counters of replans, D* Lite's expansions and what A* from scratch at every discovery would expand
// (`data-replans`, `data-expanded`, `data-fresh`, `data-state` = walking | arrived | blocked, `data-agent` =
// "x,y"). The address carries `?walk=R` (url.ts), so a copied link or embed code reopens the walk.
//
// Defined behaviour: the map cannot be painted while walking (its canvas is hidden); a change of the map
// (a generator, Undo, a loaded link) or of the settings starts the walk again on what is now shown;
// choosing another algorithm than D* Lite ends walk mode. A replan that finds no path (the goal, or the
// agent, walled in by what it saw) stops the walk with a message; nothing is thrown.
import { errorText, type App } from '../app.js';
import { installHelp } from '../help.js';
import type { LegendOverride } from '../legend-entries.js';
import { t } from '../i18n/index.js';
import { walkText } from './strings.js';
import { DEFAULT_RADIUS, MAX_RADIUS, withWalk } from './url.js';
import { showWalkBadge, walkLegend } from './legend.js';
import { WalkView } from './view.js';
import { Walker } from './walker.js';

const DSTAR = 'dstar-lite';
/** Cells a second by default, and the most the speed control offers. */
const DEFAULT_SPEED = 8;
const MAX_SPEED = 60;

interface Active {
  walker: Walker | null;
  view: WalkView;
  card: HTMLElement;
  timer: number;
  settingsKey: string;
  /** Starts the walk again on what the page shows now. */
  begin: () => void;
}

let active: Active | null = null;
/**
 * The app's listeners, added once (the app keeps every listener for good): they reach the walk only through
 * `active`, so a walk that has ended, its canvas and its renderer's cell layer with it, can be collected.
 */
let listening = false;

function listen(app: App): void {
  if (listening) return;
  listening = true;
  app.on('map', () => active?.begin());
  app.on('settings', () => {
    if (!active) return;
    if (app.settings().algorithm !== DSTAR) stopWalk(app);
    else if (JSON.stringify(app.settings()) !== active.settingsKey) active.begin();
  });
}

function input(type: string, attrs: Record<string, string>): HTMLInputElement {
  const element = document.createElement('input');
  element.type = type;
  for (const [k, v] of Object.entries(attrs)) element.setAttribute(k, v);
  return element;
}

function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  const span = document.createElement('span');
  span.textContent = text;
  label.append(span, ' ', control);
  return label;
}

/** Writes walk mode (or its absence) into the address, the share link after '#' as it is. */
function publish(radius: number | null): void {
  const search = withWalk(location.search, radius);
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  document.querySelector('.embed-controls')?.dispatchEvent(new Event('change'));
}

function setToggle(on: boolean): void {
  const toggle = document.getElementById('walk-toggle');
  toggle?.setAttribute('aria-pressed', String(on));
  if (toggle) toggle.textContent = t(on ? 'walk.toggle-off' : 'walk.toggle');
}

function makeCard(): { card: HTMLElement; radius: HTMLInputElement; speed: HTMLInputElement; restart: HTMLButtonElement; stop: HTMLButtonElement; counts: HTMLElement } {
  const card = document.createElement('section');
  card.className = 'card walk';
  card.dataset.testid = 'walk';
  card.setAttribute('aria-label', walkText('walk.title'));
  const title = document.createElement('h2');
  title.textContent = walkText('walk.title');
  const radius = input('number', { min: '1', max: String(MAX_RADIUS), step: '1', id: 'walk-radius', 'data-help': 'help.walk-radius' });
  const speed = input('range', { min: '1', max: String(MAX_SPEED), step: '1', id: 'walk-speed', value: String(DEFAULT_SPEED), 'data-help': 'help.walk-speed' });
  const restart = document.createElement('button');
  restart.type = 'button';
  restart.textContent = walkText('walk.restart');
  restart.dataset.testid = 'walk-restart';
  restart.dataset.help = 'help.walk-restart';
  const stop = document.createElement('button');
  stop.type = 'button';
  stop.textContent = walkText('walk.stop');
  stop.dataset.help = 'help.walk-stop';
  const counts = document.createElement('p');
  counts.className = 'walk-counts';
  counts.dataset.testid = 'walk-counts';
  const row = document.createElement('div');
  row.className = 'buttons';
  row.append(restart, stop);
  card.append(title, labelled(walkText('walk.radius'), radius), labelled(walkText('walk.speed'), speed), row, counts);
  void installHelp(card);
  return { card, radius, speed, restart, stop, counts };
}

function showCounts(card: HTMLElement, counts: HTMLElement, walker: Walker, app: App, legend: LegendOverride): void {
  const c = walker.counts;
  counts.textContent = walkText('walk.counts', { replans: c.replans, expanded: c.expanded, fresh: c.freshExpanded, steps: c.steps });
  const d = card.dataset;
  d.replans = String(c.replans);
  d.expanded = String(c.expanded);
  d.fresh = String(c.freshExpanded);
  d.state = walker.state;
  d.agent = `${walker.x(walker.agent)},${walker.y(walker.agent)}`;
  showWalkBadge(walker);
  // Rebuilt only if its entries changed (the path appears or goes as the plan changes).
  app.overrideLegend(legend);
}

/** Opens walk mode with sight `radius` (switching to D* Lite first if needed); true when it opened. */
export function startWalk(app: App, radius = DEFAULT_RADIUS): boolean {
  if (active) return true;
  app.flushSettings();
  if (app.settings().algorithm !== DSTAR && !app.changeSettings({ algorithm: DSTAR })) return false;
  app.loop.stop();
  const parts = makeCard();
  parts.radius.value = String(radius);
  const host = document.querySelector('.embed-bar') ?? document.getElementById('panel');
  host?.prepend(parts.card);
  const view = new WalkView(app);
  const state: Active = { walker: null, view, card: parts.card, timer: 0, settingsKey: '', begin: () => {} };
  active = state;
  // It reads the walker current when the legend is rebuilt (a failed restart leaves none).
  const legend: LegendOverride = (input, pageEntries) => walkLegend(input, pageEntries, state.walker);

  const stopTimer = () => {
    clearInterval(state.timer);
    state.timer = 0;
  };
  const finish = (walker: Walker) => {
    stopTimer();
    if (walker.state === 'arrived') {
      app.showMessage(walkText('walk.arrived', { steps: walker.counts.steps, replans: walker.counts.replans }), 'info');
    } else if (walker.state === 'blocked') {
      app.showMessage(walkText('walk.blocked', { x: walker.x(walker.agent), y: walker.y(walker.agent) }), 'error');
    }
  };
  const tick = () => {
    const walker = state.walker;
    if (!walker) return stopTimer();
    try {
      walker.tick();
    } catch (err) {
      walker.state = 'blocked';
      app.showMessage(errorText(err), 'error');
    }
    view.draw(walker);
    showCounts(parts.card, parts.counts, walker, app, legend);
    if (walker.state !== 'walking') finish(walker);
  };
  const run = () => {
    stopTimer();
    if (state.walker?.state === 'walking') state.timer = window.setInterval(tick, 1000 / Number(parts.speed.value || DEFAULT_SPEED));
  };
  const begin = () => {
    stopTimer();
    state.walker?.free();
    state.walker = null;
    const r = Math.min(MAX_RADIUS, Math.max(1, Math.round(Number(parts.radius.value)) || DEFAULT_RADIUS));
    parts.radius.value = String(r);
    state.settingsKey = JSON.stringify(app.settings());
    view.resetTrail();
    try {
      state.walker = new Walker(app.pg, r);
    } catch (err) {
      app.showMessage(errorText(err), 'error');
      parts.card.dataset.state = 'blocked';
      return;
    }
    publish(r);
    app.showMessage(walkText('walk.started', { radius: r }), 'info');
    view.draw(state.walker);
    showCounts(parts.card, parts.counts, state.walker, app, legend);
    if (state.walker.state !== 'walking') finish(state.walker);
    else run();
  };

  parts.restart.addEventListener('click', begin);
  parts.radius.addEventListener('change', begin);
  parts.speed.addEventListener('input', run);
  parts.stop.addEventListener('click', () => stopWalk(app));
  state.begin = begin;
  listen(app);
  setToggle(true);
  begin();
  return true;
}

/** Leaves walk mode: the map's canvas comes back, the address forgets the walk. */
export function stopWalk(app: App): void {
  const state = active;
  if (!state) return;
  active = null;
  clearInterval(state.timer);
  state.walker?.free();
  state.view.remove();
  state.card.remove();
  setToggle(false);
  publish(null);
  app.overrideLegend(null);
  // The step shown again: the map redrawn, the badge and stats back to the page's search.
  app.seek(app.shownStep());
}

export function toggleWalk(app: App): void {
  if (active) stopWalk(app);
  else startWalk(app);
}

/** Opens walk mode as the address asks (`?walk=R`). */
export function openFromAddress(app: App, radius: number): void {
  if (!startWalk(app, radius)) publish(null);
}
