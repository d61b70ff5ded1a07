// The parent-segments layer of any-angle searches (Theta*): a thin straight segment from every reached cell
// to its parent, which need not be a neighbour. Drawn only when cells are at least MIN_CSS_CELL_FOR_PARENTS
// wide: below that the segments would be a grey blur, and the size limit bounds the work of a frame (a map
// whose cells are 6 CSS px fits at most some 30,000 cells on a screen), since parents change anywhere as
// the search relaxes them and the layer is redrawn whole, like the other overlays.
//
// The core keeps each cell's latest parent, so a paused or scrubbed-back view draws the parents the cells
// reached by then have at the end of the search: a cell re-parented later shows its final parent.
import { css, PARENT_RGB } from './palette.js';
import type { Scene } from './scene.js';
import { NEVER } from '../types.js';

/** Cells narrower than this (CSS pixels) get no parent segments. */
export const MIN_CSS_CELL_FOR_PARENTS = 6;

/** True when the scene's algorithm draws parent segments and its cells are large enough to show them. */
export function showsParents(scene: Pick<Scene, 'marks' | 'geometry'>): boolean {
  return scene.marks.includes('parent-segments') && scene.geometry.cssCell >= MIN_CSS_CELL_FOR_PARENTS;
}

/** Draws the parent segments; notes 'parent-segments' in `drawn`. */
export function drawParents(ctx: CanvasRenderingContext2D, scene: Scene, drawn: Set<string>): void {
  if (!showsParents(scene)) return;
  const parents = scene.views.parents();
  const openedAt = scene.views.openedAt();
  if (parents.length === 0 || parents.length !== openedAt.length) return;
  const { mapWidth: w, cellPx: s } = scene.geometry;
  ctx.save();
  ctx.lineWidth = Math.max(1, s / scene.geometry.cssCell);
  ctx.strokeStyle = css(PARENT_RGB, 0.65);
  ctx.beginPath();
  for (let cell = 0; cell < parents.length; cell++) {
    const parent = parents[cell];
    if (parent === NEVER || openedAt[cell] === NEVER) continue;
    const x = cell % w;
    const y = (cell - x) / w;
    const px = parent % w;
    const py = (parent - px) / w;
    ctx.moveTo((x + 0.5) * s, (y + 0.5) * s);
    ctx.lineTo((px + 0.5) * s, (py + 0.5) * s);
  }
  ctx.stroke();
  ctx.restore();
  drawn.add('parent-segments');
}
