// Walk mode in the address: `?walk=R` opens walk mode with sight radius R (www/walk/); the share link after
// '#' is left as it is, so links without it open as before. Pure, so unit-tested (url.test.ts).

/** The radius a walk starts with when the address or the control gives none. */
export const DEFAULT_RADIUS = 3;
/** The largest sight radius the control offers. */
export const MAX_RADIUS = 20;

/**
 * The sight radius asked for by `search` (`location.search`): null without `walk`; DEFAULT_RADIUS for a
 * bare `walk` or a value that is not a whole number from 1 to MAX_RADIUS.
 */
export function walkRadius(search: string): number | null {
  const params = new URLSearchParams(search);
  if (!params.has('walk')) return null;
  const text = params.get('walk') ?? '';
  if (!/^\s*\d+\s*$/.test(text)) return DEFAULT_RADIUS;
  const r = Number(text);
  return r >= 1 && r <= MAX_RADIUS ? r : DEFAULT_RADIUS;
}

/** `search` with walk mode set to `radius` (null: removed); the other parameters keep their order. */
export function withWalk(search: string, radius: number | null): string {
  const params = new URLSearchParams(search);
  params.delete('walk');
  if (radius !== null) params.set('walk', String(radius));
  const text = params.toString().replace(/=(?=&|$)/g, '');
  return text ? `?${text}` : '';
}

/** Walk mode's part of an address (`&walk=R`), to carry into an embed code; '' outside walk mode. */
export function walkQuery(search: string): string {
  const r = walkRadius(search);
  return r === null ? '' : `&walk=${r}`;
}
