// The terrain, one pixel a cell, painted into a canvas of the map's size: what the modes' overlays (units,
// mesh) draw the map from, scaled up, instead of the page's own drawing with its search.
import { TERRAIN_RGB } from './palette.js';

/** Paints `terrain` (codes, one per cell, `width × height`) into `base`, resizing it to the map. */
export function paintTerrain(base: HTMLCanvasElement, terrain: Uint8Array, width: number, height: number): void {
  if (base.width !== width || base.height !== height) [base.width, base.height] = [width, height];
  const ctx = base.getContext('2d')!;
  const image = ctx.createImageData(width, height);
  for (let cell = 0; cell < terrain.length; cell++) {
    const rgb = TERRAIN_RGB[terrain[cell]] ?? TERRAIN_RGB[0];
    image.data.set([rgb[0], rgb[1], rgb[2], 255], 4 * cell);
  }
  ctx.putImageData(image, 0, 0);
}
