// The way into compare mode from the first download: the Compare toggle by the algorithm controls, and an
// address that asks for it (`?compare`, `?embed&compare&controls=…`). The mode itself (www/compare/) is a
// chunk of its own, fetched the first time either happens, so the initial bundle stays small.
import type { App } from './app.js';
import { onDemand } from './on-demand.js';

/** Wires the Compare toggle and opens compare mode when the address asks for it (after the link is shown). */
export function installCompareEntry(app: App): void {
  const toggle = document.getElementById('compare-toggle');
  const run = onDemand(app, () => import('./compare/index.js'));
  toggle?.addEventListener('click', () => void run((module) => module.toggleCompare(app)));
  if (new URLSearchParams(location.search).has('compare')) void run((module) => module.openFromAddress(app));
}
