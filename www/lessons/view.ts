// A lesson as a view the page can open: builds its map, end cells, costs, penalties and settings in a new Playground
// and turns that into share-link text, so a lesson opens through the page's own link path (www/share/):
// undoable, recorded in the address bar and in saved work like any link. The playground is freed here.
import { Playground } from '../bridge.js';
import { makeMap } from '../recipe.js';
import { linkOfBytes } from '../share/link.js';
import { BASE_SETTINGS, type Lesson, type TextMap } from './data.js';
import { meshSetup, withMesh, type MeshSetup } from '../mesh/url.js';
import type { App } from '../app.js';

const TERRAIN_CODES: Record<string, number> = { '#': 0, '.': 1, S: 1, G: 1, f: 2, '~': 3, '=': 4 };

/** Lays a text map into `pg`: its terrain, and its start and goal (the `S` and `G` cells). */
function layTextMap(pg: Playground, map: TextMap): void {
  const height = map.rows.length;
  const width = map.rows[0].length;
  const terrain = new Uint8Array(width * height);
  let start: [number, number] = [0, 0];
  let goal: [number, number] = [width - 1, height - 1];
  map.rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`lesson map row ${y + 1} is ${row.length} cells wide, not ${width}`);
    [...row].forEach((char, x) => {
      const code = TERRAIN_CODES[char];
      if (code === undefined) throw new Error(`lesson map: unknown character '${char}'`);
      terrain[y * width + x] = code;
      if (char === 'S') start = [x, y];
      if (char === 'G') goal = [x, y];
    });
  });
  pg.setMap(width, height, terrain);
  pg.setStart(start[0], start[1]);
  pg.setGoal(goal[0], goal[1]);
}

/** The playground `lesson` opens on (the caller frees it). */
function lessonPlayground(lesson: Lesson): Playground {
  const pg = Playground.demo();
  try {
    const map = lesson.map;
    if (map.kind === 'text') layTextMap(pg, map);
    else if (map.kind !== 'demo') makeMap(pg, map);
    const costs = { plain: 1, road: 0.7, forest: 3, swamp: 5, ...lesson.costs };
    const tenths = (cost: number) => Math.round(cost * 10);
    pg.setCosts(tenths(costs.plain), tenths(costs.road), tenths(costs.forest), tenths(costs.swamp));
    const penalties = lesson.penalties;
    if (penalties) pg.setPenalties(tenths(penalties.hug), tenths(penalties.danger), tenths(penalties.turn ?? 0), Uint32Array.from(penalties.watchers.flat()));
    pg.setSettings({ ...BASE_SETTINGS, ...lesson.settings });
    return pg;
  } catch (err) {
    pg.free();
    throw err;
  }
}

/** The share-link text (the part after '#') of `lesson`'s view. */
export function lessonLink(lesson: Lesson): Promise<string> {
  const pg = lessonPlayground(lesson);
  try {
    const recipe = lesson.map.kind === 'random' ? { wall: lesson.map.wall, forest: lesson.map.forest, swamp: lesson.map.swamp, seed: lesson.map.seed } : null;
    const bytes = pg.shareBytes({ smooth: lesson.smooth ?? false, curve: lesson.curve ?? false, numbers: lesson.numbers ?? 'g', step: null }, recipe);
    return linkOfBytes(bytes);
  } finally {
    pg.free();
  }
}

/** The mesh mode `lesson` opens in (its `mesh` setup read as an address reads it), or null for a grid lesson. */
function lessonMesh(lesson: Lesson): MeshSetup | null {
  return lesson.mesh === undefined ? null : meshSetup(`?mesh=${lesson.mesh}`);
}

/** `search` (an address's query) with `lesson`'s mode: its `?mesh=` setup, or none for a grid lesson. */
export function withLessonMode(search: string, lesson: Lesson): string {
  return withMesh(search, lessonMesh(lesson));
}

/** Opens the mode `lesson` is shown in once its view is loaded: mesh mode with its setup, or leaves mesh mode. */
export function showLessonMode(app: App, lesson: Lesson): void {
  const setup = lessonMesh(lesson);
  if (setup) void app.mesh?.start(setup);
  else app.mesh?.stop();
}
