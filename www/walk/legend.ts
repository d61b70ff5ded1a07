// What walk mode's legend and badge say (www/walk/): while the agent walks, the map's canvas is hidden and
// the walk canvas (view.ts) shows the known map with the planner's D* Lite search and its path, fog over
// what the agent has not seen (the route ahead dashed over it), the trail walked and the agent; so the legend lists those instead of the
// page's search, and the badge
// tells the walk's state ("walking", "arrived", "blocked") with the replans so far, not the hidden search's.
import type { Entry, LegendInput } from '../legend-entries.js';
import { walkText } from './strings.js';
import { css, RAW_PATH_RGB, START_RGB } from '../render/palette.js';
import { FOG_RGB } from './view.js';
import type { Walker } from './walker.js';

/**
 * The legend's entries in walk mode for `walker`, from what the page's view would list (its terrains,
 * costs, heat, smoothing, numbers).
 */
export function walkLegend(input: LegendInput, pageEntries: (input: LegendInput) => Entry[], walker: Walker | null): Entry[] {
  // The marks are D* Lite's (walk mode ends when another algorithm is chosen). The walk canvas draws the
  // planner's finished search and its path (the renderer's rule: two
  // cells or more), without the page's overlays (the inspector's chain, the optimal path, the cursor,
  // the repair marks).
  const entries = pageEntries({
    ...input,
    finished: true,
    path: walker !== null && walker.views.path().length >= 2,
    cursor: false,
    chain: false,
    optimal: false,
    detourEnds: false,
    inconsistent: false,
  });
  const walk: Entry[] = [{ mark: 'fog', label: walkText('legend.fog'), swatch: { kind: 'fill', colours: [css(FOG_RGB)] }, detail: '' }];
  if (walker && walker.route.length >= 2 && walker.known.unknownCount() > 0) {
    walk.push({ mark: 'route', label: walkText('legend.route'), swatch: { kind: 'line', colour: css(RAW_PATH_RGB), dashed: true }, detail: '' });
  }
  walk.push(
    { mark: 'trail', label: walkText('legend.trail'), swatch: { kind: 'line', colour: css(START_RGB), dashed: false }, detail: '' },
    { mark: 'agent', label: walkText('legend.agent'), swatch: { kind: 'disc', colour: css(START_RGB) }, detail: '' },
  );
  const start = entries.findIndex((entry) => entry.mark === 'start');
  entries.splice(start < 0 ? entries.length : start, 0, ...walk);
  return entries;
}

/** Writes the walk's state into the badge (`data-outcome="walk"`, `data-walk` = the state). */
export function showWalkBadge(walker: Walker): void {
  const badge = document.querySelector<HTMLElement>('[data-testid="badge"]');
  if (!badge) return;
  badge.dataset.outcome = 'walk';
  badge.dataset.walk = walker.state;
  badge.classList.remove('loss');
  const value = badge.querySelector('#badge-value');
  const bound = badge.querySelector('#badge-bound');
  if (value) value.textContent = walkText(`walk.badge-${walker.state}`);
  if (bound) bound.textContent = walkText('walk.badge-replans', { replans: walker.counts.replans });
}
