// The embed's animation commands (`astar:play`, `pause`, `step`, `back`, `reset`; www/embed.ts), queued as
// they arrive and applied together on the next turn of the event loop, the queue kept short so that a
// flood of 10,000 messages costs a few operations, not 10,000 searches or redraws. An `astar:set-w` that
// arrives behind queued commands joins the queue (`w`), so it is applied in its place. The queue ends in
// the state that applying every command in order gives:
//   - a reset makes every animation command before it moot (it shows step 0, paused, whatever came
//     before); the last w before it stays;
//   - consecutive w's are the last one;
//   - consecutive steps are summed, and so are consecutive backs (applied as one seek each);
//   - a run of plays and pauses, with nothing between them to watch, is at most "play, pause": a pause
//     before a play changes nothing the play does not, and "play, pause, play" leaves it playing from
//     where the first play started.
// Pure (no page), so unit-tested (embed-commands.test.ts).

export type Command =
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'reset' }
  | { kind: 'step'; n: number }
  | { kind: 'back'; n: number }
  | { kind: 'w'; w: number };

/** Appends `command` to `queue` (changed in place), keeping it as short as the rules above allow. */
export function enqueue(queue: Command[], command: Command): void {
  const last = queue.at(-1);
  switch (command.kind) {
    case 'reset': {
      const lastW = queue.filter((queued) => queued.kind === 'w').at(-1);
      queue.length = 0;
      if (lastW) queue.push(lastW);
      queue.push(command);
      return;
    }
    case 'w':
      if (last?.kind === 'w') queue[queue.length - 1] = command;
      else queue.push(command);
      return;
    case 'step':
    case 'back':
      if (last?.kind === command.kind) last.n += command.n;
      else queue.push({ ...command });
      return;
    case 'pause':
      if (last?.kind !== 'pause') queue.push(command);
      return;
    case 'play': {
      if (last?.kind === 'play') return;
      // Drop the run of plays and pauses this play makes moot (at most "play, pause" by construction).
      while (queue.length && (queue.at(-1)!.kind === 'pause' || queue.at(-1)!.kind === 'play')) {
        const dropped = queue.pop()!;
        if (dropped.kind === 'play') {
          queue.push(dropped);
          return;
        }
      }
      queue.push(command);
      return;
    }
  }
}

/**
 * The step shown after `n` single steps from step `shown` of a search that ends at step `total`: Step on a
 * finished search starts it again at step 1 (App.step), so steps past the end go round.
 */
export function stepsAfter(shown: number, total: number, n: number): number {
  if (total <= 0) return 0;
  const toEnd = total - shown;
  if (n <= toEnd) return shown + n;
  return ((n - toEnd - 1) % total) + 1;
}

/** The step shown after `n` single backs from step `shown` (nothing before step 0). */
export function backsAfter(shown: number, n: number): number {
  return Math.max(0, shown - n);
}
