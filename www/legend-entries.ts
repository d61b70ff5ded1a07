// What the legend lists, as a pure function of what the view shows: the terrains on the map (with their
// costs), the marks of the algorithm shown (its registry row's `marks`, in that order; the closed shades
// give way to the heat scale when heat is on; parent segments only where they are drawn), the path (dashed
// beside the solid smoothed one when smoothing is on, or the curve and the pieces it left straight), start and goal, and the keyboard cursor while it
// is on the map; the numbers in the cells when they are printed, and the inspector's parent chain, the
// optimal path and its part/meet rings while they are drawn; the entries of layers added by chunks
// (HPA*'s overlay, www/hpa/layer.ts) for what they drew. The cell being expanded only while the search
// runs (a finished search draws none). Colours come from the palette the canvas is painted with; words
// from www/i18n/. The e2e test tests/e2e/legend-audit.test.ts compares this list with what the renderer drew.
//
// Not listed: the brush outline (the editing tool under the pointer, not a mark of the map).
import { t, type StringKey } from './i18n/index.js';
import {
  BACKWARD_CLOSED_RGB,
  BACKWARD_OPEN_RGB,
  CHAIN_RGB,
  CLOSED_RGB,
  css,
  CURRENT_RGB,
  CURSOR_RGB,
  GOAL_RGB,
  HEAT_STOPS,
  MEETING_RGB,
  NUMBER_RGB,
  OPEN_RGB,
  OPTIMAL_RGB,
  PARENT_RGB,
  RAW_PATH_RGB,
  SCANNED_RGB,
  SMOOTH_PATH_RGB,
  CURVE_STRAIGHT_RGB,
  START_RGB,
  TERRAIN_RGB,
} from './render/palette.js';
import { INCONSISTENT_RGB } from './render/inconsistent.js';
import type { Mark } from './types.js';

/** How an entry's sample is drawn (legend.ts turns it into a small element). */
export type Swatch =
  | { kind: 'fill'; colours: string[] }
  | { kind: 'line'; colour: string; dashed: boolean }
  | { kind: 'disc'; colour: string }
  | { kind: 'diamond'; colour: string }
  | { kind: 'outline'; colour: string }
  | { kind: 'ring'; colour: string }
  | { kind: 'text'; colour: string; text: string };

export interface Entry {
  /** The `data-mark` of the entry: an algorithm's mark, or a view's ("path", "start", "plain", "heat"). */
  mark: string;
  label: string;
  swatch: Swatch;
  /** A longer explanation (the entry's tooltip), or ''. */
  detail: string;
}

/** What the view shows, as the legend needs it. */
export interface LegendInput {
  marks: readonly Mark[];
  /** Terrains on the map, by terrain code (wall, plain, forest, swamp, road). */
  present: readonly boolean[];
  /** The cost table in tenths, as the core keeps it (a road at 0.7 is 7). */
  costs: { plain: number; road: number; forest: number; swamp: number };
  heat: boolean;
  smooth: boolean;
  /** The smoothed path is drawn as a curve, with this many pieces left straight (null: no curve). */
  curveStraight: number | null;
  /** A path is drawn (the search has finished and found one). */
  path: boolean;
  /** Parent segments are drawn at this cell size. */
  parents: boolean;
  cursor: boolean;
  /** The search has finished (no cell is being expanded). */
  finished: boolean;
  /** Which numbers the cells print (only when cells are large enough to print them), or null. */
  numbers: 'g' | 'h' | 'f' | null;
  /** The inspector's parent chain, the optimal path and its part/meet rings are drawn. */
  chain: boolean;
  optimal: boolean;
  detourEnds: boolean;
  /** D* Lite shows a repair: the cells the edit made inconsistent are marked (render/inconsistent.ts). */
  inconsistent?: boolean;
  /** Entries of the layers chunks added (Renderer.extraLayers), for what they drew last. */
  extra?: readonly Entry[];
}

/**
 * What a mode that draws a view of its own (walk mode) lists instead, given what the page's view would
 * list and the function that lists it (passed in, so the mode's chunk need not import this module).
 */
export type LegendOverride = (input: LegendInput, pageEntries: (input: LegendInput) => Entry[]) => Entry[];

const TERRAINS = ['wall', 'plain', 'forest', 'swamp', 'road'] as const;

/** The passable terrain codes from the lightest shade to the darkest: road, plain, forest, swamp. */
const BY_SHADE = [4, 1, 2, 3];

/** The colours of one state over the passable terrains on the map: the other shades only where they can appear. */
function shades(rgbByTerrain: ReadonlyArray<readonly number[]>, present: readonly boolean[]): string[] {
  const colours = BY_SHADE.filter((code) => present[code]).map((code) => css(rgbByTerrain[code]));
  return colours.length > 0 ? colours : [css(rgbByTerrain[1])];
}

/** The legend's entries, in order, for `input`. */
export function legendEntries(input: LegendInput): Entry[] {
  const entries: Entry[] = [];
  const add = (mark: string, key: StringKey, swatch: Swatch, detail = '', values: Record<string, number> = {}) =>
    entries.push({ mark, label: t(key, values), swatch, detail });
  const cost = input.costs;

  TERRAINS.forEach((name, code) => {
    if (input.present[code]) {
      add(name, `legend.${name}`, { kind: 'fill', colours: [css(TERRAIN_RGB[code])] }, '', {
        cost: code === 0 ? 0 : cost[name as keyof typeof cost] / 10,
      });
    }
  });

  const several = [2, 3, 4].some((code) => input.present[code]);
  const shaded = (rgb: ReadonlyArray<readonly number[]>): Swatch => ({ kind: 'fill', colours: shades(rgb, input.present) });
  const shadeDetail = several ? t('legend.shades') : '';
  let heatShown = false;
  const heat = () => {
    if (heatShown) return;
    heatShown = true;
    add('heat', 'legend.heat', { kind: 'fill', colours: HEAT_STOPS.map((rgb) => css(rgb)) }, several ? t('legend.heat-shades') : '');
  };
  for (const mark of input.marks) {
    switch (mark) {
      case 'open':
        add(mark, 'legend.open', shaded(OPEN_RGB), shadeDetail);
        break;
      case 'closed':
        if (input.heat) heat();
        else add(mark, 'legend.closed', shaded(CLOSED_RGB), shadeDetail);
        break;
      case 'open-backward':
        add(mark, 'legend.open-backward', shaded(BACKWARD_OPEN_RGB), shadeDetail);
        break;
      case 'closed-backward':
        if (input.heat) heat();
        else add(mark, 'legend.closed-backward', shaded(BACKWARD_CLOSED_RGB), shadeDetail);
        break;
      case 'current':
        if (!input.finished) add(mark, 'legend.current', { kind: 'fill', colours: [css(CURRENT_RGB)] });
        break;
      case 'meeting':
        add(mark, 'legend.meeting', { kind: 'diamond', colour: css(MEETING_RGB) });
        break;
      case 'scanned':
        add(mark, 'legend.scanned', shaded(SCANNED_RGB));
        break;
      case 'parent-segments':
        if (input.parents) add(mark, 'legend.parent-segments', { kind: 'line', colour: css(PARENT_RGB), dashed: false });
        break;
    }
  }

  if (input.inconsistent) add('inconsistent', 'legend.inconsistent', { kind: 'outline', colour: css(INCONSISTENT_RGB) }, t('legend.inconsistent-detail'));

  entries.push(...(input.extra ?? []));

  if (input.path) {
    if (input.smooth) {
      add('path', 'legend.path-dashed', { kind: 'line', colour: css(RAW_PATH_RGB), dashed: true });
      if (input.curveStraight === null) {
        add('smoothed', 'legend.smoothed', { kind: 'line', colour: css(SMOOTH_PATH_RGB), dashed: false });
      } else {
        add('curve', 'legend.curve', { kind: 'line', colour: css(SMOOTH_PATH_RGB), dashed: false });
        if (input.curveStraight > 0) add('curve-straight', 'legend.curve-straight', { kind: 'line', colour: css(CURVE_STRAIGHT_RGB), dashed: false });
      }
    } else {
      add('path', 'legend.path', { kind: 'line', colour: css(RAW_PATH_RGB), dashed: false });
    }
  }
  if (input.optimal) add('optimal', 'legend.optimal', { kind: 'line', colour: css(OPTIMAL_RGB), dashed: true });
  if (input.detourEnds) add('detour-ends', 'legend.detour-ends', { kind: 'ring', colour: css(OPTIMAL_RGB) });
  if (input.chain) add('chain', 'legend.chain', { kind: 'line', colour: css(CHAIN_RGB), dashed: false });
  if (input.numbers) add('numbers', `numbers.${input.numbers}`, { kind: 'text', colour: css(NUMBER_RGB), text: '12' });
  add('start', 'legend.start', { kind: 'disc', colour: css(START_RGB) });
  add('goal', 'legend.goal', { kind: 'disc', colour: css(GOAL_RGB) });
  if (input.cursor) add('cursor', 'legend.cursor', { kind: 'outline', colour: css(CURSOR_RGB) });
  return entries;
}
