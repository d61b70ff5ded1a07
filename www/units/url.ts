// Units mode in the address: `?units=500:auto-w:rally:b2:r0.5:cache` opens the game scene (www/units/) with
// 500 units, the automatic-w planner, every unit to the rally point (the map's goal), a 2 ms search budget a
// frame, radius 0.5 and the path cache on. After the count, each word is optional and in any order: a
// planner name, `rally` or `random`, `b` + ms, `r` + cells, `cache`, `curves` (units walk curves). The share link after '#' is left as it
// is. Pure, so unit-tested (url.test.ts).
import { CROWD, type Planner } from '../generated/core.js';

/** The planners, in the menu's order. */
export const PLANNERS: readonly Planner[] = ['astar', 'auto-w', 'jps', 'jps-plus', 'hpa', 'flow'];

/** What a scene starts with. */
export interface UnitsSetup {
  count: number;
  planner: Planner;
  goal: 'random' | 'rally';
  /** ms of search a frame. */
  budget: number;
  /** Unit radius in cells. */
  radius: number;
  cache: boolean;
  /** Units walk curves through their corners, each chord clear for their radius. */
  curves: boolean;
}

/** The budget slider's range and step, ms a frame. */
export const BUDGET = { min: 0.1, max: 12, step: 0.1 } as const;
/** The radius control's step, cells. */
export const RADIUS_STEP = 0.25;

export const DEFAULT_SETUP: UnitsSetup = { count: 500, planner: 'astar', goal: 'rally', budget: 2, radius: 0, cache: false, curves: false };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** `setup` with every number in range (whole units, budget and radius on their steps). */
export function checkedSetup(setup: UnitsSetup): UnitsSetup {
  const budget = Number.isFinite(setup.budget) ? setup.budget : DEFAULT_SETUP.budget;
  const radius = Number.isFinite(setup.radius) ? setup.radius : 0;
  const count = Number.isFinite(setup.count) ? setup.count : DEFAULT_SETUP.count;
  return {
    count: clamp(Math.round(count), 1, CROWD.maxUnits),
    planner: PLANNERS.includes(setup.planner) ? setup.planner : DEFAULT_SETUP.planner,
    goal: setup.goal === 'random' ? 'random' : 'rally',
    // Divided, not multiplied, by the step's inverse: 7 × 0.1 is 0.7000000000000001, 7 / 10 is 0.7.
    budget: Math.round(clamp(budget, BUDGET.min, BUDGET.max) / BUDGET.step) / Math.round(1 / BUDGET.step),
    radius: Math.round(clamp(radius, 0, CROWD.maxRadius) / RADIUS_STEP) * RADIUS_STEP,
    cache: Boolean(setup.cache),
    curves: Boolean(setup.curves),
  };
}

/** The setup asked for by `search` (`location.search`): null without `units`; words it cannot read are left at their defaults. */
export function unitsSetup(search: string): UnitsSetup | null {
  const params = new URLSearchParams(search);
  if (!params.has('units')) return null;
  const [first = '', ...words] = (params.get('units') ?? '').split(':');
  const setup: UnitsSetup = { ...DEFAULT_SETUP };
  if (/^\d+$/.test(first)) setup.count = Number(first);
  for (const word of words) {
    if ((PLANNERS as readonly string[]).includes(word)) setup.planner = word as Planner;
    else if (word === 'rally' || word === 'random') setup.goal = word;
    else if (word === 'cache') setup.cache = true;
    else if (word === 'curves') setup.curves = true;
    else if (/^b\d+(\.\d+)?$/.test(word)) setup.budget = Number(word.slice(1));
    else if (/^r\d+(\.\d+)?$/.test(word)) setup.radius = Number(word.slice(1));
  }
  return checkedSetup(setup);
}

/** The `units` parameter's value for `setup`. */
export function unitsValue(setup: UnitsSetup): string {
  const s = checkedSetup(setup);
  const words = [String(s.count), s.planner, s.goal, `b${+s.budget.toFixed(1)}`];
  if (s.radius > 0) words.push(`r${s.radius}`);
  if (s.cache) words.push('cache');
  if (s.curves) words.push('curves');
  return words.join(':');
}

/** `search` with the scene set to `setup` (null: removed); the other parameters keep their order. */
export function withUnits(search: string, setup: UnitsSetup | null): string {
  const params = new URLSearchParams(search);
  params.delete('units');
  if (setup !== null) params.set('units', unitsValue(setup));
  const text = params.toString().replace(/=(?=&|$)/g, '').replace(/%3A/gi, ':');
  return text ? `?${text}` : '';
}

/** Units mode's part of an address (`&units=…`), to carry into an embed code; '' outside units mode. */
export function unitsQuery(search: string): string {
  const setup = unitsSetup(search);
  return setup === null ? '' : `&units=${unitsValue(setup)}`;
}
