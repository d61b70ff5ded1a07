// A feature's chunk fetched on demand (compare mode, walk mode): fetched once, the first time it is used,
// and a fetch that fails is said in the status line instead of thrown (the next use fetches again).
import { errorText, type App } from './app.js';
import { retryableImport } from './retry-import.js';

/** Returns `run`: `run(use)` fetches the chunk (once) and calls `use` with it. */
export function onDemand<M>(app: App, load: () => Promise<M>): (use: (module: M) => void) => Promise<void> {
  const get = retryableImport(load);
  return (use) =>
    get()
      .then(use)
      .catch((err: unknown) => app.showMessage(errorText(err), 'error'));
}
