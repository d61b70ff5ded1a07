// The page's state machine as one pure function: the phase after an event, from the phase before it.
// The table it implements is written down at the top of www/app.ts (the app sends the events, in the
// order things happen); www/phase.test.ts checks this function against that table, row by row. An event
// that the table does not list for a phase leaves the phase as it is. No DOM, no wasm: the app decides
// what an event does to the search (restart, step, solve), this only says which phase follows.

export type Phase = 'ready' | 'running' | 'paused' | 'finished' | 'editing' | 'edited';

export const PHASES: readonly Phase[] = ['ready', 'running', 'paused', 'finished', 'editing', 'edited'];

/** The phase before the first event: the page opens on the demo map, solved. */
export const BOOT_PHASE: Phase = 'finished';

/** Events that need nothing but their name. */
export type SimpleEvent =
  /** Play (or P, or the embed's `astar:play`). */
  | 'play'
  /** Pause. */
  | 'pause'
  /** The animation showed the search's last expansion. */
  | 'last expansion'
  /** Step showed one more expansion; the search goes on. */
  | 'step'
  /** Step showed the search's last expansion. */
  | 'step to the end'
  /** Reset: back to step 0. */
  | 'reset'
  /** The timeline (or Back, or a loaded view) showed step 0. */
  | 'seek 0'
  /** The timeline (or Back, or a loaded view) showed a step inside the search. */
  | 'seek k'
  /** The timeline (or a loaded view) showed the end of the search. */
  | 'seek to the end'
  /** Re-solved at once outside an edit stroke: a control changed, a view was loaded. */
  | 'solve'
  /** Re-solved inside an edit stroke (each edit re-solves, at most once a frame). */
  | 'stroke solve'
  /** An edit stroke began (pointer down on the map; a single edit is a stroke of its own). */
  | 'pointer down'
  /** The stroke ended having changed the map or its end cells. */
  | 'pointer up';

/** The stroke ended having changed nothing: back to the phase it began in. */
export interface NothingChanged {
  readonly type: 'pointer up, nothing changed';
  /** The phase when the stroke began. */
  readonly before: Phase;
}

export type PhaseEvent = SimpleEvent | NothingChanged;

/** The phase after `event` in `phase`. */
export function nextPhase(phase: Phase, event: PhaseEvent): Phase {
  if (typeof event !== 'string') {
    // The stroke stopped a running animation where it was: it stays paused there.
    if (phase !== 'editing') return phase;
    return event.before === 'running' ? 'paused' : event.before;
  }
  switch (event) {
    case 'play':
      return phase === 'running' ? phase : 'running';
    case 'pause':
      return phase === 'running' ? 'paused' : phase;
    case 'last expansion':
      return phase === 'running' ? 'finished' : phase;
    case 'step':
    case 'seek k':
      return 'paused';
    case 'step to the end':
    case 'seek to the end':
    case 'solve':
      return 'finished';
    case 'reset':
    case 'seek 0':
      return 'ready';
    case 'stroke solve':
    case 'pointer down':
      return 'editing';
    case 'pointer up':
      return phase === 'editing' ? 'edited' : phase;
  }
}
