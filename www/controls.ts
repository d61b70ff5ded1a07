// The search and animation controls: reads them into app actions and writes the app's state back into
// them (after a load, a link, an undo). Play / Pause / Back / Step / Reset, speed, timeline, algorithm,
// heuristic (with its admissibility warning), movement and corner rule, tie-break, w, smoothing (and its curve), numbers,
// heat. The Algorithm menu is built from the registry (www/algorithms.ts), the heuristic, corner-rule
// and tie-break menus from the core's name tables; which of the other search
// controls are enabled follows the chosen algorithm's row, and an option that cannot run on the map and
// movement shown stays in the menu, marked with the reason (its title holds the whole sentence); chosen,
// it is refused, and www/dead-ends.ts offers the one change that makes it run. Choosing 8 neighbours while
// the heuristic is Manhattan (which overestimates there) switches to octile and says so, one undo step.
import { algorithms, rowOf, unavailableHere } from './algorithms.js';
import type { App } from './app.js';
import { algorithmTitle, num, t, type StringKey } from './i18n/index.js';
import { CORNER_RULES, HEURISTICS, TIE_BREAKS, WEIGHT_MAX, WEIGHT_STEP } from './generated/core.js';
import type { Settings, ViewOptions } from './hooks.js';
import { rateLabel } from './loop.js';
import { echo } from './echo.js';
import { onDemand } from './on-demand.js';
import { setTerrainCosts } from './terrain-costs.js';

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** The largest budget: the core keeps it in 32 bits. */
const MAX_BUDGET = 0xffffffff;

/**
 * The budget the field holds: null when empty (none), undefined when it is not a whole number from 1 to
 * MAX_BUDGET (text a number field cannot read, such as letters, counts as not a number, not as empty).
 */
function budgetOf(field: HTMLInputElement): number | null | undefined {
  const text = field.value.trim();
  if (text === '') return field.validity.badInput ? undefined : null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_BUDGET ? value : undefined;
}

/** Fills `select` with one option per name the core lists, labelled by the string `key(name)`. */
function fillOptions<N extends string>(select: HTMLSelectElement, names: readonly N[], key: (name: N) => StringKey): void {
  select.replaceChildren(
    ...names.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      option.dataset.i18n = key(name);
      option.textContent = t(key(name));
      return option;
    }),
  );
}

export function installControls(app: App): void {
  const play = byId<HTMLButtonElement>('play');
  const step = byId<HTMLButtonElement>('step');
  const back = byId<HTMLButtonElement>('back');
  const reset = byId<HTMLButtonElement>('reset');
  const speed = byId<HTMLInputElement>('speed');
  const speedValue = byId<HTMLOutputElement>('speed-value');
  const timeline = byId<HTMLInputElement>('timeline');
  const algorithm = byId<HTMLSelectElement>('algorithm');
  const heuristic = byId<HTMLSelectElement>('heuristic');
  const warning = byId<HTMLElement>('heuristic-warning');
  const movement = byId<HTMLSelectElement>('movement');
  const corners = byId<HTMLSelectElement>('corners');
  const tieBreak = byId<HTMLSelectElement>('tie-break');
  // The settings' menus list what the core's name tables hold (www/generated/core.ts), in their order.
  fillOptions(heuristic, HEURISTICS, (name) => `heuristic.${name}`);
  fillOptions(corners, CORNER_RULES, (name) => `corners.${name}`);
  fillOptions(tieBreak, TIE_BREAKS, (name) => `tie.${name}`);
  const budget = byId<HTMLInputElement>('budget');
  const w = byId<HTMLInputElement>('w');
  const wValue = byId<HTMLOutputElement>('w-value');
  // The core's range of w (links, files and settings refuse what lies outside it).
  w.min = '0';
  w.max = String(WEIGHT_MAX);
  w.step = String(WEIGHT_STEP);
  const smooth = byId<HTMLInputElement>('smooth');
  const curve = byId<HTMLInputElement>('curve');
  const numbers = byId<HTMLSelectElement>('numbers');
  const heat = byId<HTMLInputElement>('heat');

  play.addEventListener('click', () => app.togglePlay());
  step.addEventListener('click', () => app.step());
  back.addEventListener('click', () => app.back());
  reset.addEventListener('click', () => app.reset());

  const showSpeed = () => {
    app.loop.speed = Number(speed.value);
    speedValue.textContent = rateLabel(app.loop.speed);
  };
  speed.addEventListener('input', showSpeed);
  showSpeed();

  timeline.addEventListener('input', () => app.seek(Number(timeline.value)));

  const options = algorithms().map((row) => {
    const option = document.createElement('option');
    option.value = row.name;
    option.textContent = algorithmTitle(row);
    return option;
  });
  algorithm.replaceChildren(...options);

  // A refused change (an algorithm that cannot run here) changed nothing: no undo step, no new link.
  const change = (settings: Partial<Settings>) => {
    const applied = app.changeSettings(settings);
    if (applied) app.userChanged();
    return applied;
  };
  // The menu refuses what cannot run here; www/dead-ends.ts then offers the one change that makes it run.
  const offerFix = onDemand(app, () => import('./dead-ends.js'));
  algorithm.addEventListener('change', () => {
    const name = algorithm.value;
    change({ algorithm: name });
    void offerFix((offer) => offer.offerFix(app, { rowOf, unavailableHere, setTerrainCosts }, algorithm, name));
  });
  heuristic.addEventListener('change', () => change({ heuristic: heuristic.value }));
  // Manhattan overestimates on 8 neighbours: the user's switch to 8 takes octile along (one undo step).
  movement.addEventListener('change', () => {
    const octile = movement.value === '8' && app.settings().heuristic === 'manhattan';
    if (change(octile ? { movement: 8, heuristic: 'octile' } : { movement: Number(movement.value) }) && octile) {
      app.showMessage(t('fix.octile-on-8'), 'info');
    }
  });
  corners.addEventListener('change', () => change({ corners: corners.value }));
  tieBreak.addEventListener('change', () => change({ tieBreak: tieBreak.value }));
  // An empty budget is none; anything but a whole number from 1 is marked invalid and changes nothing.
  budget.addEventListener('change', () => {
    const value = budgetOf(budget);
    budget.setAttribute('aria-invalid', String(value === undefined));
    if (value !== undefined) change({ budget: value });
    else app.showMessage(t('budget.invalid', { text: echo(budget.value.trim()) }), 'error');
  });
  // w follows the thumb live, one solve for each burst of input events (the last value wins);
  // listeners hear of it once released.
  w.addEventListener('input', () => {
    wValue.textContent = num(Number(w.value), 1);
    app.requestSettings({ w: Number(w.value) });
  });
  w.addEventListener('change', () => {
    app.flushSettings();
    app.userChanged();
  });
  smooth.addEventListener('change', () => {
    app.setSmooth(smooth.checked);
    app.userChanged();
  });
  curve.addEventListener('change', () => {
    app.setCurve(curve.checked);
    app.userChanged();
  });
  heat.addEventListener('change', () => app.setHeat(heat.checked));
  numbers.addEventListener('change', () => {
    app.setNumbers(numbers.value as ViewOptions['numbers']);
    app.userChanged();
  });

  /** Marks the options that cannot run on this map with this movement ("… — needs equal step costs"). */
  const markOptions = () => {
    const refused = unavailableHere(app.pg);
    algorithms().forEach((row, i) => {
      const option = options[i];
      const why = refused.get(row.name);
      const title = algorithmTitle(row);
      option.textContent = why ? t('algorithm.option-unavailable', { title, reason: why.reason }) : title;
      option.title = why ? why.sentence : '';
      if (why) option.dataset.unavailable = '';
      else delete option.dataset.unavailable;
    });
  };
  app.on('map', markOptions);

  const sync = () => {
    const s = app.settings();
    algorithm.value = s.algorithm;
    heuristic.value = s.heuristic;
    movement.value = String(s.movement);
    corners.value = s.corners;
    corners.disabled = s.movement === 4;
    tieBreak.value = s.tieBreak;
    // The field shows the budget in effect, or, while it is being corrected, text marked invalid: never
    // another value unmarked (a refused one stays marked until it is changed or the field is left).
    if (document.activeElement !== budget) budget.value = s.budget === null ? '' : String(s.budget);
    if (budgetOf(budget) === s.budget) budget.removeAttribute('aria-invalid');
    else budget.setAttribute('aria-invalid', 'true');
    const row = rowOf(s.algorithm);
    const usesHeuristic = row.usesHeuristic;
    heuristic.disabled = !usesHeuristic;
    w.disabled = !row.usesWeight;
    tieBreak.disabled = !row.usesTieBreak;
    markOptions();
    if (document.activeElement !== w || Math.abs(Number(w.value) - s.w) > 1e-9) w.value = String(s.w);
    wValue.textContent = num(s.w, 1);
    smooth.checked = app.options.smooth;
    curve.checked = app.options.curve;
    numbers.value = app.options.numbers;
    const admissible = app.pg.heuristicAdmissible();
    warning.hidden = admissible || !usesHeuristic;
    warning.textContent = admissible
      ? ''
      : t('heuristic.not-admissible', { heuristic: heuristic.selectedOptions[0]?.textContent ?? s.heuristic, movement: s.movement });
  };
  app.on('settings', sync);
  sync();

  const syncPhase = () => {
    const running = app.phase === 'running';
    play.textContent = running ? t('ctl.pause') : t('ctl.play');
    play.setAttribute('aria-pressed', String(running));
    document.getElementById('app')!.dataset.phase = app.phase;
  };
  app.on('phase', syncPhase);
  syncPhase();

  // In compare mode the step shown is the further of the two searches (App.shownStep).
  const syncTimeline = () => {
    const shown = app.shownStep();
    timeline.max = String(Math.max(app.total, shown));
    timeline.value = String(shown);
    back.disabled = shown === 0;
  };
  app.on('searched', syncTimeline);
  // Compare mode's second search, solved after the first, may be the longer: the timeline follows it.
  app.on('partner', syncTimeline);
}
