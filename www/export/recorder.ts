// Recording the search (loaded on demand by www/export/index.ts, so the page's first download stays
// small): a WebM video through the canvas's MediaRecorder, or a ZIP of PNG snapshots of the open/closed
// state every N expansions. Both draw the search step by step on the page's own canvas (App.renderStep),
// report progress, can be cancelled, and put the page back on the step it showed (unless cancelled by a
// change of the map or settings: the page then stays on what the change showed).
import type { App } from '../app.js';
import { ZipWriter } from './zip.js';

/** What a recording reports while it runs. */
export interface Progress {
  done: number;
  total: number;
}

export interface Recording {
  /** Resolves with the file, or null when cancelled. */
  result: Promise<{ blob: Blob; name: string } | null>;
  /**
   * Stops the recording, saving nothing. With `restore` (Cancel) the page goes back to the step it
   * showed; without (the map or the settings changed) it stays on what the change showed.
   */
  cancel(restore?: boolean): void;
}

/** A recording's cancel state, shared by the three kinds (see Recording.cancel). */
export class Cancel {
  cancelled = false;
  restore = true;

  readonly cancel = (restore = true): void => {
    this.cancelled = true;
    this.restore = restore;
  };
}

/** Frames of a video: enough to follow the search, few enough for a short clip. */
const VIDEO_FRAMES = 240;
const FPS = 30;
/** The last frame is held this long, so the path can be seen. */
const HOLD_MS = 1000;
/** The most PNG snapshots in one archive. */
export const MAX_SNAPSHOTS = 1000;

/** The steps a recording shows: 0, then every `every` expansions, and the last step. */
export function stepsOf(total: number, every: number): number[] {
  const steps: number[] = [];
  for (let k = 0; k < total; k += every) steps.push(k);
  steps.push(total);
  return steps;
}

/** The finished search's length in expansions (solving it first if the page is part-way). */
function totalSteps(app: App): number {
  return Math.max(app.total, app.stats?.expanded ?? 0);
}

/** True when this browser can record the canvas as WebM. */
export function canRecordVideo(canvas: HTMLCanvasElement): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof canvas.captureStream === 'function' && MediaRecorder.isTypeSupported('video/webm');
}

function wait(ms: number): Promise<void> {
  return new Promise((ok) => setTimeout(ok, ms));
}

export function recordVideo(app: App, onProgress: (p: Progress) => void): Recording {
  const stop = new Cancel();
  const result = (async () => {
    const shown = app.stats?.expanded ?? 0;
    const total = totalSteps(app);
    const steps = stepsOf(total, Math.max(1, Math.ceil(total / VIDEO_FRAMES)));
    const canvas = app.renderer.canvas;
    const stream = canvas.captureStream(0);
    const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
    const type = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
    const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4_000_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const stopped = new Promise<void>((ok) => (recorder.onstop = () => ok()));
    recorder.start();
    try {
      for (let i = 0; i < steps.length && !stop.cancelled; i++) {
        app.renderStep(steps[i]);
        track.requestFrame();
        onProgress({ done: i + 1, total: steps.length });
        await wait(1000 / FPS);
      }
      if (!stop.cancelled) {
        // Hold the final frame: repeat it so the clip does not end on the last expansion's instant.
        for (let t = 0; t < HOLD_MS && !stop.cancelled; t += 1000 / FPS) {
          track.requestFrame();
          await wait(1000 / FPS);
        }
      }
    } finally {
      recorder.stop();
      await stopped;
      for (const t of stream.getTracks()) t.stop();
      if (stop.restore) app.seek(shown);
    }
    if (stop.cancelled) return null;
    return { blob: new Blob(chunks, { type: 'video/webm' }), name: 'astar-search.webm' };
  })();
  return { result, cancel: stop.cancel };
}

function pngOf(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  return new Promise((ok, fail) =>
    canvas.toBlob(async (blob) => {
      if (!blob) fail(new Error('the canvas could not be turned into a PNG'));
      else ok(new Uint8Array(await blob.arrayBuffer()));
    }, 'image/png'),
  );
}

export function recordSnapshots(app: App, every: number, onProgress: (p: Progress) => void): Recording {
  const stop = new Cancel();
  const result = (async () => {
    const shown = app.stats?.expanded ?? 0;
    const total = totalSteps(app);
    const steps = stepsOf(total, every);
    const digits = Math.max(6, String(total).length);
    const zip = new ZipWriter();
    try {
      for (let i = 0; i < steps.length && !stop.cancelled; i++) {
        app.renderStep(steps[i]);
        zip.add(`step-${String(steps[i]).padStart(digits, '0')}.png`, await pngOf(app.renderer.canvas));
        onProgress({ done: i + 1, total: steps.length });
        await wait(0); // let the page paint the progress and hear Cancel
      }
    } finally {
      if (stop.restore) app.seek(shown);
    }
    if (stop.cancelled) return null;
    return { blob: zip.finish(), name: `astar-steps-every-${every}.zip` };
  })();
  return { result, cancel: stop.cancel };
}
