// The colours of the canvas, in one place: the renderer paints with them and the end-to-end tests find
// what is drawn by them (so a colour changed here cannot silently break a pixel test).

/** Terrain colours by terrain code: wall, plain, forest, swamp, road (a paved grey, the one terrain cheaper than plain). */
export const TERRAIN_RGB: ReadonlyArray<readonly [number, number, number]> = [
  [52, 58, 64],
  [248, 249, 250],
  [140, 199, 132],
  [176, 150, 104],
  [206, 212, 218],
];

/**
 * Reached cells by search state and terrain code (wall, plain, forest, swamp, road), chosen by hand rather than
 * blended over the terrain: blending four terrains with two overlays always makes some pair alike (rose over
 * forest turns swamp-brown). Here the hue says the state (blue closed, rose open) and the lightness says the
 * terrain's cost (darker is costlier: a road, cheaper than plain, is the lightest), so a searched swamp never
 * looks like forest. Walls are never reached.
 */
export const CLOSED_RGB: ReadonlyArray<readonly [number, number, number]> = [
  [52, 58, 64],
  [186, 208, 250],
  [134, 170, 228],
  [98, 128, 190],
  [214, 228, 252],
];
export const OPEN_RGB: ReadonlyArray<readonly [number, number, number]> = [
  [52, 58, 64],
  [248, 192, 214],
  [228, 148, 184],
  [198, 106, 146],
  [252, 220, 232],
];

/**
 * The second frontier of a bidirectional search, by terrain code like the forward colours: teal closed,
 * light green open, darker on costlier terrain, so that the two searches read apart at a glance.
 */
export const BACKWARD_CLOSED_RGB: ReadonlyArray<readonly [number, number, number]> = [
  [52, 58, 64],
  [163, 224, 214],
  [112, 192, 180],
  [68, 150, 140],
  [200, 240, 232],
];
export const BACKWARD_OPEN_RGB: ReadonlyArray<readonly [number, number, number]> = [
  [52, 58, 64],
  [214, 238, 156],
  [182, 214, 108],
  [146, 178, 66],
  [234, 248, 200],
];
/** Cells a jump passed over without generating them: the terrain with a light yellow tint. */
export const SCANNED_RGB: ReadonlyArray<readonly [number, number, number]> = [
  [52, 58, 64],
  [251, 241, 210],
  [186, 211, 139],
  [208, 182, 122],
  [236, 230, 196],
];

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
/** The pieces of a curve drawn straight because the curve would touch a wall (www/render/path.ts). */
export const CURVE_STRAIGHT_RGB = [232, 89, 12] as const;
export const START_RGB = [47, 158, 68] as const;
export const GOAL_RGB = [201, 42, 42] as const;
export const CURRENT_RGB = [250, 176, 5] as const;
export const NUMBER_RGB = [33, 37, 41] as const;
/** The cell where the two frontiers of a bidirectional search met (a diamond). */
export const MEETING_RGB = [156, 54, 181] as const;
/** Parent pointers of an any-angle search (thin segments). */
export const PARENT_RGB = [73, 80, 87] as const;
/** The keyboard cursor's outline. */
export const CURSOR_RGB = [255, 140, 0] as const;

/** A CSS colour from an RGB triple. */
export function css(rgb: readonly number[], alpha = 1): string {
  return alpha === 1 ? `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})` : `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})`;
}

/** The inspected cell's parent chain (from the start to the cell under the pointer or cursor). */
export const CHAIN_RGB = [255, 140, 0] as const;
/** The optimal path drawn faintly beside a costlier path found (the price of w), and its part/meet marks. */
export const OPTIMAL_RGB = [20, 140, 60] as const;
