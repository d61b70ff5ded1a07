// HPA*'s controls and numbers on the page: the cluster-size field (inside the algorithm's field, so an
// embed showing the algorithm menu shows it too; visible while HPA* is chosen; empty means the default),
// and a line under the stats with the preprocessing time (a full build of the abstract graph) beside the
// abstract expansions and the refined segments (the stats list has them as rows too, from the core's details).
import type { App } from '../app.js';
import { num } from '../i18n/index.js';
import { hpaText } from './strings.js';
import type { HpaGraph } from './graph.js';

/**
 * Adds the cluster-size field (in the search settings; beside the algorithm menu in an embed's bar), shown
 * while `clustered()` (the algorithm shown works on clusters); it sends what is typed to the core, which
 * refuses a bad size with a message.
 */
export function installClusterField(app: App, clustered: () => boolean): void {
  const settings = document.querySelector('.settings');
  const anchor = document.querySelector('.embed-bar [data-control="algorithm"]') ?? (settings ? document.createElement('div') : null);
  if (!anchor) return;
  if (!anchor.isConnected) {
    anchor.className = 'field';
    settings?.firstElementChild?.after(anchor);
  }
  const field = document.createElement('span');
  field.className = 'pair cluster-field';
  const label = document.createElement('label');
  label.htmlFor = 'cluster';
  label.textContent = hpaText('ctl.cluster');
  const input = document.createElement('input');
  input.id = 'cluster';
  input.type = 'number';
  input.min = '2';
  input.step = '1';
  input.inputMode = 'numeric';
  input.dataset.help = 'help.cluster';
  field.append(label, input);
  anchor.append(field);
  // Its tooltip: given by the help chunk's first pass over the page if that has not run yet, else here.
  if (document.documentElement.dataset.help === 'ready') {
    import('../help.js')
      .then((help) => help.attachHelpKey(input, 'help.cluster'))
      .catch(() => undefined);
  }
  const follow = () => {
    const s = app.settings();
    field.hidden = !clustered();
    input.max = String(Math.max(2, app.pg.width(), app.pg.height()));
    input.value = s.cluster == null ? '' : String(s.cluster);
    input.removeAttribute('aria-invalid');
  };
  app.on('settings', follow);
  app.on('map', follow);
  follow();
  input.addEventListener('change', () => {
    const text = input.value.trim();
    // Refused by the core (below 2, above the map's larger side, not whole): its sentence, nothing changes.
    if (app.changeSettings({ cluster: text === '' ? undefined : Number(text) })) app.userChanged();
  });
}

/** Fewer clusters than this: the line says that hierarchy pays on larger maps (where the lesson shows it). */
const FEW_CLUSTERS = 9;

/**
 * Adds the line under the stats; `show(graph, stats, [width, height])` fills it (null hides it). On a map
 * of a few clusters it adds that HPA* is made for large maps, and which lesson shows where it pays.
 */
export function installHpaLine(): (graph: HpaGraph | null, details: { key: string; value: number }[], size: [number, number]) => void {
  const line = document.createElement('p');
  line.className = 'repair-line';
  line.dataset.testid = 'hpa-line';
  line.hidden = true;
  document.querySelector('[data-control="stats"] dl.stats')?.after(line);
  return (graph, details, [width, height]) => {
    line.hidden = graph === null;
    if (!graph) return;
    const clusters = Math.ceil(width / graph.clusterSize) * Math.ceil(height / graph.clusterSize);
    const detail = (key: string) => details.find((d) => d.key === key)?.value ?? 0;
    const ms = graph.buildUs / 1000;
    line.textContent = hpaText('hpa.line', {
      ms: ms < 10 ? num(ms, 2) : num(Math.round(ms)),
      abstract: detail('abstract-expanded'),
      segments: detail('refined-segments'),
      k: graph.clusterSize,
    });
    if (clusters < FEW_CLUSTERS) line.textContent += ` ${hpaText('hpa.few-clusters', { n: clusters })}`;
    line.dataset.clusters = String(clusters);
    line.dataset.buildUs = String(graph.buildUs);
    line.dataset.abstract = String(detail('abstract-expanded'));
    line.dataset.segments = String(detail('refined-segments'));
  };
}
