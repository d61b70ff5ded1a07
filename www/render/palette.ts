// The colours of the canvas, in one place: the renderer paints with them and the end-to-end tests find
// what is drawn by them (so a colour changed here cannot silently break a pixel test).

/** Terrain colours by terrain code: wall, plain, forest, swamp. */
export const TERRAIN_RGB: ReadonlyArray<readonly [number, number, number]> = [
  [52, 58, 64],
  [248, 249, 250],
  [140, 199, 132],
  [176, 150, 104],
];

/** Search overlays, blended over the terrain: [r, g, b, alpha 0..1]. */
// Open is rose, not green: green is forest, and the two must never be confused.
export const OPEN_RGBA = [230, 73, 128, 0.42] as const;
export const CLOSED_RGBA = [66, 133, 244, 0.38] as const;

/** Heat by expansion order: closed cells from the first expanded (first stop) to the last (last stop). */
export const HEAT_STOPS: ReadonlyArray<readonly [number, number, number]> = [
  [255, 237, 160],
  [254, 178, 76],
  [240, 59, 32],
  [128, 0, 38],
];
export const HEAT_ALPHA = 0.7;

/** The grid path (dashed when smoothing is on). */
export const RAW_PATH_RGB = [224, 49, 49] as const;
/** The smoothed polyline. */
export const SMOOTH_PATH_RGB = [25, 113, 194] as const;
export const START_RGB = [47, 158, 68] as const;
export const GOAL_RGB = [201, 42, 42] as const;
export const CURRENT_RGB = [250, 176, 5] as const;
export const NUMBER_RGB = [33, 37, 41] as const;

/** A CSS colour from an RGB triple. */
export function css(rgb: readonly number[], alpha = 1): string {
  return alpha === 1 ? `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})` : `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})`;
}
