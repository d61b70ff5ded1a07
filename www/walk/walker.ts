// The walking agent of walk mode (www/walk/): it knows only what it has seen (fog.ts), plans with D* Lite on
// its own playground (the planner: a second Playground whose map is the known map, unknown cells plain),
// moves one cell a tick along its current path, and when newly seen cells differ from what it assumed it
// paints them into the planner, moves the planner's start to its cell (`walkStart`) and solves: the core
// repairs the D* Lite search from there (km raised) instead of searching again. Each such discovery is a
// replan; the core's `fresh-astar-expanded` detail is what A* from scratch expands on the same known map
// from the same cell, summed beside D* Lite's own expansions. The first plan counts on both sides (the
// planner runs A* once on the first known map for it).
//
// States: 'walking' → 'arrived' (on the goal) or 'blocked' (a replan found no path: the goal or the agent
// was walled in by what it saw). No DOM here: the page (index.ts) draws and drives it.
import { costsOf, Playground, settingsOf, solveToEnd, Views } from '../bridge.js';
import type { Stats } from '../types.js';
import { KnownMap } from './fog.js';

export type WalkState = 'walking' | 'arrived' | 'blocked';

/** What the walk has cost so far. */
export interface WalkCounts {
  /** Discoveries that made D* Lite repair. */
  replans: number;
  /** D* Lite's expansions: the first plan and every repair. */
  expanded: number;
  /** What A* from scratch would have expanded: the first plan and once at every discovery. */
  freshExpanded: number;
  /** Cells walked. */
  steps: number;
}

const fresh = (stats: Stats) => stats.details.find((d) => d.key === 'fresh-astar-expanded')?.value ?? 0;

export class Walker {
  readonly planner: Playground;
  readonly views: Views;
  readonly known: KnownMap;
  /** The real map, terrain codes by cell id (copied when the walk began). */
  private readonly real: Uint8Array;
  readonly goal: number;
  agent: number;
  /** The cells still to walk, the agent's first. */
  route: number[] = [];
  state: WalkState = 'walking';
  counts: WalkCounts = { replans: 0, expanded: 0, freshExpanded: 0, steps: 0 };
  stats: Stats | null = null;

  /**
   * A walk on `source`'s map, from its start to its goal, with its settings (D* Lite) and costs, seeing
   * `radius` cells around. Throws the core's error if the planner cannot be set up.
   */
  constructor(
    source: Playground,
    readonly radius: number,
  ) {
    const width = source.width();
    const height = source.height();
    this.real = new Views(source).terrain().slice();
    this.known = new KnownMap(width, height);
    this.agent = source.startY() * width + source.startX();
    this.goal = source.goalY() * width + source.goalX();
    this.planner = new Playground(width, height);
    this.views = new Views(this.planner);
    try {
      const costs = costsOf(source);
      this.planner.setCosts(costs.plain, costs.road, costs.forest, costs.swamp);
      this.known.reveal(this.real, this.x(this.agent), this.y(this.agent), radius);
      this.planner.setMap(width, height, this.known.planned());
      this.planner.setStart(this.x(this.agent), this.y(this.agent));
      this.planner.setGoal(this.x(this.goal), this.y(this.goal));
      const settings = settingsOf(source);
      // The first plan, as A* from scratch would make it (the tightest admissible heuristic, w = 1).
      const heuristic = settings.movement === 4 ? 'manhattan' : 'octile';
      this.planner.setSettings({ ...settings, algorithm: 'astar', heuristic, w: 1, budget: null });
      this.counts.freshExpanded = solveToEnd(this.planner).expanded;
      this.planner.setSettings({ ...settings, algorithm: 'dstar-lite', budget: null });
      this.plan(solveToEnd(this.planner));
    } catch (err) {
      this.planner.free();
      throw err;
    }
  }

  x(cell: number): number {
    return cell % this.known.width;
  }

  y(cell: number): number {
    return Math.floor(cell / this.known.width);
  }

  /** Takes the planner's new path (or its absence) after a solve. */
  private plan(stats: Stats): void {
    this.stats = stats;
    this.counts.expanded += stats.expanded;
    this.route = Array.from(this.views.path());
    if (this.agent === this.goal) this.state = 'arrived';
    else if (this.route.length < 2) this.state = 'blocked';
  }

  /**
   * One tick: a step along the route, then a look around; a discovery replans. Returns the cells whose
   * planned terrain changed (empty when none). Does nothing once arrived or blocked.
   */
  tick(): number[] {
    if (this.state !== 'walking') return [];
    this.agent = this.route[1];
    this.route.shift();
    this.counts.steps++;
    const changed = this.known.reveal(this.real, this.x(this.agent), this.y(this.agent), this.radius);
    if (this.agent === this.goal) {
      this.state = 'arrived';
      return changed;
    }
    // Terrain only changes on first sight, and the route was planned with the agent's next cell seen
    // (sight ≥ 1): a change off the route could still make another route cheaper, so any change replans.
    if (changed.length === 0) return changed;
    for (const cell of changed) this.planner.paint(this.x(cell), this.y(cell), 0, this.known.terrainByCell[cell]);
    this.planner.walkStart(this.x(this.agent), this.y(this.agent));
    const stats = solveToEnd(this.planner);
    this.counts.replans++;
    this.counts.freshExpanded += fresh(stats);
    this.plan(stats);
    return changed;
  }

  free(): void {
    this.planner.free();
  }
}
