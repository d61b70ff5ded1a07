// The wasm bridge: loads the module once and hands out typed-array views into its memory.
//
// Views alias wasm memory, so they go stale two ways: the memory grows (every old ArrayBuffer is detached)
// or the core reallocates the array (a new pointer after an edit, a resize or a new search). Each accessor
// below therefore rebuilds its view whenever `memory.buffer`, the pointer or the length changed; callers
// fetch views again after every call into the core and never keep them across one.
import init, { Playground } from './pkg/astar.js';

let memory: WebAssembly.Memory | null = null;

/** Loads and instantiates the wasm module (idempotent). */
export async function loadCore(): Promise<void> {
  if (memory) return;
  const output = await init();
  memory = output.memory;
}

export { Playground };

type ViewKind = 'u8' | 'u32';

/** One cached view, rebuilt when the buffer, pointer or length changes. */
class CachedView<T extends Uint8Array | Uint32Array> {
  private view: T | null = null;
  private buffer: ArrayBufferLike | null = null;
  private ptr = -1;

  constructor(private readonly kind: ViewKind) {}

  get(ptr: number, len: number): T {
    const buffer = memory!.buffer;
    if (this.view === null || this.buffer !== buffer || this.ptr !== ptr || this.view.length !== len) {
      this.view = (this.kind === 'u8' ? new Uint8Array(buffer, ptr, len) : new Uint32Array(buffer, ptr, len)) as T;
      this.buffer = buffer;
      this.ptr = ptr;
    }
    return this.view;
  }
}

/** Typed-array views of one playground's long-lived arrays (see the module comment for validity). */
export class Views {
  private readonly terrainView = new CachedView<Uint8Array>('u8');
  private readonly openedView = new CachedView<Uint32Array>('u32');
  private readonly closedView = new CachedView<Uint32Array>('u32');
  private readonly changesView = new CachedView<Uint32Array>('u32');
  private readonly pathView = new CachedView<Uint32Array>('u32');
  private readonly frontiersView = new CachedView<Uint8Array>('u8');
  private readonly parentsView = new CachedView<Uint32Array>('u32');

  constructor(private readonly pg: Playground) {}

  private cells(): number {
    return this.pg.width() * this.pg.height();
  }

  /** Terrain code per cell (0 wall, 1 plain, 2 forest, 3 swamp), indexed by cell id. */
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

  /** The grid path, start first (empty until the search finishes). */
  path(): Uint32Array {
    const len = this.pg.pathLen();
    return this.pathView.get(this.pg.pathPtr(), len);
  }
}
