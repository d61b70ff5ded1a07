// How the current map was made, as the App records it: a generator with its size, parameters and seed,
// the demo map, or a load (a link, a file, a scenario problem), and whether it was edited since. The App
// sets it whenever the editor's generators or a load make a map; the share modules read it through
// AppHooks (a random map's link stores its seed and the edits instead of the cells) and keep it in undo
// snapshots. Also the one place that turns a generator's recipe into the call that makes the map.
import type { RecipeFields } from './generated/core.js';
import type { Playground } from './pkg/astar.js';

/**
 * The terrain of a seeded random map, as the link format can store it instead of the cells: the shares
 * (fractions 0 to 1) and the seed given to `Playground.generateRandom`, at the map's own size.
 */
export type RandomTerrain = RecipeFields;

/** A map the editor's generators make: everything the call needs. */
export type Generated =
  | { kind: 'empty'; width: number; height: number }
  | ({ kind: 'random'; width: number; height: number } & RandomTerrain)
  | { kind: 'maze'; width: number; height: number; corridor: number; forest: number; swamp: number; seed: number }
  | { kind: 'rooms'; width: number; height: number; room: number; forest: number; swamp: number; seed: number };

/** How a map was made. */
export type MapRecipe =
  | Generated
  | { kind: 'demo' }
  /** A link, file, scenario problem or undo step; `random`: the random map its link stored it relative to. */
  | { kind: 'loaded'; random: RandomTerrain | null };

/** The recipe of the current map, and whether its terrain or end cells were edited since it was made. */
export interface MapOrigin {
  readonly recipe: MapRecipe;
  readonly edited: boolean;
}

export const DEMO: MapOrigin = { recipe: { kind: 'demo' }, edited: false };

/** A map that came from outside (link, file, problem), stored relative to `random` when it says so. */
export function loaded(random: RandomTerrain | null = null): MapOrigin {
  return { recipe: { kind: 'loaded', random }, edited: false };
}

/** Makes `recipe`'s map in `pg` (throws the core's error when the parameters are refused). */
export function makeMap(pg: Playground, recipe: Generated): void {
  switch (recipe.kind) {
    case 'empty':
      pg.clear(recipe.width, recipe.height);
      return;
    case 'random':
      pg.generateRandom(recipe.width, recipe.height, recipe.wall, recipe.forest, recipe.swamp, recipe.seed);
      return;
    case 'maze':
      pg.generateMaze(recipe.width, recipe.height, recipe.corridor, recipe.forest, recipe.swamp, recipe.seed);
      return;
    case 'rooms':
      pg.generateRooms(recipe.width, recipe.height, recipe.room, recipe.forest, recipe.swamp, recipe.seed);
      return;
  }
}

/**
 * The random map a link may store this map's terrain relative to (the core keeps whichever of that and
 * the cells is shorter), or null: a generated random map, edited or not, or a loaded one whose link did.
 */
export function linkBase(origin: MapOrigin): RandomTerrain | null {
  const r = origin.recipe;
  if (r.kind === 'random') return { wall: r.wall, forest: r.forest, swamp: r.swamp, seed: r.seed };
  if (r.kind === 'loaded') return r.random;
  return null;
}
