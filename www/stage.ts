// The stage: fits the canvas into the space it is given (the page's map area or the whole iframe in embed
// mode) whenever that space or the map size changes, and redraws at the new scale.
import type { App } from './app.js';

export function installStage(app: App): void {
  const area = document.querySelector<HTMLElement>('.stage-area')!;
  const stage = document.getElementById('stage')!;

  const layout = () => {
    const style = getComputedStyle(area);
    const width = area.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = area.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (width <= 0 || height <= 0) return;
    const changed = app.renderer.layout(app.pg.width(), app.pg.height(), width, height);
    stage.style.width = app.renderer.canvas.style.width;
    stage.style.height = app.renderer.canvas.style.height;
    if (changed) app.redraw(true);
  };

  new ResizeObserver(layout).observe(area);
  app.on('map', layout);
  layout();
}
