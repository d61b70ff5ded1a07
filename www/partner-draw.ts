// When compare mode's second pane is drawn after the first. In the same task when the first pane's drawing
// was quick (a small map: both panes change together, as they always did); in a task of its own after a
// long one, so that the two drawings of a big map do not add up to one long task (turning Smooth path on
// over a 1,024 x 1,024 maze drew pane A in about 37 ms and pane B in 20-27, one task of 61-69 ms).

/** How the second pane is drawn: every cell recoloured, or only the overlays. */
export type PartnerHow = 'full' | 'compose';

/** A first pane's drawing longer than this (ms) has the second pane drawn in the next task. */
export const PARTNER_LATER_MS = 16;

export class PartnerDraw {
  private readonly channel = new MessageChannel();
  /** The drawing waiting for the next task, or null. */
  private pending: PartnerHow | null = null;

  constructor(private readonly draw: (how: PartnerHow) => void) {
    this.channel.port1.onmessage = () => {
      const how = this.pending;
      this.pending = null;
      if (how) this.draw(how);
    };
  }

  /**
   * Draws the second pane `how`, now when the first pane's drawing in this task took at most
   * PARTNER_LATER_MS (`spentMs`), else in the next task. A drawing asked for while one waits joins it
   * (recolouring every cell covers drawing the overlays).
   */
  after(how: PartnerHow, spentMs: number): void {
    if (this.pending === null && spentMs <= PARTNER_LATER_MS) {
      this.draw(how);
      return;
    }
    const waiting = this.pending !== null;
    this.pending = this.pending === 'full' || how === 'full' ? 'full' : 'compose';
    if (!waiting) this.channel.port2.postMessage(null);
  }

  /** Closes the channel (an open port keeps its owner alive). */
  close(): void {
    this.channel.port1.close();
    this.channel.port2.close();
  }
}
