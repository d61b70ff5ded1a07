// Boots the playground: loads the wasm core and the page's language (www/i18n/) side by side, puts the
// markup's strings in that language, shows the demo map solved, wires every module, then hands the app
// to the share modules. Anything that fails here is reported in the status area, never a blank page.
import { App, errorText } from './app.js';
import { loadCore, Playground } from './bridge.js';
import { installControls } from './controls.js';
import { installEditor } from './editor.js';
import { installTerrainCosts } from './terrain-costs.js';
import { installHeapPanel } from './heap/install.js';
import { installInspector } from './inspector.js';
import { chooseLanguage, t, translatePage, useLanguage } from './i18n/index.js';
import { installLanguagePicker } from './i18n/picker.js';
import { announceReady, applyEmbedView, installEmbed } from './embed.js';
import { Renderer } from './render/renderer.js';
import { installShare } from './share/index.js';
import { installStage } from './stage.js';
import { installPanelParts } from './panel-parts.js';
import { installStats } from './stats.js';
import { installRepairLine } from './repair-line.js';
import { installSweep } from './sweep.js';
import { installTour } from './tour-start.js';
import { installCompareEntry } from './compare-entry.js';
import { installWalkEntry } from './walk-entry.js';
import { installUnitsEntry } from './units-entry.js';
import { installMeshEntry } from './mesh-entry.js';
import { installPenaltiesEntry } from './penalties-entry.js';
import { installHpaEntry } from './hpa-entry.js';
import { installLessons, openLessonInAddress } from './lessons/start.js';

async function main(): Promise<void> {
  await Promise.all([loadCore(), useLanguage(chooseLanguage(location.search, navigator.languages ?? []))]);
  translatePage();
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]')!;
  const app = new App(Playground.demo(), new Renderer(canvas));
  // First: a link or saved view naming HPA*, JPS+, Theta* or ARA* fetches their module (www/hpa/) instead of being refused.
  installHpaEntry(app);
  installStats(app);
  installRepairLine(app);
  installControls(app);
  // Inside a frame the postMessage API is a chunk fetched now, answering once the boot is done.
  const embedApi = installEmbed(app);
  installStage(app);
  installPanelParts();
  installEditor(app);
  installHeapPanel(app, installInspector(app));
  installTerrainCosts(app);
  installSweep(app);
  app.solve();
  // For tutorial authors scripting the page from the console, and for the end-to-end tests: there as soon
  // as the page shows a search (also while a link's module is still on its way).
  (window as unknown as { astarPlayground: App }).astarPlayground = app;
  // `?lesson=N` without a view of its own: the lesson's view becomes the link the share modules open.
  await openLessonInAddress();
  // Waits for a link or saved view naming HPA*, JPS+, Theta* or ARA* until its module is here (the demo stays shown meanwhile).
  await installShare(app);
  applyEmbedView(app);
  // After the link or saved view is shown: an embed's parent hears of that map first, not the demo.
  await embedApi;
  announceReady(app);
  // After the link is shown: compare mode (`?compare&b=…`) copies its map.
  installCompareEntry(app);
  // After the link is shown: walk mode (`?walk=R`) walks its map.
  installWalkEntry(app);
  // After the link is shown: units mode (`?units=…`) runs its scene on that map.
  installUnitsEntry(app);
  // After the link is shown: mesh mode (`?mesh=…`) builds that map's navigation mesh.
  installMeshEntry(app);
  installPenaltiesEntry(app);
  installLanguagePicker();
  // After the share modules: a restored link or saved work keeps the guided start closed.
  installTour();
  // The Lessons button beside the title (after the tour's, so it comes first), and `?lesson=N`'s card.
  installLessons(app);
  // Last: the share modules and the embed bar have built their buttons by now. The export card's code, the
  // embed builder (full page only) and the help are chunks of their own, fetched now that the page has
  // drawn (the cards first: the help marks the page ready); if the help cannot be fetched the controls
  // keep their labels.
  const fullPage = !document.documentElement.classList.contains('embed');
  // The note on the heuristic's scale and its switch: a chunk of its own (without it the switch stays ticked).
  import('./h-scale.js')
    .then((m) => m.installHScale(app))
    .catch(() => undefined);
  Promise.all([import('./export/index.js'), fullPage ? import('./embed-maker.js') : null])
    .then(([exporter, maker]) => {
      exporter.installExport(app);
      maker?.installEmbedMaker(app);
    })
    .catch((err: unknown) => app.showMessage(errorText(err), 'error'))
    .then(() => import('./help.js'))
    .then((help) => help.installHelp())
    .catch(() => undefined);
}

main().catch((err) => {
  const message = document.getElementById('message');
  // The language may be what failed: English then (t falls back to its table).
  if (message) message.textContent = t('page.could-not-start', { message: errorText(err) });
});
