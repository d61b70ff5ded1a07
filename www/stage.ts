// The stage: fits the canvas into the space it is given (the page's map area or the whole iframe in embed
// mode) whenever that space or the map size changes, and redraws at the new scale. Under the map: the
// status line (in the flow on a wide page; an overlay in an embed or on a phone) and the legend (always on
// the full page; in an embed when its URL has `legend`).
import type { App } from './app.js';
import { embedLegend } from './embed-url.js';
import { makeLegend } from './legend.js';
import { installBarOverflow } from './overflow.js';

export function installStage(app: App): void {
  const area = document.querySelector<HTMLElement>('.stage-area')!;
  const stage = document.getElementById('stage')!;

  const embedded = document.documentElement.classList.contains('embed');
  const legend = embedded && !embedLegend(location.search) ? null : makeLegend(app);
  const key = legend ? area.appendChild(legend.element) : null;
  const message = document.getElementById('message');
  const bar = document.querySelector<HTMLElement>('.embed-bar');
  if (bar) installBarOverflow(bar);
  /** Height taken in the area's flow by an element below the map (0 when it is an overlay). */
  const below = (element: HTMLElement | null) => {
    if (!element) return 0;
    const style = getComputedStyle(element);
    if (style.position !== 'static' && style.position !== 'relative') return 0;
    return element.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  };
  // On a narrow screen the panel goes below the map: the map gets up to 70% of the window's height and its
  // area shrinks to fit it (the area's own height cannot drive the fit there, or the two would chase).
  const narrow = window.matchMedia('(max-width: 820px)');
  const stacked = () => narrow.matches && !embedded;
  const layout = () => {
    const style = getComputedStyle(area);
    const keyHeight = below(key) + below(message);
    const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const width = area.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = (stacked() ? window.innerHeight * 0.7 : area.clientHeight) - padY - keyHeight;
    if (width <= 0 || height <= 0) return;
    const changed = app.renderer.layout(app.pg.width(), app.pg.height(), width, height);
    stage.style.width = app.renderer.canvas.style.width;
    stage.style.height = app.renderer.canvas.style.height;
    area.style.height = stacked() ? `${parseFloat(stage.style.height) + keyHeight + padY}px` : '';
    if (changed) {
      app.redraw(true);
      legend?.refresh();
    }
  };
  narrow.addEventListener('change', layout);

  new ResizeObserver(layout).observe(area);
  // A status message that wraps onto a second line takes room from the map.
  if (message) new ResizeObserver(layout).observe(message);
  // So does a legend that gains a row (another algorithm's marks, the keyboard cursor).
  if (key) new ResizeObserver(layout).observe(key);
  app.on('map', layout);
  layout();
}
