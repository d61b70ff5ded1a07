// Generated from the Rust types by astar-core's test `typescript_types_are_up_to_date`
// (ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript). Do not edit.

export type Settings = { 
/**
 * An algorithm's name (`Algorithm::NAMES`).
 */
algorithm: string, 
/**
 * A heuristic's name (`Heuristic::NAMES`).
 */
heuristic: string, 
/**
 * Heuristic weight, 0 to `Weight::MAX` (5).
 */
w: number, 
/**
 * 4 or 8 (the link codes of `Neighbours`).
 */
movement: number, 
/**
 * A corner rule's name (`CornerRule::NAMES`); ignored with 4-neighbour moves.
 */
corners: string, 
/**
 * A tie-break's name (`TieBreak::NAMES`).
 */
tieBreak: string, 
/**
 * The expansion budget: the search stops after this many expansions with a partial path to the
 * reached cell closest to the goal; `null` (or absent) for none.
 */
budget: number | null, 
/**
 * HPA*'s cluster side (2 to the map's larger side); `null` (or absent) for the default.
 */
cluster?: number, 
/**
 * True when h counts every step at 1 instead of at the cheapest step on the map (see
 * `SearchParams::unscaled_h`); false or absent: scaled.
 */
unscaledH: boolean, 
/**
 * True when watchers' danger is added to h instead of the step costs (see
 * `SearchParams::danger_in_h`); false or absent: a cost.
 */
dangerInH: boolean, };

export type ViewOptions = { 
/**
 * Smoothed path drawn.
 */
smooth: boolean, 
/**
 * The smoothed path drawn as a curve (`crate::curve`), when `smooth` is on too.
 */
curve: boolean, 
/**
 * Numbers printed in reached cells.
 */
numbers: Numbers, 
/**
 * Animation step shown, or `None` for the finished search.
 */
step: number | null, };

export type Numbers = "none" | "g" | "h" | "f";

export type RecipeFields = { 
/**
 * Share of walls.
 */
wall: number, 
/**
 * Share of forest.
 */
forest: number, 
/**
 * Share of swamp.
 */
swamp: number, 
/**
 * The seed.
 */
seed: number, };

export type SweepRow = { 
/**
 * The weight.
 */
w: number, 
/**
 * Expansions.
 */
expanded: number, 
/**
 * Path cost in steps, when found.
 */
cost: number | null, 
/**
 * Cost over the optimum as a fraction, when found.
 */
overOptimal: number | null, };

export type ScenarioProblem = { 
/**
 * 1-based position in the file's list.
 */
index: number, 
/**
 * The bucket (difficulty group) number.
 */
bucket: number, 
/**
 * The map's file name.
 */
map: string, 
/**
 * Start column.
 */
startX: number, 
/**
 * Start row.
 */
startY: number, 
/**
 * Goal column.
 */
goalX: number, 
/**
 * Goal row.
 */
goalY: number, 
/**
 * The optimal length.
 */
optimal: number, 
/**
 * How many decimals the optimal length was printed with.
 */
decimals: number, };

export type Stats = { 
/**
 * "searching", "found", "unreachable" or "limit".
 */
outcome: string, 
/**
 * Expansions so far (also the animation step).
 */
expanded: number, 
/**
 * Open-list pushes.
 */
generated: number, 
/**
 * Closed cells reopened.
 */
reopened: number, 
/**
 * Stale open-list entries skipped.
 */
stalePops: number, 
/**
 * Most cells open at once.
 */
openPeak: number, 
/**
 * Path cost in steps (plain orthogonal step = 1), when a path exists.
 */
cost: number | null, 
/**
 * Cells on the path.
 */
pathCells: number, 
/**
 * Geometric length of the grid path (cell centre to cell centre).
 */
length: number, 
/**
 * Geometric length of the smoothed path (0 while `smoothing_pending`).
 */
smoothedLength: number, 
/**
 * Straight segments in the smoothed path (0 while `smoothing_pending`).
 */
smoothedSegments: number, 
/**
 * The search has finished and is shown, and its path's smoothing goes on in later slices (a long
 * path on a big map: see [`Session::solve_for`]), with the curve through it when the page wants one;
 * the smoothed path is empty until then.
 */
smoothingPending: boolean, 
/**
 * The optimal cost between start and goal (admissible A*, w = 1), when reachable.
 */
optimalCost: number | null, 
/**
 * How much the path costs over the optimum, as a fraction (0.39 = 39% more), when both exist.
 */
overOptimal: number | null, 
/**
 * The search has finished and is shown, and the search for the optimum it is compared with goes on
 * in later slices (`optimal_cost` and `over_optimal` are `None` until then: see
 * [`Session::solve_for`]).
 */
optimumPending: boolean, 
/**
 * Core time of one run of this search, µs: for a short search the fastest of five timed batches of
 * repeats without the trace, after an untimed warm-up; a long one (or a repair, or one solved in
 * slices whose repeats would not fit in its slice) is timed once.
 */
timeUs: number, 
/**
 * The lowest batch's time, µs (`time_us` when the search was timed once).
 */
timeLowUs: number, 
/**
 * The highest batch's time, µs (`time_us` when the search was timed once).
 */
timeHighUs: number, 
/**
 * What the settings promise about the path's cost on this map (the badge words it; `not-admissible`
 * when the heuristic can overestimate for the movement rule).
 */
bound: Bound, 
/**
 * What the algorithm counts beyond the common counters (see [`Detail`]).
 */
details: Array<Detail>, 
/**
 * Where the frontiers of a bidirectional search met, once they have.
 */
meetingCell: number | null, };

export type Detail = { 
/**
 * A stable identifier in kebab case, for example `"backward-expanded"`.
 */
key: string, 
/**
 * The value.
 */
value: number, };

export type AlgorithmInfo = { 
/**
 * Its name on the command line, in links' readable form and in `postMessage` (see `names`).
 */
name: string, 
/**
 * Uses the heuristic setting.
 */
usesHeuristic: boolean, 
/**
 * Uses the weight w.
 */
usesWeight: boolean, 
/**
 * Uses the tie-break setting.
 */
usesTieBreak: boolean, 
/**
 * Finds an optimal path at w ≤ 1 with an admissible heuristic.
 */
optimal: boolean, 
/**
 * The marks it draws, in legend order.
 */
marks: Array<Mark>, 
/**
 * Repairs its search after an edit instead of beginning again ([`super::Stepper::repair`]: D* Lite); it
 * keeps rhs values, and the page draws the cells an edit made inconsistent.
 */
repairsEdits: boolean, 
/**
 * Works on clusters of the map, whose side the cluster-size setting chooses (HPA*); the page then
 * offers that setting and draws the abstract graph ([`super::Stepper::abstract_graph`]).
 */
usesClusterSize: boolean, 
/**
 * Publishes paths of falling cost while it runs, each with a proven bound that tightens until the
 * path is optimal (ARA*): [`super::Stepper::path`] is the latest published path before the search finishes
 * (the page draws it then, and its stats give its cost), and the promise is the last path's (exact
 * with an admissible heuristic) whatever w it starts from ([`crate::bound`]).
 */
anytime: boolean, 
/**
 * Its engine is in this build (false for HPA* without the `hpa` feature and JPS+ without
 * `jps-plus`: the page then fetches the wasm module that has it before searching; see
 * [`not_in_this_build`]).
 */
available: boolean, };

export type Unmet = { "kind": "movement", 
/**
 * The neighbours it needs.
 */
movement: number, } | { "kind": "uniform-costs" } | { "kind": "no-penalties" };

export type Mark = "open" | "closed" | "current" | "open-backward" | "closed-backward" | "meeting" | "scanned" | "parent-segments";

export type TerrainCosts = { 
/**
 * Cost of entering a plain cell, in tenths.
 */
plain: number, 
/**
 * Cost of entering a road cell, in tenths.
 */
road: number, 
/**
 * Cost of entering a forest cell, in tenths.
 */
forest: number, 
/**
 * Cost of entering a swamp cell, in tenths.
 */
swamp: number, };

export type Penalties = { 
/**
 * What entering a cell beside a wall adds, in tenths: 0..=[`MAX_HUG_TENTHS`].
 */
hugTenths: number, 
/**
 * What each watcher that sees a cell adds to entering it, in tenths: 0..=[`MAX_DANGER_TENTHS`].
 */
dangerTenths: number, 
/**
 * The watchers, at most [`MAX_WATCHERS`].
 */
watchers: Array<Watcher>, 
/**
 * What each change of direction along a path adds, in tenths: 0..=[`MAX_TURN_TENTHS`].
 */
turnTenths: number, };

export type Watcher = { 
/**
 * Its column.
 */
x: number, 
/**
 * Its row.
 */
y: number, 
/**
 * How far it sees, in cells: 1..=[`MAX_WATCH_RADIUS`].
 */
radius: number, };

export type CellReport = { 
/**
 * The cell's column.
 */
x: number, 
/**
 * The cell's row.
 */
y: number, 
/**
 * "wall", "plain", "forest", "swamp" or "road".
 */
terrain: string, 
/**
 * What an orthogonal step onto the cell costs, in tenths (7 for a default road), or `None` for a wall.
 */
terrainCost: number | null, 
/**
 * "wall", "unreached", "open", "closed" (by either frontier of a bidirectional search) or "path"
 * (on the path of the finished search).
 */
state: string, 
/**
 * The best g known now, in steps, or `None` when not reached (by the forward search).
 */
g: number | null, 
/**
 * The heuristic estimate to the goal, in steps, as the search computes it.
 */
h: number, 
/**
 * The weight of h in f = g + w·h, or `None` when the search orders by h alone (greedy).
 */
weight: number | null, 
/**
 * f = g + w·h (h alone for greedy), or `None` when not reached.
 */
f: number | null, 
/**
 * D* Lite's one-step look-ahead rhs, in steps (`f64::INFINITY` when infinite; g is then its cost to
 * the goal), or `None` for an algorithm that keeps none.
 */
rhs: number | null, 
/**
 * The cell it was reached from with its best g (cell id), or `None`. For D* Lite, the next cell on
 * its way to the goal.
 */
parent: number | null, 
/**
 * The (1-based) expansion that last closed it, or `None`.
 */
expandedAt: number | null, 
/**
 * How often it was opened again after being closed.
 */
reopened: number, 
/**
 * Its out-of-date entries still in the open list (lazy deletion: a better g pushed a new one).
 */
staleEntries: number, 
/**
 * The parent chain, start first and this cell last (cell ids); empty when not reached. D* Lite
 * searches from the goal: its chain starts at the goal and follows the cell's way there backwards.
 * The page gets it as a `Uint32Array` (the wasm facade copies it out whole: a chain across a
 * 1,024 × 1,024 maze is 95,000 cells, 15-23 ms as an array of numbers).
 */
chain: Uint32Array, };

export type Detour = { 
/**
 * The last cell both paths share before they part (cell id).
 */
part: number, 
/**
 * The first cell where they meet again (cell id).
 */
meet: number, 
/**
 * The chosen path's cost from `part` to `meet`, in steps.
 */
cost: number, 
/**
 * The optimal path's cost from `part` to `meet`, in steps.
 */
optimalCost: number, 
/**
 * `cost - optimal_cost`: what the detour adds.
 */
extra: number, };

export type Bound = { "kind": "exact" } | { "kind": "weighted", 
/**
 * The weight (above 1).
 */
w: number, } | { "kind": "not-admissible" } | { "kind": "none" } | { "kind": "fewest-moves" } | { "kind": "any-angle" } | { "kind": "measured" } & MeasuredLoss;

export type MeasuredLoss = { 
/**
 * The maps measured.
 */
maps: MapKind, 
/**
 * Searches measured.
 */
searches: number, 
/**
 * The mean cost over the optimum.
 */
mean: number, 
/**
 * The largest cost over the optimum seen.
 */
worst: number, };

export type MapKind = "uniform" | "terrain";

export type SceneConfig = { 
/**
 * Who finds paths.
 */
planner: Planner, 
/**
 * The units' radius in cells, 0 to [`clearance::MAX_RADIUS`].
 */
radius: number, 
/**
 * Cells a unit walks a frame.
 */
speed: number, 
/**
 * Answer from the path cache where possible.
 */
cache: boolean, 
/**
 * Seeds random placements and goals.
 */
seed: number, 
/**
 * A unit that arrives gets a new random goal at once (a steady stream of requests: the benchmark).
 */
newGoalOnArrival: boolean, 
/**
 * Units walk a curve through their corners instead of the straight segments, each chord of it
 * clear for their radius ([`waypoints::curved`]).
 */
curves: boolean, };

export type Planner = "astar" | "auto-w" | "jps" | "jps-plus" | "hpa" | "flow";

export type FrameReport = { 
/**
 * This frame's number, from 1.
 */
frame: number, 
/**
 * Requests answered this frame (a path, or none exists).
 */
served: number, 
/**
 * Expansions (steps of any planner) this frame.
 */
expansions: number, 
/**
 * µs this frame spent searching, by the caller's clock.
 */
searchUs: number, 
/**
 * Requests waiting at the end of the frame (the one under way included).
 */
queue: number, 
/**
 * Requests the cache answered this frame.
 */
cacheHits: number, 
/**
 * The w the automatic rule gives for the queue now (1 for the other planners).
 */
w: number, 
/**
 * Units walking.
 */
walking: number, 
/**
 * Units waiting for a path (queued or being searched).
 */
waiting: number, 
/**
 * Units at their goal.
 */
arrived: number, 
/**
 * Units whose goal cannot be reached.
 */
unreachable: number, 
/**
 * Units that asked for a new path because an edit blocked their way (this frame).
 */
replans: number, };

export type Totals = { 
/**
 * Frames advanced.
 */
frames: number, 
/**
 * Requests made.
 */
requests: number, 
/**
 * Requests answered.
 */
served: number, 
/**
 * Expansions spent.
 */
expansions: number, 
/**
 * Requests the cache answered.
 */
cacheHits: number, 
/**
 * Requests looked up in the cache.
 */
cacheLookups: number, 
/**
 * Replans after edits.
 */
replans: number, 
/**
 * Units an edit walled in, moved to the nearest free cell.
 */
displaced: number, 
/**
 * The longest search time of a frame, µs.
 */
worstSearchUs: number, 
/**
 * Frames from request to path, summed over answered requests (the mean wait is this / served).
 */
waitFrames: number, };

export type RequestLog = { 
/**
 * The frame the request joined the queue.
 */
queuedFrame: number, 
/**
 * The frame the scheduler began it (`None` while queued).
 */
begunFrame: number | null, 
/**
 * The frame it was served (or found unreachable), `None` until then.
 */
servedFrame: number | null, 
/**
 * The frames that worked on it and the expansions each spent: `[frame0, expansions0, ...]`.
 */
slices: Array<number>, 
/**
 * The weight it was searched with (1 but for the automatic w).
 */
w: number, 
/**
 * Served from the path cache.
 */
fromCache: boolean, 
/**
 * The path's cost in steps (0 until served).
 */
cost: number, };

export type Point = { 
/**
 * Column coordinate (grows to the right).
 */
x: number, 
/**
 * Row coordinate (grows downwards).
 */
y: number, };

export type MeshKind = "squares" | "rectangles" | "triangles";

export type MeshStats = { 
/**
 * How it was built.
 */
kind: MeshKind, 
/**
 * The unit radius it keeps from the walls, in cells.
 */
radius: number, 
/**
 * Cells it covers.
 */
freeCells: number, 
/**
 * Its polygons.
 */
polygons: number, 
/**
 * Its portals (each counted once).
 */
portals: number, 
/**
 * Its vertices.
 */
vertices: number, 
/**
 * Tiles it is built in.
 */
tiles: number, 
/**
 * Tiles the latest build or rebuild made.
 */
tilesRebuilt: number, 
/**
 * The latest build's or rebuild's time, ms (the caller's clock).
 */
buildMs: number, 
/**
 * Bytes the mesh holds.
 */
memoryBytes: number, };

export type NavOutcome = "found" | "unreachable";

export type SearchKind = "navmesh-astar" | "polyanya";

export type SearchReport = { 
/**
 * How it ended, or `None` while it runs.
 */
outcome: NavOutcome | null, 
/**
 * Steps taken (polygons or search nodes expanded).
 */
expanded: number, 
/**
 * Pushed on the open list.
 */
generated: number, 
/**
 * Popped but dropped.
 */
stalePops: number, 
/**
 * The open list's largest size.
 */
openPeak: number, 
/**
 * The path's length (0 until found).
 */
length: number, 
/**
 * Points on the path (start, turns, goal).
 */
pathPoints: number, };

export type Lengths = { 
/**
 * Polyanya's: the shortest.
 */
polyanya: number | null, 
/**
 * Navmesh A* with the funnel.
 */
navmeshAstar: number | null, 
/**
 * Theta* on the grid.
 */
theta: number | null, 
/**
 * Grid A*'s path pulled straight (the page's smoothing).
 */
smoothed: number | null, 
/**
 * Grid A*'s optimum (octile).
 */
grid: number | null, };

export type NodeView = { 
/**
 * The start, or the corner where the path last turned.
 */
root: Point, 
/**
 * One end of the interval (both ends are the start for a start node).
 */
left: Point, 
/**
 * The other end of the interval.
 */
right: Point, 
/**
 * The polygon beyond the interval, which the path enters next.
 */
polygon: number, 
/**
 * `g + h`: no path through this node is shorter.
 */
f: number, 
/**
 * The length of the path from the start to the root.
 */
g: number, };

/** The largest heuristic weight (`Weight::MAX`): the w sliders' max. */
export const WEIGHT_MAX = 5;

/** How the w sliders move (`Weight::STEP`): their step. */
export const WEIGHT_STEP = 0.1;

/** The game scene's most units (`crowd::MAX_UNITS`), largest unit radius (`crowd::clearance::MAX_RADIUS`) and the automatic w's rise per request queued (`crowd::AUTO_W_PER_QUEUED`). */
export const CROWD = { maxUnits: 2000, maxRadius: 2, autoWPerQueued: 0.02 } as const;

/** Mesh mode's searches by name (`navmesh::searches::SearchKind::ALL`), in menu order, and a mesh's largest unit radius (`navmesh::build::radius::MAX_RADIUS`). */
export const MESH = { searches: ['polyanya', 'navmesh-astar'], maxRadius: 2 } as const;

/** The names of `Heuristic::NAMES`, in menu order. */
export const HEURISTICS = ['manhattan', 'octile', 'euclidean', 'chebyshev', 'zero'] as const;

/** The names of `CornerRule::NAMES`, in menu order. */
export const CORNER_RULES = ['no-cut', 'one-free', 'always'] as const;

/** The names of `TieBreak::NAMES`, in menu order. */
export const TIE_BREAKS = ['lower-h', 'higher-g', 'first-in', 'last-in'] as const;
