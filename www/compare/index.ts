// Compare mode (loaded on demand by www/compare-entry.ts): the same map in two panes, each searched with
// its own algorithm, heuristic, w and tie-break, stepped together by the page's one Play, Step and
// timeline (App.setPartner), the stats side by side with their difference, edits on either canvas applied
// to both. Search A is the page's own search (its settings card, its share link after '#'); search B's
// settings live in the Compare card and in the address as `?compare&b=…` (www/compare/url.ts), which the
// share link, "Copy link", the embed code and the embed's "open standalone" all carry.
import './compare.css';
import { algorithms, rowOf } from '../algorithms.js';
import type { App } from '../app.js';
import { editOn } from '../editor.js';
import { embedControls, embedView } from '../embed-url.js';
import { algorithmTitle, t } from '../i18n/index.js';
import { followStage } from '../stage.js';
import { badgeText } from '../stats.js';
import { SecondPane, paneSettings } from './pane.js';
import { compareRequest, MAX_W, withCompare, type BProblem, type KnownNames, type PaneSettings } from './url.js';
import { CompareView } from './view.js';
import { compareText } from './strings.js';
import { echo } from '../echo.js';

/** Compare mode while it is on. */
interface Active {
  pane: SecondPane;
  view: CompareView;
}

let active: Active | null = null;
/** The listeners added to the app once (the app has no way to remove one): they do nothing while off. */
let listening = false;

/** The names a `b` part may use: the registry's algorithms and the page's heuristic and tie-break menus. */
function knownNames(): KnownNames {
  const values = (id: string) => Array.from(document.querySelectorAll<HTMLOptionElement>(`#${id} option`)).map((o) => o.value);
  return { algorithms: algorithms().map((row) => row.name), heuristics: values('heuristic'), tieBreaks: values('tie-break') };
}

/** The sentence for a `b` part that could not be read. */
function problemText(problem: BProblem): string {
  const value = echo(problem.value);
  switch (problem.part) {
    case 'algorithm':
      return compareText('compare.bad-algorithm', { value });
    case 'heuristic':
      return compareText('compare.bad-heuristic', { value });
    case 'w':
      return compareText('compare.bad-w', { value, max: MAX_W });
    case 'tie-break':
      return compareText('compare.bad-tie-break', { value });
    case 'parts':
      return compareText('compare.bad-parts');
  }
}

/** Writes compare mode (or its absence) into the address, the share link after '#' left as it is. */
function publish(b: PaneSettings | null): void {
  const search = withCompare(location.search, b);
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  // "Copy embed code" rebuilds its snippet on a change of its checkboxes (www/embed.ts): the snippet
  // carries compare mode, so it follows.
  document.querySelector('.embed-controls')?.dispatchEvent(new Event('change'));
}

/** Starts compare mode with search B's own settings (`b`: A's for any left out). */
export function startCompare(app: App, b: Partial<PaneSettings> = {}): void {
  if (active) return;
  app.flushSettings();
  const own = { ...paneSettings(app.settings()), ...b };
  // B's engine not in the first download (JPS, HPA*, JPS+, Theta*, ARA*): fetch its module first, else B
  // would fall back to A*. A fetch that fails is said in the status line, and the page stays on one search.
  if (lacksEngine(app, own.algorithm)) {
    app.fetchAlgorithm!(own.algorithm, () => startCompare(app, b), () => undefined);
    return;
  }
  const view = new CompareView();
  const pane = new SecondPane(app, view.canvasB, own);
  view.onLayout((...args) => pane.layout(...args));
  active = { pane, view };
  listen(app);
  pane.onOwnChange = () => publish(pane.own);
  pane.onSolving = () => refresh(app);
  editOn(app, view.canvasB, () => pane.renderer.geometry);
  wireControls(app, active);
  followStage(view);
  // Part-way through an animation (or a link that keeps a step), both searches are shown at that step.
  const step = app.viewOptions().step;
  app.setPartner(pane);
  if (step !== null) app.seek(step);
  refresh(app);
  publish(pane.own);
  setToggle(true);
}

/** Ends compare mode: one search again, the page's map back in its place. */
export function stopCompare(app: App): void {
  if (!active) return;
  const { pane, view } = active;
  active = null;
  const step = app.viewOptions().step;
  view.remove();
  followStage(null);
  app.setPartner(null);
  if (step !== null) app.seek(Math.min(step, app.total));
  pane.free();
  publish(null);
  setToggle(false);
}

/** The Compare toggle's click. */
export function toggleCompare(app: App): void {
  if (active) stopCompare(app);
  else startCompare(app);
}

/**
 * Opens compare mode as the address asks (`?compare&b=…`) once the page has shown its link. A `b` that
 * cannot be read is said in the status line, and the page stays on one search with the linked map.
 */
export function openFromAddress(app: App): void {
  const request = compareRequest(location.search, knownNames());
  if (request.kind === 'off') return;
  if (request.kind === 'broken') {
    app.showMessage(compareText('compare.broken', { text: echo(request.text), problem: problemText(request.problem) }), 'error');
    publish(null);
    return;
  }
  startCompare(app, request.b);
  if (embedControls(location.search)) placeInEmbed();
  // An embed's `&autoplay` started the search before this module had loaded: start both together.
  if (embedControls(location.search) && embedView(location.search).autoplay) {
    app.reset();
    if (!matchMedia('(prefers-reduced-motion: reduce)').matches) app.play();
  }
}

/**
 * In an embed (its panel hidden): pane A's badge goes to its heading, and the side-by-side stats, in place
 * of A's alone, go under the maps when the embed shows stats.
 */
function placeInEmbed(): void {
  if (!active) return;
  const stats = document.querySelector<HTMLElement>('.embed-bar [data-control="stats"]');
  if (stats) stats.hidden = true;
  active.view.placeForEmbed(document.querySelector<HTMLElement>('.embed-bar [data-testid="badge"]'), stats !== null);
  // The maps give up the room the table takes.
  followStage(active.view);
}

function setToggle(on: boolean): void {
  const toggle = document.getElementById('compare-toggle');
  if (!toggle) return;
  toggle.setAttribute('aria-pressed', String(on));
  toggle.textContent = on ? compareText('compare.toggle-off') : t('compare.toggle');
}

/** Shows both searches' settings, stats and B's note. */
function refresh(app: App): void {
  if (!active) return;
  const { pane, view } = active;
  const b = pane.settingsWith(app.pg);
  view.showSettings(app.settings(), b);
  const bStats = pane.stats;
  // While B's solve goes on past a task, its previous numbers stay and its badge says it is solving.
  const solving = pane.announcedSolving;
  view.showStats(app.stats, bStats, solving ? { value: t('stat.solving'), bound: '', optimal: false } : bStats ? badgeText(bStats) : null);
  view.showSolving(solving);
  view.showNote(pane.note);
}

function listen(app: App): void {
  if (listening) return;
  listening = true;
  app.on('searched', () => refresh(app));
  app.on('settings', () => refresh(app));
  // Search B's result, shown after A's (www/compare/pane.ts), and what A's result waited for (its optimum).
  app.on('partner', () => refresh(app));
  app.on('compared', () => refresh(app));
}

/** True when `algorithm`'s engine is not in the module loaded and can be fetched (see `App.fetchAlgorithm`). */
function lacksEngine(app: App, algorithm: string): boolean {
  return app.fetchAlgorithm !== null && !rowOf(algorithm).available;
}

/** Search B's controls: a change is tried first (refused with the core's reason), then both re-solve. */
function wireControls(app: App, { pane, view }: Active): void {
  const change = (next: Partial<PaneSettings>) => {
    if (active?.pane !== pane) return;
    if (next.algorithm !== undefined && lacksEngine(app, next.algorithm)) {
      app.fetchAlgorithm!(next.algorithm, () => change(next), () => view.showSettings(app.settings(), pane.settingsWith(app.pg)));
      return;
    }
    const own = { ...pane.own, ...next };
    if (next.algorithm !== undefined) {
      const refusal = pane.refusal(own);
      if (refusal !== null) {
        // The trial dropped B's search: solve both again, back at the step shown; then say why (a solve
        // clears the status line).
        app.changeSettings({});
        refresh(app);
        app.showMessage(compareText('compare.b-refused', { message: refusal, title: algorithmTitle(rowOf(pane.own.algorithm)) }), 'error');
        return;
      }
    }
    pane.own = own;
    // No change of A's settings: this re-solves both and, part-way through an animation, goes back to the
    // step shown (App.changeSettings).
    app.changeSettings({});
    publish(pane.own);
  };
  view.algorithm.addEventListener('change', () => change({ algorithm: view.algorithm.value }));
  view.heuristic.addEventListener('change', () => change({ heuristic: view.heuristic.value }));
  view.tieBreak.addEventListener('change', () => change({ tieBreak: view.tieBreak.value }));
  view.w.addEventListener('input', () => change({ w: Number(view.w.value) }));
}
