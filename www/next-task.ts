// A task of its own for work that would make the current one long: `post` runs the callback in a later task,
// after the browser has painted and handled input if it needed to. A MessageChannel is the way to get one
// without setTimeout's clamping (4 ms after a few nested calls) or requestAnimationFrame's wait for a frame.
// The sliced solve, the curve made in slices and compare mode's second pane each hold one.

export class NextTask<T = null> {
  private readonly channel = new MessageChannel();

  constructor(run: (data: T) => void) {
    this.channel.port1.onmessage = (event: MessageEvent<T>) => run(event.data);
  }

  /** Runs the callback with `data` in a task of its own, after the tasks already queued. */
  post(data: T): void {
    this.channel.port2.postMessage(data);
  }

  /** Stops the callback for good: an open port keeps its owner alive (and Node's process running). */
  close(): void {
    this.channel.port1.close();
    this.channel.port2.close();
  }
}
