// The embed URL: which controls `?embed&controls=...` (or `?embed=...`) asks for, whether it wants the
// legend (`&legend`), and which parent origins may command it (`&origin=...`). Pure, so unit-tested.

export const EMBED_CONTROLS = ['algorithm', 'heuristic', 'movement', 'w', 'budget', 'tie-break', 'costs', 'penalties', 'smooth', 'curve', 'speed', 'play', 'step', 'timeline', 'stats'] as const;
export type EmbedControl = (typeof EMBED_CONTROLS)[number];

/** The controls an embed URL asks for, in the order given, unknown names dropped; null when not embedded. */
export function embedControls(search: string): EmbedControl[] | null {
  const params = new URLSearchParams(search);
  if (!params.has('embed')) return null;
  const list = params.get('controls') ?? params.get('embed') ?? '';
  const known = new Set<string>(EMBED_CONTROLS);
  const chosen = list
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is EmbedControl => known.has(name));
  return [...new Set(chosen)];
}

/** True when an embed URL asks for the legend under the map (`?embed&controls=...&legend`). */
export function embedLegend(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('embed') && params.has('legend');
}

/**
 * The origins an embed URL allows to send commands (`&origin=https://example.org`, repeated or
 * comma-separated), each normalised to scheme://host[:port]; null when the URL names none (then the
 * parent frame, whatever its origin, is obeyed). A named origin that is not a web origin is dropped, so a
 * URL naming only bad ones allows no origin at all: a typo closes the embed, it never opens it.
 */
export function embedOrigins(search: string): string[] | null {
  const params = new URLSearchParams(search);
  const named = params.getAll('origin').flatMap((value) => value.split(','));
  if (named.length === 0) return null;
  const origins: string[] = [];
  for (const name of named) {
    try {
      const url = new URL(name.trim());
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !origins.includes(url.origin)) origins.push(url.origin);
    } catch {
      // not a URL: dropped (see above)
    }
  }
  return origins;
}

/** How an embed shows its search, from its URL; each field absent when the URL does not set it. */
export interface EmbedView {
  /** `&numbers=g|h|f|off`: the numbers in the cells, instead of the link's. */
  numbers?: 'g' | 'h' | 'f' | 'none';
  /** `&speed=N`, 0 to 100 (the speed slider's scale: 1 expansion a second to 5,000 a frame). */
  speed?: number;
  /** `&autoplay`: play the search from its first expansion once the embed has loaded. */
  autoplay: boolean;
  /** `&lock`: readers watch and step, but cannot paint or move start and goal. */
  lock: boolean;
}

/** The view options an embed URL sets; values it cannot read are ignored (the link's own options stay). */
export function embedView(search: string): EmbedView {
  const params = new URLSearchParams(search);
  const embedded = params.has('embed');
  const view: EmbedView = { autoplay: embedded && params.has('autoplay'), lock: embedded && params.has('lock') };
  if (!embedded) return view;
  const numbers = params.get('numbers');
  if (numbers === 'g' || numbers === 'h' || numbers === 'f') view.numbers = numbers;
  else if (numbers === 'off' || numbers === 'none') view.numbers = 'none';
  const speed = params.get('speed');
  if (speed !== null && /^\s*\d+(\.\d+)?\s*$/.test(speed)) view.speed = Math.min(100, Number(speed));
  return view;
}

/**
 * Compare mode's part of an address (`&compare&b=…`, www/compare/url.ts), to carry into the embed code and
 * the embed's "open standalone" link; '' outside compare mode. Commas stay readable.
 */
export function compareQuery(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has('compare')) return '';
  const b = params.get('b');
  return b === null ? '&compare' : `&compare&b=${encodeURIComponent(b).replace(/%2C/gi, ',')}`;
}
