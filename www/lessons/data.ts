// The lessons (issue 24 §2): for each, the map it opens on, its settings and view options, the one control
// the reader is asked to change (`expect.control` to `expect.value`) and the number to watch
// (`expect.stat`) with what it does then (`expect.relation`, and the text it shows for 'shows'). The words
// are in www/lessons/strings.ts under the lesson's number; tests/e2e/lessons.test.ts checks every `expect`
// on the real page, so the text and the numbers cannot drift apart. No DOM here.
import type { Settings } from '../generated/core.js';

/** A map given as rows of text: `#` wall, `.` plain, `f` forest, `~` swamp, `=` road, `S` start, `G` goal (plain). */
export interface TextMap {
  kind: 'text';
  rows: readonly string[];
}

/** Where a lesson's map comes from: the demo, a generator with a fixed seed, or text. */
export type LessonMap =
  | { kind: 'demo' }
  | { kind: 'random'; width: number; height: number; wall: number; forest: number; swamp: number; seed: number }
  | { kind: 'maze'; width: number; height: number; corridor: number; forest: number; swamp: number; seed: number }
  | { kind: 'rooms'; width: number; height: number; room: number; forest: number; swamp: number; seed: number }
  | TextMap;

/** How the watched number moves once the control is set: compared with what it showed before. */
export type Relation = 'shows' | 'decreases' | 'increases' | 'unchanged';

/** The machine-checkable claim of a lesson. */
export interface Expectation {
  /** The id of the control to set (`#w`, `#algorithm`, ...), without '#'. */
  control: 'w' | 'smooth' | 'curve' | 'algorithm' | 'heuristic' | 'movement' | 'budget' | 'tie-break' | 'cost-plain' | 'h-follows' | 'danger-in-h' | 'hug-penalty' | 'mesh-search';
  /** The value to give it ('on' or 'off' for a checkbox). */
  value: string;
  /** The number to watch: a `data-stat` name, 'badge' (the caption saying how far over optimal), or
   * 'mesh-length' (mesh mode's length of the path its search found). */
  stat: 'expanded' | 'cost' | 'over-optimal' | 'length' | 'stale-pops' | 'open-peak' | 'beside-walls' | 'badge' | 'mesh-length';
  relation: Relation;
  /** For 'shows': the text the stat shows afterwards (the same in both languages). */
  expected?: string;
  /** A second number and the text it still shows afterwards (what the change does not cost). */
  keeps?: { stat: Expectation['stat']; expected: string };
}

export interface Lesson {
  /** 1 to 21, its place in the gallery and its link (`?lesson=N`). */
  number: number;
  map: LessonMap;
  /** Settings over the page's defaults (astar, manhattan, w 1, 4-neighbour, no budget). */
  settings: Partial<Settings>;
  /** Terrain costs in steps (0.7, not tenths), when not the default plain 1, road 0.7, forest 3, swamp 5. */
  costs?: { plain: number; road?: number; forest: number; swamp: number };
  /** The penalties (astar_core::penalty), in steps: the wall-hugging penalty, each watcher's danger, the watchers (x, y, radius) and the turn penalty. */
  penalties?: { hug: number; danger: number; watchers: readonly (readonly [number, number, number])[]; turn?: number };
  smooth?: boolean;
  /** The smoothed path drawn as a curve (needs `smooth`). */
  curve?: boolean;
  numbers?: 'none' | 'g' | 'h' | 'f';
  expect: Expectation;
  /** A second map the card offers with the same settings, where the lesson's point turns out otherwise. */
  contrast?: LessonMap;
  /** Mesh mode's setup (the `?mesh=` value, www/mesh/url.ts) the lesson opens in; grid lessons leave it. */
  mesh?: string;
}

/** The default settings every lesson starts from. */
export const BASE_SETTINGS: Settings = {
  algorithm: 'astar',
  heuristic: 'manhattan',
  w: 1,
  movement: 4,
  corners: 'no-cut',
  tieBreak: 'lower-h',
  budget: null,
  unscaledH: false,
  dangerInH: false,
};

/** A map of walls only: JPS, JPS+ and Theta* can run it (with 8 neighbours), and a wall painted on a path leaves detours. */
const OPEN_FIELD: LessonMap = { kind: 'random', width: 40, height: 26, wall: 0.22, forest: 0, swamp: 0, seed: 7 };

/** A closed room around the goal: the search must exhaust the start's region to know. */
const WALLED_GOAL: TextMap = {
  kind: 'text',
  rows: [
    '........................',
    '.S......................',
    '........................',
    '........#######.........',
    '........#.....#.........',
    '........#..G..#.........',
    '........#.....#.........',
    '........#######.........',
    '........................',
    '........................',
    '........................',
    '........................',
  ],
};

/** An open map with a short wall, for ties: many equally short paths. */
const TIES: TextMap = {
  kind: 'text',
  rows: [
    '......................',
    '.S....................',
    '......................',
    '......................',
    '..........#...........',
    '..........#...........',
    '..........#...........',
    '......................',
    '......................',
    '......................',
    '....................G.',
    '......................',
  ],
};

/** Plain ground straight across from start to goal (19 steps), and a road round it: cheaper at 0.7 a step. */
const ROAD_ROUND: TextMap = {
  kind: 'text',
  rows: [
    '........................',
    '..S..................G..',
    '..=..................=..',
    '..====================..',
    '........................',
    '........................',
  ],
};

/** A path whose smoothed corners a curve rounds; curved, its last piece would touch a wall. */
const CURVE_NEAR_WALLS: TextMap = {
  kind: 'text',
  rows: [
    '..............',
    '.S............',
    '..#.##........',
    '....#........#',
    '.....#...###.#',
    '....#..#......',
    '........##..G.',
    '....#.#....#.#',
  ],
};

/** Article 003's enemy field of view: a short way along the top past a watcher, a long way round below. */
const WATCHED_PASS: TextMap = {
  kind: 'text',
  rows: [
    '........................',
    '.S....................G.',
    '........................',
    '..####################..',
    '..####################..',
    '..####################..',
    '..####################..',
    '........................',
    '........................',
  ],
};

/** Article 001's wall-hugging: the shortest way runs along one wall, then down beside another. */
const ALONG_WALLS: TextMap = {
  kind: 'text',
  rows: [
    '..........................',
    '.S........................',
    '..........................',
    '......##############......',
    '......#...................',
    '......#...................',
    '......#.......#####.......',
    '......#.......#...........',
    '..............#...........',
    '..............#...........',
    '..............#.........G.',
    '..........................',
  ],
};

export const LESSONS: readonly Lesson[] = [
  { number: 1, map: { kind: 'demo' }, settings: {}, numbers: 'f', expect: { control: 'w', value: '2.5', stat: 'expanded', relation: 'decreases' } },
  { number: 2, map: { kind: 'demo' }, settings: { algorithm: 'dijkstra' }, expect: { control: 'algorithm', value: 'astar', stat: 'expanded', relation: 'decreases' } },
  { number: 3, map: OPEN_FIELD, settings: { movement: 8, heuristic: 'octile' }, expect: { control: 'heuristic', value: 'manhattan', stat: 'over-optimal', relation: 'increases' } },
  { number: 4, map: { kind: 'demo' }, settings: {}, expect: { control: 'cost-plain', value: '2', stat: 'expanded', relation: 'increases', keeps: { stat: 'over-optimal', expected: '0%' } } },
  { number: 5, map: { kind: 'demo' }, settings: {}, expect: { control: 'w', value: '2.5', stat: 'badge', relation: 'shows', expected: '+39%' } },
  { number: 6, map: TIES, settings: { tieBreak: 'lower-h' }, expect: { control: 'tie-break', value: 'first-in', stat: 'expanded', relation: 'increases', keeps: { stat: 'over-optimal', expected: '0%' } } },
  { number: 7, map: { kind: 'demo' }, settings: {}, expect: { control: 'movement', value: '8', stat: 'stale-pops', relation: 'increases' } },
  { number: 8, map: { kind: 'demo' }, settings: {}, smooth: false, expect: { control: 'smooth', value: 'on', stat: 'length', relation: 'decreases' } },
  { number: 9, map: { kind: 'demo' }, settings: {}, expect: { control: 'budget', value: '50', stat: 'expanded', relation: 'shows', expected: '50' } },
  { number: 10, map: { kind: 'demo' }, settings: { w: 2.5 }, expect: { control: 'algorithm', value: 'dynamic', stat: 'over-optimal', relation: 'shows', expected: '0%' } },
  { number: 11, map: OPEN_FIELD, settings: { movement: 8, heuristic: 'octile' }, expect: { control: 'algorithm', value: 'jps', stat: 'expanded', relation: 'decreases', keeps: { stat: 'over-optimal', expected: '0%' } } },
  { number: 12, map: { kind: 'demo' }, settings: {}, expect: { control: 'algorithm', value: 'bidirectional', stat: 'expanded', relation: 'increases', keeps: { stat: 'over-optimal', expected: '0%' } } },
  { number: 13, map: OPEN_FIELD, settings: {}, expect: { control: 'algorithm', value: 'dstar-lite', stat: 'expanded', relation: 'increases', keeps: { stat: 'over-optimal', expected: '0%' } } },
  { number: 14, map: { kind: 'rooms', width: 128, height: 96, room: 12, forest: 0, swamp: 0, seed: 5 }, settings: {}, expect: { control: 'algorithm', value: 'hpa', stat: 'expanded', relation: 'decreases', keeps: { stat: 'over-optimal', expected: '0%' } }, contrast: { kind: 'random', width: 128, height: 96, wall: 0.2, forest: 0, swamp: 0, seed: 1 } },
  { number: 15, map: OPEN_FIELD, settings: { movement: 8, heuristic: 'octile' }, expect: { control: 'algorithm', value: 'theta', stat: 'cost', relation: 'decreases' } },
  { number: 16, map: WALLED_GOAL, settings: {}, expect: { control: 'algorithm', value: 'bfs', stat: 'expanded', relation: 'unchanged' } },
  { number: 17, map: ROAD_ROUND, settings: {}, expect: { control: 'h-follows', value: 'off', stat: 'over-optimal', relation: 'increases' } },
  { number: 18, map: CURVE_NEAR_WALLS, settings: { movement: 8, heuristic: 'octile' }, smooth: true, expect: { control: 'curve', value: 'on', stat: 'length', relation: 'increases' } },
  { number: 19, map: WATCHED_PASS, settings: {}, penalties: { hug: 0, danger: 5, watchers: [[11, 1, 3]] }, expect: { control: 'danger-in-h', value: 'on', stat: 'over-optimal', relation: 'shows', expected: '70%' } },
  { number: 20, map: ALONG_WALLS, settings: { movement: 8, heuristic: 'octile' }, expect: { control: 'hug-penalty', value: '0.2', stat: 'beside-walls', relation: 'decreases', keeps: { stat: 'length', expected: '29.1' } } },
  { number: 21, map: { kind: 'rooms', width: 48, height: 32, room: 10, forest: 0, swamp: 0, seed: 1 }, settings: { movement: 8, heuristic: 'octile' }, mesh: 'triangles:navmesh-astar', expect: { control: 'mesh-search', value: 'polyanya', stat: 'mesh-length', relation: 'decreases' } },
];

/** The CSS selector of the number a lesson watches. */
export function watchSelector(stat: Expectation['stat']): string {
  if (stat === 'badge') return '#badge-value';
  if (stat === 'mesh-length') return '[data-mesh-stat="length"]';
  return `[data-stat="${stat}"]`;
}

/** The lesson numbered `n`, or undefined. */
export function lessonNumbered(n: number): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.number === n);
}
