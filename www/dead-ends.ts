// The one-click fix under the Algorithm menu (issue 24 §3, "no dead ends"): after the menu asked for an
// algorithm the map or settings shown cannot run, one line names everything it needs and one button
// makes all of it so (www/dead-end-fix.ts: movement, heuristic, terrain costs through the cost editor's
// path, the map's penalties removed) and selects it, as one undo step (the changes arrive together, so the state keeper groups them).
// The menu's refusal in the status line stays as it was; links and scripts only ever get the refusal. On
// the full page the line lies over the story strip's numbers while it shows (www/style.css), so the map
// under the strip does not move.
// The line follows the page: it updates after every settings or map change and goes once the algorithm
// asked for runs (or another one is asked for); a locked embed offers nothing. A chunk of its own,
// fetched with the menu's first use.
import type { App } from './app.js';
import type { rowOf, unavailableHere } from './algorithms.js';
import { fixFor, listOf, type Fix } from './dead-end-fix.js';
import { algorithmTitle, t } from './i18n/index.js';
import type { setTerrainCosts } from './terrain-costs.js';

/**
 * What this chunk uses of the entry's modules, handed over by www/controls.ts: importing them here would
 * split them out of the entry into chunks of their own, which the first download pays for.
 */
export interface Kit {
  rowOf: typeof rowOf;
  unavailableHere: typeof unavailableHere;
  setTerrainCosts: typeof setTerrainCosts;
}

let offerFor: ((name: string) => void) | null = null;

/** Offers the fix for `name` under `menu` (nothing when it can run, or is the algorithm shown). */
export function offerFix(app: App, kit: Kit, menu: HTMLSelectElement, name: string): void {
  offerFor ??= makeOffer(app, kit, menu);
  offerFor(name);
}

function makeOffer(app: App, { rowOf, unavailableHere, setTerrainCosts }: Kit, menu: HTMLSelectElement): (name: string) => void {
  const line = document.createElement('p');
  line.className = 'warning fix-offer';
  line.dataset.testid = 'fix-offer';
  line.setAttribute('aria-live', 'polite');
  line.hidden = true;
  const needs = document.createElement('span');
  const button = document.createElement('button');
  button.type = 'button';
  line.append(needs, ' ', button);
  menu.after(line);

  let wanted: string | null = null;
  let fix: Fix | null = null;
  const update = () => {
    const s = app.settings();
    // A locked embed's map is not to be changed, and its costs are part of the map.
    const row = wanted === null || wanted === s.algorithm || app.locked ? null : rowOf(wanted);
    const unmet = row ? (unavailableHere(app.pg).get(row.name)?.unmet ?? []) : [];
    fix = fixFor(unmet, s, app.mapFacts());
    line.hidden = fix === null;
    // The button goes with its line: the keyboard stays on the menu, not on a vanished button.
    if (line.hidden && document.activeElement === button) menu.focus();
    if (!row || !fix) return;
    needs.textContent = t('fix.offer', { title: algorithmTitle(row), needs: listOf(fix.needs, true) });
    button.textContent = t('fix.button', { changes: listOf(fix.changes, false) });
  };
  /** Applies `fix` and selects `name` (its module fetched first, where the first download lacks it). */
  const applyFix = (name: string, fix: Fix) => {
    const run = () => {
      if (fix.costs) setTerrainCosts(app, fix.costs);
      if (fix.penaltiesOff) app.edit((pg) => pg.setPenalties(0, 0, 0, new Uint32Array()));
      if (!app.changeSettings({ ...fix.settings, algorithm: name })) return;
      app.userChanged();
      app.showMessage(t('fix.done', { title: algorithmTitle(rowOf(name)), changes: listOf(fix.changes, false) }), 'info');
    };
    if (app.fetchAlgorithm && !rowOf(name).available) app.fetchAlgorithm(name, run, () => undefined);
    else run();
  };
  button.addEventListener('click', () => {
    if (wanted !== null && fix !== null) applyFix(wanted, fix);
  });
  app.on('settings', update);
  app.on('map', update);
  return (name) => {
    wanted = name;
    update();
  };
}

