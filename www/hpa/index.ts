// HPA*, JPS+, Theta* and ARA* on the page, a chunk fetched the first time one is wanted (www/hpa-entry.ts): swaps in
// the wasm module that has all three (core.ts), then draws HPA*'s overlay (layer.ts), adds its cluster-size
// field and preprocessing line (panel.ts), and after an edit says how many clusters were rebuilt. JPS+ and
// Theta* need nothing of their own: the page draws them from their registry rows (Theta*'s parent
// segments and any-angle path as before).
import type { App } from '../app.js';
import { algorithmTitle, errorText, withoutFullStop } from '../i18n/index.js';
import { hpaText } from './strings.js';
import { rehome, useFullModule, type Kit } from './core.js';
import { abstractPathOf, hpaGraphOf, type HpaGraph } from './graph.js';
import { drawHpa, hpaLegend } from './layer.js';
import { installClusterField, installHpaLine } from './panel.js';

let loading: Promise<void> | null = null;

/**
 * App.fetchAlgorithm: loads the module that has `algorithm` (HPA*, JPS+, Theta* or ARA*) and installs what the page shows
 * of HPA* (once), then calls `then`; when the fetch fails, says so (the algorithm shown and the map stay)
 * and calls `failed` (a later call tries again). The messages name `algorithm`; for '' (the module wanted
 * for map files or a turn penalty) they name the module, and the caller says what it did with it.
 */
export function fetchFullModule(app: App, kit: Kit, algorithm: string, then: (re: typeof rehome) => void, failed: () => void): void {
  const first = loading === null;
  const plain = algorithm === '';
  const chosen = plain ? hpaText('module.second') : algorithmTitle(kit.rowOf(algorithm));
  if (first) app.showMessage(hpaText(plain ? 'module.loading-plain' : 'module.loading', { algorithm: chosen }), 'info');
  (loading ??= install(app, kit)).then(
    () => {
      const before = app.shownMessage();
      then(rehome);
      // A refusal by `then` (JPS+ on a map with forest, or with 4-neighbour moves) is the last word.
      const after = app.shownMessage();
      const refused = after !== before && after.kind === 'error';
      if (first && !refused && !plain) app.showMessage(hpaText('module.loaded', { algorithm: chosen }), 'info');
    },
    (err: unknown) => {
      loading = null;
      const title = algorithmTitle(kit.rowOf(app.settings().algorithm));
      // errorText of app.ts, which this chunk does not import (see Kit in core.ts).
      const message = errorText(err);
      app.showMessage(hpaText(plain ? 'module.failed-plain' : 'module.failed', { algorithm: chosen, message: withoutFullStop(message), title }), 'error');
      failed();
    },
  );
}

/** Loads the module with HPA* and installs what the page shows of it; throws (changing nothing) when the fetch fails. */
async function install(app: App, kit: Kit): Promise<void> {
  await useFullModule(app, kit);
  let graph: HpaGraph | null = null;
  // An algorithm that works on clusters (the registry's usesClusterSize: HPA*) has an abstract graph.
  const clustered = () => kit.rowOf(app.settings().algorithm).usesClusterSize;
  let drewLast = new Set<string>();
  app.renderer.extraLayers.push({
    draw(ctx, scene, drawn) {
      const mine = new Set<string>();
      if (graph && clustered()) drawHpa(ctx, scene, { graph, abstractPath: abstractPathOf(scene.pg) }, mine, kit.drawPixels);
      for (const mark of mine) drawn.add(mark);
      drewLast = mine;
    },
    legend: () => hpaLegend(drewLast),
  });
  installClusterField(app, clustered);
  const showLine = installHpaLine();
  // The graph last shown, kept while another algorithm is: HPA* chosen again on the same map finds the same
  // nodes and edges, so the drawing of them is kept (www/hpa/layer.ts) instead of made again in the task that
  // shows the result (40-60 ms on a 1024 x 1024 random map).
  let lastGraph: HpaGraph | null = null;
  const refresh = () => {
    const before = graph;
    graph = clustered() ? hpaGraphOf(app.pg, lastGraph) : null;
    if (graph) lastGraph = graph;
    showLine(graph, app.stats?.details ?? [], [app.pg.width(), app.pg.height()]);
    // The task that showed the search drew the graph it had: drawn again only if this one differs (an
    // edit's, another map's), not after every search (a drag of the goal: 6-13 ms more in that task).
    if (graph?.nodes !== before?.nodes || graph?.edges !== before?.edges || graph?.clusterSize !== before?.clusterSize) app.redraw();
    return graph;
  };
  const searched = () => {
    const shown = refresh();
    // Only an edit since the last search rebuilds some clusters (a new map, size or setting builds all).
    if (shown && !shown.fullBuild && shown.clustersRebuilt > 0) {
      const n = shown.clustersRebuilt;
      // After the app's own message about the edit (the cost before and after), which follows this event.
      queueMicrotask(() => {
        const { text, kind } = app.shownMessage();
        app.showMessage([text, hpaText('hpa.rebuilt', { n })].filter(Boolean).join(' '), kind);
      });
    }
  };
  app.on('searched', (_stats, final) => {
    if (!final) return;
    // A solve shown after its first task or before its optimum (a big map) is shown in a task that has
    // drawn the result (and, before its optimum, searched for a slice): the graph, copied from the core,
    // and its overlay come in the task after, so that neither task is long (together 51-69 ms after a
    // drag of the goal on a 1024 x 1024 random map).
    if (app.lastSolveInSlices) setTimeout(searched, 0);
    else searched();
  });
  app.on('settings', () => {
    if (!clustered() && graph) refresh();
  });
  refresh();
}
