// The way into compare mode from the first download: the Compare toggle by the algorithm controls, and an
// address that asks for it (`?compare`, `?embed&compare&controls=…`). The mode itself (www/compare/) is a
// chunk of its own, fetched the first time either happens, so the initial bundle stays small.
import type { App } from './app.js';
import { errorText } from './app.js';

type CompareModule = typeof import('./compare/index.js');
let loading: Promise<CompareModule> | null = null;

function load(): Promise<CompareModule> {
  loading ??= import('./compare/index.js');
  return loading;
}

/** Wires the Compare toggle and opens compare mode when the address asks for it (after the link is shown). */
export function installCompareEntry(app: App): void {
  const toggle = document.getElementById('compare-toggle');
  const run = (what: (module: CompareModule) => void) =>
    load()
      .then(what)
      .catch((err) => app.showMessage(errorText(err), 'error'));
  toggle?.addEventListener('click', () => void run((module) => module.toggleCompare(app)));
  if (new URLSearchParams(location.search).has('compare')) void run((module) => module.openFromAddress(app));
}
