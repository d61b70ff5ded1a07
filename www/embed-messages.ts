// The embed's postMessage API, a chunk of its own: fetched only when the page runs inside a frame
// (www/embed.ts installEmbed), since a page that is its own parent has nobody to talk to.
//
// postMessage API (documented in the README): the embed accepts
//   { type: 'astar:set-w', w: number }          { type: 'astar:smooth', on?: boolean }  (no `on`: toggle)
//   { type: 'astar:curve', on?: boolean }  (no `on`: toggle; on turns smoothing on, smoothing off turns it off)
//   { type: 'astar:play' }  { type: 'astar:pause' }  { type: 'astar:step' }  { type: 'astar:back' }  { type: 'astar:reset' }
// and posts to its parent { type: 'astar:ready', stats, settings, smooth, curve } once, when the boot has shown the
// map it opens with (the linked one, not the demo solved on the way), then { type: 'astar:stats', ... }
// after every finished search, and { type: 'astar:error', message } for a command it refuses.
//
// Only the parent frame is obeyed (event.source === window.parent, never a page that is its own parent),
// and with `&origin=...` in the embed URL only a parent of a listed origin, which is then also the only
// origin replies are posted to. Messages from anywhere else (a sibling frame, an opener) are ignored
// without a reply. A flood of messages costs a few operations, never one search or redraw per message:
// `astar:set-w` requests coalesce (while one waits for its solve, later ones replace it, and the last is
// applied and answered: App.requestSettings); `astar:smooth` and `astar:curve` likewise (each applied to the
// pair of values waiting, in order, so a toggle toggles the value waiting and the pair ends as the messages
// in order would leave it); play, pause, step, back and reset are queued and applied together on the
// next turn of the event loop, the queue kept short (www/embed-commands.ts: steps summed into one seek,
// repeated resets one), at most MAX_COMMANDS_PER_TURN of them a turn. Either way the page ends where
// applying every message in order would.
import type { App } from './app.js';
import { embedOrigins } from './embed-url.js';
import type { Stats } from './types.js';
import { WEIGHT_MAX } from './generated/core.js';
import { echo } from './echo.js';
import { backsAfter, enqueue, stepsAfter, type Command } from './embed-commands.js';

function payload(app: App, stats: Stats) {
  return {
    stats: {
      outcome: stats.outcome,
      expanded: stats.expanded,
      openPeak: stats.openPeak,
      cost: stats.cost,
      optimalCost: stats.optimalCost,
      overOptimal: stats.overOptimal,
      length: stats.length,
      // Null while a big map's long path is still being smoothed, or its curve made when Curve is on
      // (posted again once it is).
      smoothedLength: stats.smoothingPending ? null : stats.smoothedLength,
      smoothedSegments: stats.smoothingPending ? null : stats.smoothedSegments,
      timeUs: stats.timeUs,
      details: stats.details,
      meetingCell: stats.meetingCell,
    },
    settings: { ...app.settings() },
    smooth: app.options.smooth,
    curve: app.options.curve,
  };
}

/** Posts to the parent frame, if any; set by installMessages. */
let post: (message: object) => void = () => {};
/** 'astar:ready' has been posted: searches are reported from then on. */
let announced = false;

/**
 * Posts 'astar:ready' with the stats of the map shown. The page calls it once its boot is complete (the
 * link or saved view opened): searches before it (the demo solved on the way) are not reported.
 */
export function announceReady(app: App): void {
  if (announced || !app.stats) return;
  announced = true;
  post({ type: 'astar:ready', ...payload(app, app.stats) });
}

/** The most queued animation commands applied in one turn of the event loop; the rest wait for the next. */
const MAX_COMMANDS_PER_TURN = 16;

/** Applies one queued command: a sum of steps or backs is one seek (a single one, the app's own Step or Back). */
function apply(app: App, command: Command): void {
  switch (command.kind) {
    case 'play':
      return app.play();
    case 'pause':
      return app.pause();
    case 'reset':
      return app.reset();
    case 'w':
      app.changeSettings({ w: command.w });
      return;
    case 'step':
      if (command.n === 1) return app.step();
      // A w waiting for its solve is applied first, as Step would: the search it gives is the one stepped.
      app.flushSettings();
      return app.seek(stepsAfter(app.shownStep(), app.total, command.n));
    case 'back':
      if (command.n === 1) return app.back();
      app.flushSettings();
      return app.seek(backsAfter(app.shownStep(), command.n));
  }
}

/**
 * The commands waiting for the next turn of the event loop: the smoothing and curve the messages so far
 * leave (applied to the pair in order: the curve needs smoothing), and the animation queue.
 */
function commandQueue(app: App) {
  const queue: Command[] = [];
  let path: { smooth: boolean; curve: boolean } | null = null;
  const waiting = () => path ?? { smooth: app.options.smooth, curve: app.options.curve };
  let timer = 0;
  const later = () => {
    if (!timer) timer = window.setTimeout(run, 0);
  };
  const run = () => {
    timer = 0;
    if (path && (path.smooth !== app.options.smooth || path.curve !== app.options.curve)) {
      // setCurve(true) turns smoothing on; otherwise smoothing first, then the curve off if it is still on.
      if (path.curve) app.setCurve(true);
      else {
        app.setSmooth(path.smooth);
        if (app.options.curve) app.setCurve(false);
      }
    }
    path = null;
    for (const command of queue.splice(0, MAX_COMMANDS_PER_TURN)) apply(app, command);
    if (queue.length) later();
  };
  return {
    add(command: Command): void {
      enqueue(queue, command);
      later();
    },
    /** `on`, or (undefined) the opposite of the value waiting or shown. */
    smooth(on: boolean | undefined): void {
      const now = waiting();
      const smooth = on ?? !now.smooth;
      path = { smooth, curve: smooth && now.curve };
      later();
    },
    /** `on`, or (undefined) the opposite of the curve waiting or shown; a curve turns smoothing on. */
    curve(on: boolean | undefined): void {
      const now = waiting();
      const curve = on ?? !now.curve;
      path = { smooth: now.smooth || curve, curve };
      later();
    },
    /** A w behind queued commands waits in its place; otherwise it coalesces with the app's own request. */
    setW(w: number): void {
      if (queue.length) this.add({ kind: 'w', w });
      else app.requestSettings({ w });
    },
  };
}

/** Answers the parent frame's commands; `early` are the messages that came before this chunk did, in order. */
export function installMessages(app: App, early: MessageEvent[]): void {
  const parent = window.parent;
  const origins = embedOrigins(location.search);
  // With origins listed, each reply is posted once per origin: the browser delivers it only if the parent
  // has that origin.
  const targets = origins ?? ['*'];
  post = (message: object) => {
    if (parent === window) return;
    for (const target of targets) parent.postMessage(message, target);
  };
  const fromParent = (event: MessageEvent) =>
    parent !== window && event.source === parent && (origins === null || origins.includes(event.origin));
  app.on('searched', (stats, final) => {
    if (final && announced) post({ type: 'astar:stats', ...payload(app, stats) });
  });
  // A big map's path is announced before its smoothing (smoothedLength null) or its optimum (optimalCost
  // null), then again with each.
  app.on('compared', (stats) => {
    if (announced) post({ type: 'astar:stats', ...payload(app, stats) });
  });
  const commands = commandQueue(app);
  const receive = (event: MessageEvent) => {
    if (!fromParent(event)) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) return;
    const command = data as { type?: unknown; w?: unknown; on?: unknown };
    if (typeof command.type !== 'string' || !command.type.startsWith('astar:')) return;
    switch (command.type) {
      case 'astar:set-w':
        if (typeof command.w !== 'number' || !Number.isFinite(command.w) || command.w < 0 || command.w > WEIGHT_MAX) {
          post({ type: 'astar:error', message: `astar:set-w needs a number w from 0 to ${WEIGHT_MAX}` });
          return;
        }
        commands.setW(Math.round(command.w * 10) / 10);
        return;
      case 'astar:smooth':
      case 'astar:curve':
        if (command.on !== undefined && typeof command.on !== 'boolean') {
          post({ type: 'astar:error', message: `${command.type} needs on: true or false (or no on, to toggle)` });
          return;
        }
        commands[command.type === 'astar:smooth' ? 'smooth' : 'curve'](command.on);
        return;
      case 'astar:play':
        commands.add({ kind: 'play' });
        return;
      case 'astar:pause':
        commands.add({ kind: 'pause' });
        return;
      case 'astar:step':
        commands.add({ kind: 'step', n: 1 });
        return;
      case 'astar:back':
        commands.add({ kind: 'back', n: 1 });
        return;
      case 'astar:reset':
        commands.add({ kind: 'reset' });
        return;
      case 'astar:stats':
      case 'astar:ready':
      case 'astar:error':
        return; // our own kinds of message, echoed back by a parent: not commands
      default:
        post({ type: 'astar:error', message: `unknown command ${JSON.stringify(echo(command.type))}` });
    }
  };
  for (const event of early) receive(event);
  window.addEventListener('message', receive);
}

