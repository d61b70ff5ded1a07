// The seam between the page (app, controls, canvas) and the modules that save, share, load and undo its
// state (www/share/). The page implements AppHooks; those modules use nothing else of it.
import type { Playground } from './pkg/astar.js';
import type { MapOrigin } from './recipe.js';

/** The settings object the wasm facade reads and writes (`Playground.settings()` / `setSettings`), generated
 * from astar_core::session::Settings: names from the core's registries, which refuses any other. */
export type { Settings } from './generated/core.js';

/** What the page shows beyond the map and the settings, kept in links and saved work (generated from
 * astar_core::formats::share::ViewOptions). */
export type { ViewOptions } from './generated/core.js';
import type { ViewOptions } from './generated/core.js';

/** What the page offers to the share, storage, history and file modules. */
export interface AppHooks {
  /** The current core object (map, end cells, settings, search). Do not keep it: it may be replaced. */
  playground(): Playground;
  /** The current view options. */
  viewOptions(): ViewOptions;
  /** How the current map was made (a generator and its seed, a load), as the page recorded it. */
  mapOrigin(): MapOrigin;
  /**
   * Makes `next` the current playground (a loaded link, file or undo snapshot) with `options`, its map
   * made as `origin` says: the page updates its controls, re-solves, redraws and frees the old object.
   * Only call it with a valid object: build and check the new one first, so a failure leaves the current
   * map untouched.
   */
  replacePlayground(next: Playground, options: ViewOptions, origin: MapOrigin): void;
  /**
   * Null when `next` can be shown now. Otherwise its algorithm's engine, or the search of its map's turn
   * penalty, is in a wasm module not loaded yet (HPA*, JPS+, Theta*, ARA*): the promise fetches it and resolves to `next` re-made there (`next` itself is then
   * freed), or to null when the fetch failed, which the status line has then said (`next` is freed too).
   * It rejects with the core's error when the view cannot be re-made. Show only what it resolves to.
   */
  prepare(next: Playground): Promise<Playground | null> | null;
  /**
   * Makes the wasm module fetched on demand the page's (once; the playground shown is re-made there), for
   * what only it reads: map files and scenarios. Resolves true once it is (at once when it already is, or
   * when the page has no such module), false when the fetch failed (the status line has said why).
   */
  fullModule(): Promise<boolean>;
  /** Shows a message to the user (text only, never HTML). */
  showMessage(text: string, kind: 'error' | 'info'): void;
  /**
   * Registers `listener`, called after every change a user makes (terrain, end cells, size, settings,
   * view options), once the page has re-solved; not called for changes made through replacePlayground.
   */
  onUserChange(listener: () => void): void;
  /**
   * Registers `listener`, called when the animation step shown changes (Step, Reset, Pause, a timeline
   * seek, the end of an animation): part of links and saved work, but not an edit to undo. Not called
   * for changes made through replacePlayground.
   */
  onStepChange(listener: () => void): void;
  /**
   * True while the animation plays: recording a view then would stall a frame (on a 1024 × 1024 random
   * map the core takes 12–40 ms to pack it, the second figure when it also tries the map's seed), so
   * pending records wait until it stops.
   */
  animating(): boolean;
}
