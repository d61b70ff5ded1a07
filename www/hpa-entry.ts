// The way to HPA* from the first download: that wasm module lists HPA* but lacks its engine, so
// App.fetchAlgorithm (called when HPA* is chosen or a view names it) fetches www/hpa/, which fetches the
// module that has it (once) and says how that went in the status line.
import { errorText, type App } from './app.js';
import { rereadAlgorithms, rowOf } from './algorithms.js';
import { useModule } from './bridge.js';

export function installHpaEntry(app: App): void {
  app.fetchAlgorithm = (then, failed) =>
    void import('./hpa/index.js').then(
      (hpa) => hpa.fetchHpa(app, { useModule, rereadAlgorithms, rowOf }, then, failed),
      (err: unknown) => {
        app.showMessage(errorText(err), 'error');
        failed();
      },
    );
}
