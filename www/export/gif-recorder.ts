// Recording the search as an animated GIF (loaded on demand by www/export/index.ts, its own chunk with the
// encoder in gif.ts). The same steps as the WebM video (at most 240 frames, one every ⌈expansions / 240⌉
// expansions, then the last step held a second), each drawn on the page's canvas (App.renderStep), copied
// onto a frame no larger than MAX_GIF_SIDE pixels on its longer side, and encoded before the next one is
// drawn, one frame per turn of the event loop, so the page stays responsive and hears Cancel. The page goes
// back to the step it showed (not when the recording was cancelled by a change of the map or settings).
import type { App } from '../app.js';
import { GifWriter } from './gif.js';
import { Cancel, stepsOf, type Progress, type Recording } from './recorder.js';

/** The most frames in one GIF (as in the video). */
const GIF_FRAMES = 240;
/** The longer side of the GIF at most, in pixels: a larger canvas is scaled down. */
export const MAX_GIF_SIDE = 480;
/** Hundredths of a second per frame (25 frames a second), and the hold on the last one. */
const FRAME_CS = 4;
const HOLD_CS = 100;

/** The GIF's size for a canvas of `width` × `height`: scaled down to MAX_GIF_SIDE, never up. */
export function gifSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_GIF_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function nextTurn(): Promise<void> {
  return new Promise((ok) => setTimeout(ok, 0));
}

export function recordGif(app: App, onProgress: (p: Progress) => void): Recording {
  const stop = new Cancel();
  const result = (async () => {
    const shown = app.stats?.expanded ?? 0;
    const total = Math.max(app.total, app.stats?.expanded ?? 0);
    const steps = stepsOf(total, Math.max(1, Math.ceil(total / GIF_FRAMES)));
    const source = app.renderer.canvas;
    const { width, height } = gifSize(source.width, source.height);
    const frame = document.createElement('canvas');
    frame.width = width;
    frame.height = height;
    const ctx = frame.getContext('2d', { willReadFrequently: true })!;
    ctx.imageSmoothingQuality = 'high';
    const gif = new GifWriter(width, height);
    try {
      for (let i = 0; i < steps.length && !stop.cancelled; i++) {
        app.renderStep(steps[i]);
        ctx.clearRect(0, 0, width, height);
        ctx.drawImage(source, 0, 0, width, height);
        const pixels = new Uint32Array(ctx.getImageData(0, 0, width, height).data.buffer);
        gif.addFrame(pixels, i === steps.length - 1 ? HOLD_CS : FRAME_CS);
        onProgress({ done: i + 1, total: steps.length });
        await nextTurn(); // let the page paint the progress and hear Cancel
      }
    } finally {
      if (stop.restore) app.seek(shown);
    }
    if (stop.cancelled) return null;
    return { blob: new Blob([gif.finish() as BlobPart], { type: 'image/gif' }), name: 'astar-search.gif' };
  })();
  return { result, cancel: stop.cancel };
}
