// The stage: fits the canvas into the space it is given (the page's map area or the whole iframe in embed
// mode) whenever that space or the map size changes, and redraws at the new scale. Around the map on the
// full page: the story strip above it (algorithm, w, Smooth path, the three numbers and the badge), the
// status line, the player and the legend under it; each keeps its reserved height, so a toggle never moves
// the map. On a wide page the map area stays in view while the page scrolls (sticky under the toolbar,
// whose height this module keeps in `--toolbar-height`); on a phone the strip goes under the map (CSS).
//
// Zoom (www/zoom.ts): the stage keeps the fitted size and clips; the canvas is laid out `level` times larger
// and moved by the pan.
import type { App } from './app.js';
import { embedLegend } from './embed-url.js';
import { makeLegend } from './legend.js';
import { installBarOverflow } from './overflow.js';
import { fit, type Geometry } from './render/view.js';
import { MapZoom } from './zoom.js';

/**
 * A second map beside the first (compare mode, www/compare/): the stage shares its room between the two,
 * side by side or stacked, whichever draws the cells larger (stacked always on a phone), and lays both out
 * at the same geometry, so the same pointer position means the same cell on either.
 */
export interface StageFollower {
  /** Puts the two panes side by side ('row') or one above the other ('column'). */
  arrange(direction: 'row' | 'column'): void;
  /** The room each pane takes beside its map, in CSS pixels (its caption, the gap between the panes). */
  chrome(): { width: number; height: number };
  /** Sizes the second canvas and its stage like the first (the same canvas CSS size and transform). */
  layout(mapWidth: number, mapHeight: number, availWidth: number, availHeight: number, zoom: number, transform: string): void;
}

let follower: StageFollower | null = null;
/** The stage's layout, once installed (followStage runs it again). */
let relayout: () => void = () => {};

/** Starts (a follower) or ends (null) laying out a second map beside the first, and lays out again. */
export function followStage(next: StageFollower | null): void {
  follower = next;
  relayout();
}

/** The room for one map when the stage holds two: side by side or stacked, whichever fits cells larger. */
function shareRoom(
  mapWidth: number,
  mapHeight: number,
  width: number,
  height: number,
  chrome: { width: number; height: number },
  mustStack: boolean,
): { direction: 'row' | 'column'; width: number; height: number } {
  const dpr = window.devicePixelRatio || 1;
  const row = { direction: 'row' as const, width: (width - chrome.width) / 2, height: height - chrome.height };
  // Stacked on a phone: each map gets the height one would (the page scrolls), less its caption.
  const column = { direction: 'column' as const, width, height: mustStack ? height - chrome.height : (height - 2 * chrome.height) / 2 };
  if (mustStack) return column;
  const cell = (room: { width: number; height: number }) => fit(mapWidth, mapHeight, room.width, room.height, dpr).cssCell;
  return cell(row) >= cell(column) ? row : column;
}

export function installStage(app: App): void {
  const area = document.querySelector<HTMLElement>('.stage-area')!;
  const stage = document.getElementById('stage')!;

  const embedded = document.documentElement.classList.contains('embed');
  const legend = embedded && !embedLegend(location.search) ? null : makeLegend(app);
  const key = legend ? area.appendChild(legend.element) : null;
  const message = document.getElementById('message');
  const bar = document.querySelector<HTMLElement>('.embed-bar');
  if (bar) installBarOverflow(bar);
  /** Height taken in the area's flow by an element beside the map (0 when it is an overlay or not shown). */
  const below = (element: HTMLElement | null) => {
    if (!element || element.getClientRects().length === 0) return 0;
    const style = getComputedStyle(element);
    if (style.position !== 'static' && style.position !== 'relative') return 0;
    return element.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  };
  // On a narrow screen the panel goes below the map: the map gets up to 70% of the window's height and its
  // area shrinks to fit it (the area's own height cannot drive the fit there, or the two would chase).
  const narrow = window.matchMedia('(max-width: 820px)');
  const stacked = () => narrow.matches && !embedded;
  const canvas = app.renderer.canvas;
  let fitted: Geometry = app.renderer.geometry;
  const zoom = new MapZoom(stage, { fittedCell: () => fitted.cssCell, apply: () => layout() });
  zoom.install(canvas);
  const story = area.querySelector<HTMLElement>('.story');
  const player = area.querySelector<HTMLElement>('.player');
  const layout = () => {
    const style = getComputedStyle(area);
    const keyHeight = below(story) + below(player) + below(key) + below(message);
    const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    let width = area.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    let height = (stacked() ? window.innerHeight * 0.7 : area.clientHeight) - padY - keyHeight;
    const [mapWidth, mapHeight] = [app.pg.width(), app.pg.height()];
    if (follower) {
      const room = shareRoom(mapWidth, mapHeight, width, height, follower.chrome(), stacked());
      follower.arrange(room.direction);
      [width, height] = [room.width, room.height];
    }
    if (width <= 0 || height <= 0) return;
    fitted = fit(mapWidth, mapHeight, width, height, window.devicePixelRatio || 1);
    // A window that changed size (a phone turned) may leave the pan beyond the map's new edge: pull it back.
    const { level } = zoom.state;
    const [stageWidth, stageHeight] = [mapWidth * fitted.cssCell, mapHeight * fitted.cssCell];
    zoom.state.panX = Math.min(0, Math.max(stageWidth - stageWidth * level, zoom.state.panX));
    zoom.state.panY = Math.min(0, Math.max(stageHeight - stageHeight * level, zoom.state.panY));
    const { panX, panY } = zoom.state;
    const changed = app.renderer.layout(mapWidth, mapHeight, width, height, level);
    stage.style.width = `${stageWidth}px`;
    stage.style.height = `${stageHeight}px`;
    canvas.style.transform = level === 1 ? '' : `translate(${panX}px, ${panY}px)`;
    follower?.layout(mapWidth, mapHeight, width, height, level, canvas.style.transform);
    // Two stacked maps: the area grows with them (its height does not drive the fit there).
    area.style.height = stacked() && !follower ? `${parseFloat(stage.style.height) + keyHeight + padY}px` : '';
    if (changed) {
      app.redraw(true);
      legend?.refresh();
    }
  };
  narrow.addEventListener('change', layout);
  relayout = layout;

  new ResizeObserver(layout).observe(area);
  // A status message that wraps onto a second line takes room from the map.
  if (message) new ResizeObserver(layout).observe(message);
  // So does a legend that gains a row (another algorithm's marks, the keyboard cursor), and the strip or
  // the player when the window's width wraps them.
  for (const element of [key, story, player]) if (element) new ResizeObserver(layout).observe(element);
  // The map area sticks under the toolbar, whose height changes when its buttons wrap.
  const toolbar = document.querySelector<HTMLElement>('.toolbar');
  if (toolbar && !embedded) {
    new ResizeObserver(() => document.documentElement.style.setProperty('--toolbar-height', `${toolbar.offsetHeight}px`)).observe(toolbar);
  }
  // A map of another size is shown whole ('map' also follows every edit: a zoom stays for those).
  let size = `${app.pg.width()}x${app.pg.height()}`;
  app.on('map', () => {
    const now = `${app.pg.width()}x${app.pg.height()}`;
    if (now !== size && zoom.state.level !== 1) zoom.reset();
    size = now;
    layout();
  });
  layout();
}
