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
 * Heuristic weight, 0 to 10.
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
budget: number | null, };

export type ViewOptions = { 
/**
 * Smoothed path drawn.
 */
smooth: boolean, 
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
