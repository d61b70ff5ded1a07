// The embed URL: which controls `?embed&controls=...` (or `?embed=...`) asks for, and whether it wants the
// legend (`&legend`). Pure, so unit-tested.

export const EMBED_CONTROLS = ['algorithm', 'heuristic', 'movement', 'w', 'smooth', 'speed', 'play', 'step', 'timeline', 'stats'] as const;
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
