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
  nodes: Uint32Array;
  /** Abstract edges as cell-id pairs [a0, b0, a1, b1, …], each once. */
  edges: Uint32Array;
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

/**
 * The shown HPA* search's abstract graph, or null (another algorithm, or no search begun). When its nodes
 * and edges are those of `previous`, they are `previous`'s arrays, so that what was drawn of them can be kept.
 */
export function hpaGraphOf(pg: Playground, previous: HpaGraph | null = null): HpaGraph | null {
  const graph = full(pg).hpaGraph() as HpaGraph | null;
  if (graph && previous && sameNumbers(graph.nodes, previous.nodes) && sameNumbers(graph.edges, previous.edges)) {
    return { ...graph, nodes: previous.nodes, edges: previous.edges };
  }
  return graph;
}

function sameNumbers(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The abstract path at the step shown (cell ids; empty while the abstract search runs). */
export function abstractPathOf(pg: Playground): Uint32Array {
  return full(pg).hpaAbstractPath();
}
