// The "Export the animation" card: a WebM video of the search, an animated GIF, or a ZIP of PNG snapshots
// every N expansions (as one of the articles compares runs). This module is a chunk main.ts fetches once
// the page has drawn; the recording code is loaded only when an export starts (www/export/recorder.ts; the
// GIF encoder in its own chunk, www/export/gif-recorder.ts), so none of it is in the first download.
//
// A recording draws the search shown when it started, step by step: a change of the map (a paint, a
// generator, Undo, a loaded link) or of the settings (another algorithm, w, smooth, numbers…) while it runs
// would mix two searches in one file, so it cancels the recording, saves nothing and says why.
import type { App } from '../app.js';
import { count, t } from '../i18n/index.js';
import type { Recording } from './recorder.js';

export function installExport(app: App): void {
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
  const format = byId<HTMLSelectElement>('export-format');
  const every = byId<HTMLInputElement>('export-every');
  const start = byId<HTMLButtonElement>('export-start');
  const cancel = byId<HTMLButtonElement>('export-cancel');
  const progress = byId<HTMLProgressElement>('export-progress');
  const status = byId<HTMLElement>('export-status');
  if (!format || !every || !start || !cancel || !progress || !status) return; // an embed: no export card

  let running: Recording | null = null;
  /** The running recording was cancelled because the map or the settings changed. */
  let interrupted = false;
  const interrupt = () => {
    if (!running || interrupted) return;
    interrupted = true;
    // The page shows what the change made: the recording does not put the old step back.
    running.cancel(false);
  };
  app.on('map', interrupt);
  app.on('settings', interrupt);
  const showEvery = () => {
    every.disabled = format.value !== 'png';
  };
  format.addEventListener('change', showEvery);
  showEvery();

  const finish = () => {
    running = null;
    interrupted = false;
    start.disabled = false;
    cancel.hidden = true;
    progress.hidden = true;
  };

  start.addEventListener('click', async () => {
    if (running) return;
    const n = Number(every.value);
    if (format.value === 'png' && (!Number.isInteger(n) || n < 1)) {
      every.setAttribute('aria-invalid', 'true');
      status.textContent = t('export.bad-every');
      return;
    }
    every.removeAttribute('aria-invalid');
    app.pause();
    start.disabled = true;
    cancel.hidden = false;
    progress.hidden = false;
    progress.value = 0;
    status.textContent = t('export.preparing');
    try {
      const recorder = await import('./recorder.js');
      const total = Math.max(app.total, app.stats?.expanded ?? 0);
      if (format.value === 'png' && recorder.stepsOf(total, n).length > recorder.MAX_SNAPSHOTS) {
        status.textContent = t('export.too-many', { count: count(recorder.stepsOf(total, n).length), max: count(recorder.MAX_SNAPSHOTS) });
        finish();
        return;
      }
      if (format.value === 'webm' && !recorder.canRecordVideo(app.renderer.canvas)) {
        status.textContent = t('export.no-video');
        finish();
        return;
      }
      const onProgress = (p: { done: number; total: number }) => {
        progress.max = p.total;
        progress.value = p.done;
        status.textContent = t('export.progress', { done: count(p.done), total: count(p.total) });
      };
      if (format.value === 'gif') running = (await import('./gif-recorder.js')).recordGif(app, onProgress);
      else if (format.value === 'png') running = recorder.recordSnapshots(app, n, onProgress);
      else running = recorder.recordVideo(app, onProgress);
      const file = await running.result;
      if (!file && interrupted) {
        status.textContent = t('export.cancelled-changed');
        app.showMessage(t('export.cancelled-changed'), 'info');
      } else if (!file) {
        status.textContent = t('export.cancelled');
      } else {
        const url = URL.createObjectURL(file.blob);
        const a = document.createElement('a');
        a.href = url;
        a.download = file.name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        status.textContent = t('export.done', { name: file.name, size: count(Math.ceil(file.blob.size / 1024)) });
      }
    } catch (err) {
      status.textContent = t('export.failed', { message: err instanceof Error ? err.message : String(err) });
    } finally {
      finish();
    }
  });
  cancel.addEventListener('click', () => running?.cancel());
}
