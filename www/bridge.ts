// The wasm bridge: loads the module once and hands out typed-array views into its memory.
//
// Two modules: the first download (www/pkg, without HPA*'s and JPS+'s engines) and, once either is chosen,
// the module that has them (www/pkg-full, fetched by www/hpa/core.ts, which hands it to `useModule`). `Playground` is a
// live binding: after the swap it is the second module's class, so every playground made from then on
// (a link, a file, undo, the demo) lives in that module. Each module has its own memory: a view is built
// on the memory of the module its playground came from (`memoryOf`), so a playground made before the swap
// (compare mode's, walk mode's) keeps working.
//
// Views alias wasm memory, so they go stale two ways: the memory grows (every old ArrayBuffer is detached)
// or the core reallocates the array (a new pointer after an edit, a resize or a new search). Each accessor
// below therefore rebuilds its view whenever `memory.buffer`, the pointer or the length changed; callers
// fetch views again after every call into the core and never keep them across one.
import init, { Playground as FirstPlayground, type OpenedView } from './pkg/astar.js';
import type {
  AlgorithmInfo,
  CellReport,
  Detour,
  RecipeFields,
  Settings,
  Stats,
  SweepRow,
  TerrainCosts,
  Unmet,
  ViewOptions,
} from './generated/core.js';
import type { CoreMessage } from './i18n/core-messages.js';

/** The class every new playground is made from: the first module's, then the one `useModule` swapped in. */
export let Playground: typeof FirstPlayground = FirstPlayground;
export type Playground = FirstPlayground;

/** Each loaded module's memory, by its Playground class. */
const memories = new Map<unknown, WebAssembly.Memory>();

/** Loads and instantiates the wasm module (idempotent). */
export async function loadCore(): Promise<void> {
  if (memories.size > 0) return;
  const output = await init();
  memories.set(FirstPlayground, output.memory);
}

/**
 * Makes `playground` (another module's Playground class, its module instantiated with `memory`) the class
 * new playgrounds come from. Existing playgrounds keep their module (www/hpa/core.ts re-makes the one shown).
 */
export function useModule(playground: unknown, memory: WebAssembly.Memory): void {
  memories.set(playground, memory);
  Playground = playground as typeof FirstPlayground;
}

/** True once `useModule` has made another module's class the one new playgrounds come from. */
export function secondModuleLoaded(): boolean {
  return Playground !== FirstPlayground;
}

/** The memory of the module `pg` came from. */
function memoryOf(pg: Playground): WebAssembly.Memory {
  return memories.get(pg.constructor)!;
}

// The typed boundary. The facade's plain-object results come through serde-wasm-bindgen, whose declarations
// say `any`; their shapes are the Rust types', generated into www/generated/core.ts (checked against the Rust
// types by astar-core's test `typescript_types_are_up_to_date`). These wrappers are the only place the page
// asserts those shapes: everything else calls them and never casts a value that comes from wasm.

/** `pg.settings()`: the current settings. */
export function settingsOf(pg: Playground): Settings {
  return pg.settings() as Settings;
}

/** `pg.stats()`: what the page shows about the current search. */
export function statsOf(pg: Playground): Stats {
  return pg.stats() as Stats;
}

/** `pg.solve()`: runs the search to the end and returns its stats. */
export function solveToEnd(pg: Playground): Stats {
  return pg.solve() as Stats;
}

/** `pg.solveFor(ms)`: the solve under way run for about `ms` more; its stats once finished, else null. */
export function solveFor(pg: Playground, ms: number): Stats | null {
  return pg.solveFor(ms) as Stats | null;
}

/** What one algorithm needs that the map and movement shown lack (see `unmetRequirements`). */
export interface Availability {
  name: string;
  /** Every requirement not met, movement first; empty when it can run here. */
  unmet: Unmet[];
  /** The core's refusal of a search with it here (every requirement in one message), or null. */
  refusal: CoreMessage | null;
}

/** `pg.unmetRequirements()`: what each algorithm, in menu order, lacks on this map with this movement. */
export function unmetRequirements(pg: Playground): Availability[] {
  return pg.unmetRequirements() as Availability[];
}

/** `pg.costs()`: the map's terrain costs. */
export function costsOf(pg: Playground): TerrainCosts {
  return pg.costs() as TerrainCosts;
}

/** `pg.sweep(weights)`: one row of weighted A* per weight. */
export function sweep(pg: Playground, weights: Float64Array): SweepRow[] {
  return pg.sweep(weights) as SweepRow[];
}


/** `pg.inspect(x, y)`: the inspector's numbers for one cell at the step shown (null off the map). */
export function inspectCell(pg: Playground, x: number, y: number): CellReport | null {
  return pg.inspect(x, y) as CellReport | null;
}

/** `pg.detours(optimal)`: where the path found leaves `optimal` (from `pg.optimalPath()`) and what each detour costs. */
export function detoursOf(pg: Playground, optimal: Uint32Array): Detour[] {
  return pg.detours(optimal) as Detour[];
}

/** `Playground.algorithms()`: the registry, one row per algorithm. */
export function algorithms(): AlgorithmInfo[] {
  return Playground.algorithms() as AlgorithmInfo[];
}

/** `view.viewOptions()`: the view options an opened link or file carried. */
export function viewOptionsOf(view: OpenedView): ViewOptions {
  return view.viewOptions() as ViewOptions;
}

/** `view.recipe()`: the random map an opened link's terrain was stored relative to, or null. */
export function recipeOf(view: OpenedView): RecipeFields | null {
  return view.recipe() as RecipeFields | null;
}

type ViewKind = 'u8' | 'u32' | 'f64';

/** One cached view, rebuilt when the buffer, pointer or length changes. */
class CachedView<T extends Uint8Array | Uint32Array | Float64Array> {
  private view: T | null = null;
  private buffer: ArrayBufferLike | null = null;
  private ptr = -1;

  constructor(
    private readonly kind: ViewKind,
    private readonly memory: WebAssembly.Memory,
  ) {}

  get(ptr: number, len: number): T {
    const buffer = this.memory.buffer;
    if (this.view === null || this.buffer !== buffer || this.ptr !== ptr || this.view.length !== len) {
      const array = { u8: Uint8Array, u32: Uint32Array, f64: Float64Array }[this.kind];
      this.view = new array(buffer, ptr, len) as T;
      this.buffer = buffer;
      this.ptr = ptr;
    }
    return this.view;
  }
}

/** Typed-array views of one playground's long-lived arrays (see the module comment for validity). */
export class Views {
  private readonly terrainView: CachedView<Uint8Array>;
  private readonly openedView: CachedView<Uint32Array>;
  private readonly closedView: CachedView<Uint32Array>;
  private readonly changesView: CachedView<Uint32Array>;
  private readonly pathView: CachedView<Uint32Array>;
  private readonly frontiersView: CachedView<Uint8Array>;
  private readonly parentsView: CachedView<Uint32Array>;
  private readonly heapLogView: CachedView<Uint32Array>;
  private readonly curveView: CachedView<Float64Array>;

  constructor(private readonly pg: Playground) {
    const memory = memoryOf(pg);
    const u8 = () => new CachedView<Uint8Array>('u8', memory);
    const u32 = () => new CachedView<Uint32Array>('u32', memory);
    this.terrainView = u8();
    this.openedView = u32();
    this.closedView = u32();
    this.changesView = u32();
    this.pathView = u32();
    this.frontiersView = u8();
    this.parentsView = u32();
    this.heapLogView = u32();
    this.curveView = new CachedView<Float64Array>('f64', memory);
  }

  private cells(): number {
    return this.pg.width() * this.pg.height();
  }

  /** Terrain code per cell (0 wall, 1 plain, 2 forest, 3 swamp, 4 road), indexed by cell id. */
  terrain(): Uint8Array {
    return this.terrainView.get(this.pg.terrainPtr(), this.cells());
  }

  /** Per cell: expansions done when it was opened, or NEVER. */
  openedAt(): Uint32Array {
    return this.openedView.get(this.pg.openedAtPtr(), this.cells());
  }

  /** Per cell: the 1-based expansion that closed it, or NEVER. */
  closedAt(): Uint32Array {
    return this.closedView.get(this.pg.closedAtPtr(), this.cells());
  }

  /** Per cell: its frontier (FRONTIER in types.ts); empty when the search keeps no trace. */
  frontiers(): Uint8Array {
    const len = this.openedAt().length;
    return this.frontiersView.get(this.pg.frontiersPtr(), len);
  }

  /** Per cell: the parent of an any-angle search, or NEVER; empty for searches whose parents are neighbours. */
  parents(): Uint32Array {
    return this.parentsView.get(this.pg.parentsPtr(), this.pg.parentsLen());
  }

  /** Cells changed by the last `step(n)` (possibly repeated). */
  changes(): Uint32Array {
    return this.changesView.get(this.pg.changesPtr(), this.pg.changesLen());
  }

  /**
   * The open-list log's records not read yet (www/heap/; empty while the log is off). Read them, then call
   * `pg.clearHeapLog()`: the view is invalid after that, as after any step.
   */
  heapLog(): Uint32Array {
    return this.heapLogView.get(this.pg.heapLogPtr(), this.pg.heapLogLen());
  }

  /** The grid path, start first (empty until the search finishes). */
  path(): Uint32Array {
    const len = this.pg.pathLen();
    return this.pathView.get(this.pg.pathPtr(), len);
  }

  /**
   * The curve through the smoothed path as x, y pairs in cells, start first (the core's `curve`, made
   * first if it is not: read other views after this one then).
   */
  curvePoints(): Float64Array {
    const len = this.pg.curvePointsLen();
    return this.curveView.get(this.pg.curvePointsPtr(), len);
  }
}
