// Share links and snapshots: the page's view as bytes (the core's share codec, format 1) and as link text,
// and back. Owns the base64url step on the page side, the recipes of generated maps (so a random map's
// link carries its seed instead of its cells), and the one way a link, file or snapshot becomes a new
// Playground. Nothing here touches the DOM.
import { Playground, type OpenedView } from '../pkg/astar.js';
import type { AppHooks, ViewOptions } from '../hooks.js';

/** How a random map was generated (the arguments of `Playground.generateRandom`). */
export interface Recipe {
  wall: number;
  forest: number;
  swamp: number;
  seed: number;
}

/** One saved state of the page: the share bytes and the recipe they may be relative to. */
export interface Snapshot {
  bytes: Uint8Array;
  recipe: Recipe | null;
}

/** A link, file or snapshot, opened: a new playground (not yet shown) and what it carried. */
export interface Opened {
  playground: Playground;
  options: ViewOptions;
  recipe: Recipe | null;
}

const recipes = new WeakMap<Playground, Recipe>();

/**
 * Remembers the recipe of every map made by `Playground.prototype.generateRandom`. The page owns that call
 * and the facade does not keep the recipe, so this wraps the method once: a known shortcut. When the
 * recipe no longer matches the map (edited, replaced) the core stores cells instead, so a stale one is
 * harmless.
 */
export function trackGeneratedMaps(): void {
  const proto = Playground.prototype as unknown as Record<string, unknown>;
  const original = proto.generateRandom;
  if (typeof original !== 'function' || (original as { tracked?: boolean }).tracked) return;
  const wrapped = function (this: Playground, ...args: unknown[]): unknown {
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    const [, , wall, forest, swamp, seed] = args as number[];
    recipes.set(this, { wall, forest, swamp, seed });
    return result;
  };
  (wrapped as { tracked?: boolean }).tracked = true;
  proto.generateRandom = wrapped;
}

/** Remembers that `pg`'s map was generated from `recipe` (a restored snapshot that stored cells). */
export function rememberRecipe(pg: Playground, recipe: Recipe): void {
  recipes.set(pg, recipe);
}

/** The recipe the current map was generated from, if known. */
export function recipeOf(pg: Playground): Recipe | null {
  return recipes.get(pg) ?? null;
}

/** The page's current view as a snapshot. */
export function snapshot(hooks: AppHooks): Snapshot {
  const pg = hooks.playground();
  const recipe = recipeOf(pg);
  return { bytes: pg.shareBytes(hooks.viewOptions(), recipe), recipe };
}

/** base64url without padding (the same text the core's `share::encode` makes from the same bytes). */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Link text (the part after '#') of a snapshot. */
export function linkText(snap: Snapshot): string {
  return base64url(snap.bytes);
}

/** Links longer than this are too big to share comfortably (the core decides the number). */
export function comfortableChars(): number {
  return Playground.shareComfortableChars();
}

function adopt(view: OpenedView): Opened {
  try {
    const options = view.viewOptions() as ViewOptions;
    const recipe = (view.recipe() as Recipe | null) ?? null;
    const playground = view.takePlayground();
    if (recipe) recipes.set(playground, recipe);
    return { playground, options, recipe };
  } finally {
    view.free();
  }
}

/** Opens link text (bare, '#…' or a whole URL); throws an Error with the core's message when it is bad. */
export function openLink(text: string): Opened {
  return adopt(Playground.openShare(text));
}

/** Opens share bytes (a snapshot or a downloaded view file); throws like `openLink`. */
export function openBytes(bytes: Uint8Array): Opened {
  return adopt(Playground.openShareBytes(bytes));
}

/** Shows an opened view: the page swaps it in, re-solves and redraws. */
export function show(hooks: AppHooks, opened: Opened): void {
  hooks.replacePlayground(opened.playground, opened.options);
}
