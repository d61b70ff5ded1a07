// What the module with HPA* (www/pkg-full) tells the page about the shown search's abstract graph, and the
// one place the page asserts its shapes (the facade's `hpaGraph` and `hpaAbstractPath`,
// crates/astar-wasm/src/hpa.rs). Only this chunk (www/hpa/) calls those methods.
import type { Playground } from '../bridge.js';
import type { Playground as FullPlayground } from '../pkg-full/astar_full.js';

/** `pg.hpaGraph()`: the abstract graph of the shown HPA* search. */
export interface HpaGraph {
  /** The cluster side K: borders every K columns and rows. */
  clusterSize: number;
  /** Entrance (abstract) nodes, by cell id. */
  nodes: number[];
  /** Abstract edges as cell-id pairs [a0, b0, a1, b1, …], each once. */
  edges: number[];
  /** Clusters the latest preparation rebuilt (all of them after a full build). */
  clustersRebuilt: number;
  /** The latest preparation built the graph from scratch. */
  fullBuild: boolean;
  /** µs to build this map's graph from scratch. */
  buildUs: number;
}

/** A playground of the module that has HPA* (www/hpa/core.ts made the page use it). */
function full(pg: Playground): FullPlayground {
  return pg as unknown as FullPlayground;
}

/** The shown HPA* search's abstract graph, or null (another algorithm, or no search begun). */
export function hpaGraphOf(pg: Playground): HpaGraph | null {
  return full(pg).hpaGraph() as HpaGraph | null;
}

/** The abstract path at the step shown (cell ids; empty while the abstract search runs). */
export function abstractPathOf(pg: Playground): Uint32Array {
  return full(pg).hpaAbstractPath();
}
