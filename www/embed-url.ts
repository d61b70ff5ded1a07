// The embed URL: which controls `?embed&controls=...` (or `?embed=...`) asks for, whether it wants the
// legend (`&legend`), and which parent origins may command it (`&origin=...`). Pure, so unit-tested.

export const EMBED_CONTROLS = ['algorithm', 'heuristic', 'movement', 'w', 'budget', 'smooth', 'speed', 'play', 'step', 'timeline', 'stats'] as const;
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
