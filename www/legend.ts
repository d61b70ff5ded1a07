// The legend block under the map (`data-testid="legend"`, one `li[data-mark]` per entry), kept in step with
// the view: rebuilt when what it lists changes (algorithm, map, heat, smoothing, the path appearing, the
// keyboard cursor), never on other animation frames. Shown on the full page, and in an embed whose URL
// has `legend`. What it lists is decided in legend-entries.ts.
import type { App } from './app.js';
import { rowOf } from './algorithms.js';
import { legendEntries, type Entry, type LegendInput, type Swatch } from './legend-entries.js';
import { t } from './i18n/index.js';
import { showsNumbers } from './render/numbers.js';
import { showsParents } from './render/parents.js';

/** How many pieces the curve drawn now left straight, or null when no curve is drawn (www/render/path.ts). */
function curveStraight(app: App, scene: ReturnType<App['scene']>): number | null {
  if (!scene.smooth || !scene.curve || !scene.finished || (app.stats?.cost ?? null) === null) return null;
  const curve = app.pg.curve();
  try {
    return curve.straight.length;
  } finally {
    curve.free();
  }
}

function swatchElement(swatch: Swatch): HTMLElement {
  const element = document.createElement('span');
  element.className = `swatch ${swatch.kind}`;
  element.setAttribute('aria-hidden', 'true');
  switch (swatch.kind) {
    case 'fill': {
      // Several shades side by side (road, plain, forest, swamp; or the heat ramp), each as wide as one square.
      const n = swatch.colours.length;
      if (n > 1) element.style.width = `${10 * n}px`;
      element.style.background =
        n === 1
          ? swatch.colours[0]
          : `linear-gradient(to right, ${swatch.colours.map((c, i) => `${c} ${(i * 100) / n}% ${((i + 1) * 100) / n}%`).join(', ')})`;
      break;
    }
    case 'line':
      element.style.background = swatch.dashed
        ? `repeating-linear-gradient(to right, ${swatch.colour} 0 4px, transparent 4px 7px)`
        : swatch.colour;
      break;
    case 'disc':
    case 'diamond':
      element.style.background = swatch.colour;
      break;
    case 'outline':
    case 'ring':
      element.style.borderColor = swatch.colour;
      break;
    case 'text':
      element.style.color = swatch.colour;
      element.textContent = swatch.text;
      break;
  }
  return element;
}

function render(list: HTMLElement, entries: Entry[]): void {
  list.replaceChildren(
    ...entries.map((entry) => {
      const item = document.createElement('li');
      item.dataset.mark = entry.mark;
      if (entry.detail) item.title = entry.detail;
      item.append(swatchElement(entry.swatch), entry.label);
      return item;
    }),
  );
}

/**
 * Makes the legend for `app` and keeps it up to date; the caller places `element`, and calls `refresh`
 * when the map's scale changed (parent segments are listed only at a scale that draws them).
 */
export function makeLegend(app: App): { element: HTMLElement; refresh: () => void } {
  const list = document.createElement('ul');
  list.className = 'legend';
  list.dataset.testid = 'legend';
  list.setAttribute('aria-label', t('legend.title'));
  let shown = '';
  const update = () => {
    const facts = app.mapFacts();
    const scene = app.scene();
    const input: LegendInput = {
      marks: rowOf(app.settings().algorithm).marks,
      present: facts.present,
      costs: facts.costs,
      heat: app.heat,
      // What the map draws: no smoothed path while a big map's is still being made (App.scene).
      smooth: scene.smooth,
      curveStraight: curveStraight(app, scene),
      path: (scene.finished || scene.anytime) && (app.stats?.cost ?? null) !== null,
      parents: showsParents(scene),
      cursor: app.cursor !== null,
      finished: scene.finished,
      // Greedy's f is h (hWeight Infinity): the entry names the number printed.
      numbers: showsNumbers(scene) ? (scene.numbers === 'f' && scene.hWeight === Infinity ? 'h' : (scene.numbers as 'g' | 'h' | 'f')) : null,
      chain: (scene.insight?.chain.length ?? 0) > 1,
      optimal: (scene.insight?.optimal.length ?? 0) > 1,
      detourEnds: (scene.insight?.optimal.length ?? 0) > 1 && (scene.insight?.ends.length ?? 0) > 0,
      inconsistent: (scene.inconsistent?.length ?? 0) > 0,
      extra: app.renderer.extraLayers.flatMap((layer) => layer.legend()),
    };
    const entries = app.legendOverride ? app.legendOverride(input, legendEntries) : legendEntries(input);
    const key = JSON.stringify(entries);
    if (key === shown) return;
    shown = key;
    render(list, entries);
  };
  for (const event of ['settings', 'map', 'phase', 'legend'] as const) app.on(event, update);
  app.on('searched', (_stats, final) => {
    if (final) update();
  });
  // The keyboard cursor appears while the map has the focus (the editor sets it on focus, clears it on blur).
  const canvas = app.renderer.canvas;
  for (const event of ['focus', 'blur']) canvas.addEventListener(event, () => queueMicrotask(update));
  // The inspector's chain, the optimal path, the cell being expanded: drawn or not from one frame to the
  // next; the renderer says when the set of marks it drew changed (the legend is rebuilt only if its list did).
  app.renderer.onMarksChanged = () => queueMicrotask(update);
  update();
  return { element: list, refresh: update };
}
