// The way to HPA*, JPS+, Theta* and ARA* from the first download: that wasm module lists them but lacks their engines,
// so App.fetchAlgorithm (called when one of them is chosen or a view names it, and with '' when a map file
// is opened or a map has a turn penalty, which only that module reads and searches) fetches www/hpa/,
// which fetches the module that has them (once) and says how that went in the status line, naming the
// algorithm chosen.
import { errorText, type App } from './app.js';
import { rereadAlgorithms, rowOf } from './algorithms.js';
import { useModule } from './bridge.js';
import { retryableImport } from './retry-import.js';
import { drawPixels } from './render/path-pixels.js';

export function installHpaEntry(app: App): void {
  const importHpa = retryableImport(() => import('./hpa/index.js'));
  app.fetchAlgorithm = (algorithm, then, failed) =>
    void importHpa().then(
      (hpa) => hpa.fetchFullModule(app, { useModule, rereadAlgorithms, rowOf, drawPixels }, algorithm, then, failed),
      (err: unknown) => {
        app.showMessage(errorText(err), 'error');
        failed();
      },
    );
}
