// The animation loop: one requestAnimationFrame callback per frame that asks for `n` expansions, where n
// follows the speed (from one expansion per second up to thousands per frame). The app does the single
// `step(n)` call and paints the change list; no JavaScript runs per expansion.
import { num, t } from './i18n/index.js';

/** Slowest speed: expansions per second at speed 0. */
const MIN_RATE = 1;
/** Fastest speed: expansions per second at speed 100 (5000 per frame at 60 Hz). */
const MAX_RATE = 300_000;
/** Longest frame gap credited, so a background tab does not come back with a burst. */
const MAX_FRAME_MS = 100;

/** Expansions per second at a speed from 0 to 100 (logarithmic). */
export function rateAt(speed: number): number {
  const t = Math.min(100, Math.max(0, speed)) / 100;
  return MIN_RATE * Math.pow(MAX_RATE / MIN_RATE, t);
}

/** The speed as a person reads it: "12/s" or "850/frame". */
export function rateLabel(speed: number): string {
  const rate = rateAt(speed);
  if (rate < 120) return t('rate.per-second', { n: rate < 10 ? num(rate, 1) : num(Math.round(rate)) });
  return t('rate.per-frame', { n: num(Math.round(rate / 60)) });
}

export class Loop {
  private handle = 0;
  private last = 0;
  private budget = 0;
  /** 0..100, see rateAt. */
  speed = 35;

  /** `advance(n)` does n expansions and returns false when the search is over. */
  constructor(private readonly advance: (n: number) => boolean) {}

  get running(): boolean {
    return this.handle !== 0;
  }

  start(): void {
    if (this.handle) return;
    this.last = performance.now();
    // Start with one expansion due, so the first frame already shows progress.
    this.budget = 1;
    this.handle = requestAnimationFrame(this.tick);
  }

  stop(): void {
    if (this.handle) cancelAnimationFrame(this.handle);
    this.handle = 0;
  }

  private readonly tick = (now: number): void => {
    const dt = Math.min(MAX_FRAME_MS, Math.max(0, now - this.last));
    this.last = now;
    this.budget += (rateAt(this.speed) * dt) / 1000;
    const n = Math.floor(this.budget);
    let more = true;
    if (n > 0) {
      this.budget -= n;
      more = this.advance(n);
    }
    this.handle = more ? requestAnimationFrame(this.tick) : 0;
  };
}
