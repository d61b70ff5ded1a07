// Share links and snapshots: the page's view as bytes (the core's share codec, format 1) and as link text,
// and back. Owns the base64url step on the page side and the one way a link, file or snapshot becomes a
// new Playground. How the map was made comes from the page (AppHooks.mapOrigin): a random map's link
// carries its seed instead of its cells, and a snapshot keeps that origin for undo. Nothing here touches
// the DOM.
import type { OpenedView } from '../pkg/astar.js';
import { Playground, recipeOf, viewOptionsOf } from '../bridge.js';
import type { AppHooks, ViewOptions } from '../hooks.js';
import { linkBase, loaded, type MapOrigin } from '../recipe.js';

/** One saved state of the page: the share bytes and how the map they hold was made. */
export interface Snapshot {
  bytes: Uint8Array;
  origin: MapOrigin;
}

/** A link, file or snapshot, opened: a new playground (not yet shown), what it carried, how it was made. */
export interface Opened {
  playground: Playground;
  options: ViewOptions;
  origin: MapOrigin;
}

/** The page's current view as a snapshot. */
export function snapshot(hooks: AppHooks): Snapshot {
  const pg = hooks.playground();
  const origin = hooks.mapOrigin();
  return { bytes: pg.shareBytes(hooks.viewOptions(), linkBase(origin)), origin };
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
    const options = viewOptionsOf(view);
    const random = recipeOf(view);
    return { playground: view.takePlayground(), options, origin: loaded(random) };
  } finally {
    view.free();
  }
}

/** Opens link text (bare, '#…' or a whole URL); throws an Error with the core's message when it is bad. */
export function openLink(text: string): Opened {
  return adopt(Playground.openShare(unescapeFragment(text)));
}

/**
 * The fragment as it was typed or pasted: the browser writes a space as %20 (and so on) in the address,
 * which the core would report as a '%'. A link proper never has a '%' (it is base64url), so undoing the
 * escapes changes no valid link; text that is not valid escaping is left as it is.
 */
function unescapeFragment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Opens share bytes (a snapshot or a downloaded view file); throws like `openLink`. */
export function openBytes(bytes: Uint8Array): Opened {
  return adopt(Playground.openShareBytes(bytes));
}

/**
 * The snapshot `opened` has before it is shown: checks, before anything changes, that the view can be
 * recorded (for undo, the address bar and saved work). Throws the core's error when it cannot.
 */
export function snapshotOf(opened: Opened): Snapshot {
  return { bytes: opened.playground.shareBytes(opened.options, linkBase(opened.origin)), origin: opened.origin };
}

/** Shows an opened view: the page swaps it in, re-solves and redraws. */
export function show(hooks: AppHooks, opened: Opened): void {
  hooks.replacePlayground(opened.playground, opened.options, opened.origin);
}
