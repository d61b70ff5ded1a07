// Zooming into the map: two fingers pinch to zoom and pan together (a phone), Ctrl + wheel zooms at the
// pointer (a trackpad pinch reaches the page that way), and a "Reset zoom" button in the map's corner
// returns to the fitted view. One finger keeps painting (www/editor.ts).
//
// The state is a level (1 = the fitted map) and a pan: the canvas's offset inside the stage, in CSS pixels,
// never positive and never so negative that the map leaves a gap in the stage. The stage (www/stage.ts)
// keeps its fitted size and clips; the renderer redraws the canvas `level` times larger, so cells stay
// sharp and the numbers appear once cells are large enough. The editor finds cells through the canvas's
// bounding box, which includes the pan, so painting after a zoom hits the cell under the finger.
//
// Events: this module listens on the stage in the capture phase, before the editor's listeners on the
// canvas. When a second finger lands, the first finger's stroke is cancelled (a synthetic pointercancel the
// editor treats as "paint nothing"), and every event of the gesture stops here until all fingers are up.
import { t } from './i18n/index.js';

/** Cells are never zoomed beyond this many CSS pixels a side (numbers are readable well before). */
export const MAX_CSS_CELL = 48;
/** How much one wheel notch (100 delta units) with Ctrl zooms. */
const WHEEL_ZOOM_PER_100 = 1.25;

/** The zoom shown now: `level` × the fitted size, the canvas offset by (`panX`, `panY`) CSS pixels. */
export interface ZoomState {
  level: number;
  panX: number;
  panY: number;
}

/** What the zoom needs from the stage. */
export interface ZoomHost {
  /** CSS pixels per cell at level 1 (the fitted map). */
  fittedCell(): number;
  /** Lays the map out again at the new state (redraws the canvas at its new size and moves it). */
  apply(state: ZoomState): void;
}

/** The pan that keeps the canvas covering a stage of `size` CSS pixels at `level` (one axis). */
function clampPan(pan: number, size: number, level: number): number {
  return Math.min(0, Math.max(size - size * level, pan));
}

export class MapZoom {
  readonly state: ZoomState = { level: 1, panX: 0, panY: 0 };
  readonly resetButton: HTMLButtonElement;
  private queued = 0;

  constructor(
    private readonly stage: HTMLElement,
    private readonly host: ZoomHost,
  ) {
    this.resetButton = document.createElement('button');
    this.resetButton.type = 'button';
    this.resetButton.className = 'zoom-reset';
    this.resetButton.textContent = t('zoom.reset');
    this.resetButton.dataset.help = 'help.zoom-reset';
    this.resetButton.hidden = true;
    this.resetButton.addEventListener('click', () => this.reset());
    stage.append(this.resetButton);
  }

  /** The largest level: cells of `MAX_CSS_CELL`, and at least 1. */
  maxLevel(): number {
    return Math.max(1, MAX_CSS_CELL / this.host.fittedCell());
  }

  /** Back to the fitted map. */
  reset(): void {
    this.set(1, 0, 0);
  }

  /**
   * Zooms to `level` keeping the map point under the stage point (`anchorX`, `anchorY`) (CSS pixels from
   * the stage's corner) at `toX`, `toY`; `from` is the state the anchor was measured in.
   */
  zoomAround(from: ZoomState, level: number, anchorX: number, anchorY: number, toX = anchorX, toY = anchorY): void {
    const next = Math.min(this.maxLevel(), Math.max(1, level));
    // The anchor in fitted-map CSS pixels, then where it must land at the new level.
    const mapX = (anchorX - from.panX) / from.level;
    const mapY = (anchorY - from.panY) / from.level;
    this.set(next, toX - mapX * next, toY - mapY * next);
  }

  /** Sets the state (pan clamped to the stage) and lays the map out at the next frame. */
  private set(level: number, panX: number, panY: number): void {
    const width = this.stage.clientWidth;
    const height = this.stage.clientHeight;
    this.state.level = level;
    this.state.panX = level === 1 ? 0 : clampPan(panX, width, level);
    this.state.panY = level === 1 ? 0 : clampPan(panY, height, level);
    this.resetButton.hidden = level === 1;
    this.stage.classList.toggle('zoomed', level !== 1);
    if (!this.queued) {
      this.queued = requestAnimationFrame(() => {
        this.queued = 0;
        this.host.apply(this.state);
      });
    }
  }

  /** Wires the touch gesture and Ctrl + wheel to the canvas inside the stage. */
  install(canvas: HTMLCanvasElement): void {
    const touches = new Map<number, { x: number; y: number }>();
    let gesture: { from: ZoomState; distance: number; midX: number; midY: number } | null = null;
    /** Fingers of a gesture still down: their events stop here until they are lifted. */
    const swallowed = new Set<number>();
    const stageXY = (x: number, y: number) => {
      const rect = this.stage.getBoundingClientRect();
      return { x: x - rect.left, y: y - rect.top };
    };
    const measure = () => {
      const [a, b] = [...touches.values()];
      const mid = stageXY((a.x + b.x) / 2, (a.y + b.y) / 2);
      return { distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), midX: mid.x, midY: mid.y };
    };
    const stop = (event: Event) => {
      event.stopImmediatePropagation();
      event.preventDefault();
    };

    this.stage.addEventListener(
      'pointerdown',
      (event) => {
        if (event.target !== canvas || event.pointerType !== 'touch' || !event.isTrusted) return;
        // A locked embed leaves fingers to the article (they scroll it): no gesture of ours.
        if (document.documentElement.classList.contains('locked')) return;
        if (gesture || touches.size >= 2) {
          swallowed.add(event.pointerId);
          stop(event);
          return;
        }
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (touches.size < 2) return;
        // The second finger: the first one's stroke is abandoned (it has painted nothing yet).
        const [first] = touches.keys();
        canvas.dispatchEvent(new PointerEvent('pointercancel', { pointerId: first, pointerType: 'touch', bubbles: true }));
        for (const id of touches.keys()) swallowed.add(id);
        gesture = { from: { ...this.state }, ...measure() };
        stop(event);
      },
      { capture: true },
    );
    this.stage.addEventListener(
      'pointermove',
      (event) => {
        if (!event.isTrusted || !swallowed.has(event.pointerId)) return;
        stop(event);
        if (!gesture || !touches.has(event.pointerId)) return;
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        const now = measure();
        const level = gesture.from.level * (now.distance / gesture.distance);
        this.zoomAround(gesture.from, level, gesture.midX, gesture.midY, now.midX, now.midY);
      },
      { capture: true },
    );
    const lift = (event: PointerEvent) => {
      if (!event.isTrusted) return;
      touches.delete(event.pointerId);
      if (!swallowed.delete(event.pointerId)) return;
      stop(event);
      // One finger left: the gesture is over; that finger does nothing more until it is lifted.
      gesture = null;
    };
    this.stage.addEventListener('pointerup', lift, { capture: true });
    this.stage.addEventListener('pointercancel', lift, { capture: true });

    canvas.addEventListener(
      'wheel',
      (event) => {
        if (!event.ctrlKey) return;
        event.preventDefault();
        const at = stageXY(event.clientX, event.clientY);
        const factor = WHEEL_ZOOM_PER_100 ** (-event.deltaY / 100);
        this.zoomAround({ ...this.state }, this.state.level * factor, at.x, at.y);
      },
      { passive: false },
    );
  }
}
