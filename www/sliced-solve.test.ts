// Unit tests of the solve run in slices (www/sliced-solve.ts), with a stand-in for the playground's
// `solveFor`: which task shows a result, and that a superseded solve shows nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NextTask } from './next-task.js';
import { SHOWS_REMEMBERED, SLICE_AND_SHOW_MS, SLICE_MS, SPENT_BEFORE_SLICE_MS, SlicedSolve, type SliceHooks } from './sliced-solve.js';
import type { Stats } from './types.js';

/** Stats as the core gives them; only what SlicedSolve reads matters here. */
function statsWith(expanded: number, optimumPending = false, smoothingPending = false): Stats {
  return { expanded, optimumPending, smoothingPending } as unknown as Stats;
}

/** Closes the channel `solve` runs its slices through: Node keeps a process alive while a port listens. */
function closePorts(solve: SlicedSolve): void {
  (solve as unknown as { nextTask: NextTask<unknown> }).nextTask.close();
}

/**
 * Hooks for a SlicedSolve that log what it tells the app in `log`: `solving`, `failed` and `strokeEnded`
 * always so, `compared` as 'compared' unless given; `costBefore` is undefined (no stroke).
 */
function loggedHooks(log: string[], hooks: Pick<SliceHooks, 'solveFor' | 'finished'> & Partial<SliceHooks>): SliceHooks {
  return {
    costBefore: () => undefined,
    solving: (on) => log.push(`solving ${on}`),
    compared: () => log.push('compared'),
    failed: (err) => log.push(`failed ${String(err)}`),
    strokeEnded: () => log.push('stroke ended'),
    ...hooks,
  };
}

/**
 * A SlicedSolve whose solves take `slicesEach[i]` calls of `solveFor` (null until the last), and the log
 * of what it told the app. Each entry says whether it came in the task of the slice that found the
 * result ('same task') or in a later one: the slice that finds it queues a microtask, which runs at the
 * end of its own task, before any later one. Showing a result takes `showMs` (a busy wait; for each solve
 * in turn when a list). `done`
 * resolves when the last solve's result is shown.
 */
function slicedSolve(slicesEach: number[], showMs: number | number[] = 0): {
  solve: SlicedSolve;
  log: string[];
  done: Promise<void>;
  /** Runs `then` at the end of the task whose slice finds solve number `index`'s result. */
  onFound: (index: number, then: () => void) => void;
} {
  const log: string[] = [];
  const whenFound = new Map<number, () => void>();
  let call = 0;
  let solveIndex = -1;
  let foundTaskOver = true;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const where = () => (foundTaskOver ? 'later task' : 'same task');
  const hooks = loggedHooks(log, {
    solveFor: () => {
      call += 1;
      if (call < slicesEach[solveIndex]) return null;
      foundTaskOver = false;
      queueMicrotask(() => (foundTaskOver = true));
      const then = whenFound.get(solveIndex);
      if (then) queueMicrotask(then);
      return statsWith(100 + solveIndex);
    },
    finished: (stats) => {
      log.push(`finished ${stats.expanded} in the ${where()}`);
      const end = performance.now() + (Array.isArray(showMs) ? showMs[solveIndex] : showMs);
      while (performance.now() < end);
      if (solveIndex === slicesEach.length - 1) finish();
    },
    compared: (stats) => log.push(`compared ${stats.expanded}`),
  });
  const solve = new SlicedSolve(hooks);
  // The channel's ports close once the last result is in (see closePorts).
  void done.then(() => setTimeout(() => closePorts(solve), 0));
  const start = solve.start.bind(solve);
  solve.start = (atOnce: boolean, spentMs?: number) => {
    solveIndex += 1;
    call = 0;
    start(atOnce, spentMs);
  };
  return { solve, log, done, onFound: (index, then) => whenFound.set(index, then) };
}

test('a solve found in its first slice is shown at once, in the task that asked for it', () => {
  const { solve, log } = slicedSolve([1]);
  solve.start(false);
  assert.deepEqual(log, ['finished 100 in the same task']);
  assert.equal(solve.pending, false);
});

test('a solve asked for by a task that has run past SPENT_BEFORE_SLICE_MS gets its first slice in the next task', { timeout: 5000 }, async () => {
  const late = slicedSolve([1]);
  late.solve.start(false, SPENT_BEFORE_SLICE_MS + 1);
  assert.deepEqual(late.log, [], 'no slice in the asking task');
  assert.equal(late.solve.pending, true);
  await late.done;
  // Found by that slice, it is shown in a task after it, unannounced.
  assert.deepEqual(late.log, ['finished 100 in the later task']);
  assert.equal(late.solve.pending, false);
  // Up to the limit, or asked for at once, the solve runs in the asking task.
  for (const [atOnce, spentMs] of [[false, SPENT_BEFORE_SLICE_MS], [true, 1000]] as const) {
    const { solve, log } = slicedSolve([1]);
    solve.start(atOnce, spentMs);
    assert.deepEqual(log, ['finished 100 in the same task'], `at once ${atOnce}, ${spentMs} ms spent`);
  }
});

test('the time a task spent before asking for a solve shortens the first slice and counts toward showing its result in that task', { timeout: 5000 }, async () => {
  const budgets: number[] = [];
  const log: string[] = [];
  let showMs = 0;
  let finish: () => void = () => undefined;
  const solve = new SlicedSolve(loggedHooks(log, {
    solveFor: (budgetMs) => {
      budgets.push(budgetMs);
      return statsWith(budgets.length);
    },
    finished: (stats) => {
      log.push(`finished ${stats.expanded}`);
      const end = performance.now() + showMs;
      while (performance.now() < end);
      finish();
    },
  }));
  try {
    showMs = SLICE_AND_SHOW_MS - 5;
    solve.start(false, 8);
    assert.deepEqual(budgets, [SLICE_MS - 8]);
    assert.deepEqual(log, ['finished 1'], 'shown in the asking task: nothing was shown before it');
    // With that showing's time, 6 ms spent before the slice pass SLICE_AND_SHOW_MS: the result waits a task.
    showMs = 0;
    const shown = new Promise<void>((resolve) => (finish = resolve));
    solve.start(false, 6);
    assert.deepEqual(budgets, [SLICE_MS - 8, SLICE_MS - 6]);
    assert.deepEqual(log, ['finished 1']);
    assert.equal(solve.pending, true);
    await shown;
    assert.deepEqual(log, ['finished 1', 'finished 2']);
  } finally {
    solve.close();
  }
});

test('a solve found in a later slice is shown in a task after that slice, pending until then', { timeout: 5000 }, async () => {
  const { solve, log, done } = slicedSolve([3]);
  solve.start(false);
  assert.deepEqual(log, ['solving true']);
  assert.equal(solve.pending, true);
  await done;
  assert.deepEqual(log, ['solving true', 'solving false', 'finished 100 in the later task']);
  assert.equal(solve.pending, false);
});

test('a solve superseded while its found result waits for its task is never shown', { timeout: 5000 }, async () => {
  const { solve, log, done, onFound } = slicedSolve([2, 3]);
  // A new solve begins at the end of the task whose slice found the first one's result: before the task
  // that would show it.
  onFound(0, () => solve.start(false));
  solve.start(false);
  await done;
  assert.deepEqual(log, ['solving true', 'solving false', 'solving true', 'solving false', 'finished 101 in the later task']);
});

test('a result whose showing, as long as the last one, would make its slice’s task too long is shown in the next task, unannounced', { timeout: 5000 }, async () => {
  const { solve, log, done } = slicedSolve([1, 1], SLICE_AND_SHOW_MS + 5);
  solve.start(false);
  assert.deepEqual(log, ['finished 100 in the same task']);
  // The same showing again, after a slice of any length, would pass SLICE_AND_SHOW_MS: it waits a task,
  // pending meanwhile, without "Solving…" (solving(true), nor so solving(false)): the result is found.
  solve.start(false);
  assert.equal(solve.pending, true);
  await done;
  assert.deepEqual(log, ['finished 100 in the same task', 'finished 101 in the later task']);
});

test('a long showing among the last SHOWS_REMEMBERED keeps results in tasks of their own after quick showings', { timeout: 5000 }, async () => {
  const quick = Array(SHOWS_REMEMBERED - 1).fill(0);
  const { solve, log, done } = slicedSolve(Array(SHOWS_REMEMBERED + 2).fill(1), [SLICE_AND_SHOW_MS + 5, ...quick, 0, 0]);
  const shown = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (log.length >= n ? resolve() : setTimeout(check, 1));
      check();
    });
  // A failed assertion leaves results unshown: the channel is closed then too, or the process would wait on it.
  try {
    solve.start(false);
    // The long showing and the SHOWS_REMEMBERED - 1 quick ones after it: each waits for a task of its own.
    for (let n = 2; n <= SHOWS_REMEMBERED + 1; n++) {
      solve.start(false);
      assert.equal(solve.pending, true, `solve ${n}: the long showing is among the last ${SHOWS_REMEMBERED}`);
      await shown(n);
    }
    // One more quick showing pushes the long one out: the next result is shown in its slice's task.
    solve.start(false);
    assert.equal(solve.pending, false);
    await done;
  } finally {
    closePorts(solve);
  }
  assert.deepEqual(log, [
    'finished 100 in the same task',
    ...Array.from({ length: SHOWS_REMEMBERED }, (_, i) => `finished ${101 + i} in the later task`),
    `finished ${101 + SHOWS_REMEMBERED} in the same task`,
  ]);
});

test('a path shown before its smoothing and its optimum is shown once, then compared twice, comparing until the last', { timeout: 5000 }, async () => {
  // The core's hand-overs in order: the path with both pending, the smoothing with the optimum pending,
  // nothing pending; a null (a slice that handed nothing over) between each.
  const answers: (Stats | null)[] = [statsWith(7, true, true), null, statsWith(7, true, false), null, statsWith(7)];
  const log: string[] = [];
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const solve: SlicedSolve = new SlicedSolve(loggedHooks(log, {
    solveFor: () => answers.shift() ?? null,
    finished: (stats) => log.push(`finished smoothing ${stats.smoothingPending} optimum ${stats.optimumPending} comparing ${solve.comparing}`),
    compared: (stats) => {
      log.push(`compared smoothing ${stats.smoothingPending} optimum ${stats.optimumPending} comparing ${solve.comparing}`);
      if (answers.length === 0) finish();
    },
  }));
  solve.start(false);
  assert.equal(solve.comparing, true);
  assert.equal(solve.pending, false);
  await done;
  closePorts(solve);
  assert.deepEqual(log, [
    'finished smoothing true optimum true comparing true',
    'compared smoothing false optimum true comparing true',
    'compared smoothing false optimum false comparing false',
  ]);
});

test('what a shown path waited for, found by a slice that with its showing would be too long, comes in the next task', { timeout: 5000 }, async () => {
  const log: string[] = [];
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let sliceTaskOver = true;
  const answers: (() => Stats | null)[] = [
    () => statsWith(7, false, true),
    () => {
      // A slice as long as the whole budget for a slice and a showing together.
      const end = performance.now() + SLICE_AND_SHOW_MS + 5;
      while (performance.now() < end);
      sliceTaskOver = false;
      queueMicrotask(() => (sliceTaskOver = true));
      return statsWith(7);
    },
  ];
  const solve: SlicedSolve = new SlicedSolve(loggedHooks(log, {
    solveFor: () => answers.shift()?.() ?? null,
    finished: (stats) => log.push(`finished smoothing ${stats.smoothingPending}`),
    compared: () => {
      log.push(`compared in the ${sliceTaskOver ? 'later' : 'same'} task`);
      finish();
    },
  }));
  solve.start(false);
  await done;
  closePorts(solve);
  assert.deepEqual(log, ['finished smoothing true', 'compared in the later task']);
});

test('a solve started soon runs no slice in the task that asks: found in its first slice, it is shown in the task after', { timeout: 5000 }, async () => {
  const log: string[] = [];
  let calls = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const solve = new SlicedSolve(loggedHooks(log, {
    solveFor: () => {
      calls += 1;
      return statsWith(5);
    },
    finished: (stats) => {
      log.push(`finished ${stats.expanded}`);
      finish();
    },
  }));
  solve.startSoon();
  assert.equal(calls, 0, 'no slice in the asking task');
  assert.equal(solve.pending, true);
  await done;
  solve.close();
  // Found by its first slice, the result waits for a task of its own (the slice's task may be the one
  // after a long showing); never announced, as it was found at once.
  assert.deepEqual(log, ['finished 5']);
  assert.equal(calls, 1);
  assert.equal(solve.pending, false);
});

test('finishNow runs the solve under way to its end in the calling task: what a shown result waited for, or the result itself, and nothing later', { timeout: 5000 }, async () => {
  // As the core does: a budgeted slice hands over the path before its optimum; a slice without a budget
  // hands over everything.
  const log: string[] = [];
  const solve = new SlicedSolve(loggedHooks(log, {
    solveFor: (budgetMs) => (budgetMs === Infinity ? statsWith(9) : statsWith(9, true, false)),
    finished: (stats) => log.push(`finished ${stats.expanded} optimum pending ${stats.optimumPending}`),
    compared: (stats) => log.push(`compared ${stats.expanded} optimum pending ${stats.optimumPending}`),
  }));
  // A path shown before its optimum, the optimum still searched for in slices: finished now.
  solve.start(false);
  assert.equal(solve.comparing, true);
  solve.finishNow();
  assert.deepEqual(log, ['finished 9 optimum pending true', 'compared 9 optimum pending false']);
  assert.equal(solve.comparing, false);
  // A solve started soon, no slice run yet: its first slice is the whole solve, shown now.
  solve.startSoon();
  solve.finishNow();
  assert.deepEqual(log.slice(2), ['finished 9 optimum pending false']);
  assert.equal(solve.pending, false);
  // The slices both queued find no solve under way: nothing more is shown.
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(log.length, 3);
  solve.close();
});

test('a closed solve shows nothing of the solve it had under way', { timeout: 5000 }, async () => {
  const log: string[] = [];
  const solve = new SlicedSolve(loggedHooks(log, {
    solveFor: () => statsWith(3),
    finished: (stats) => log.push(`finished ${stats.expanded}`),
  }));
  solve.startSoon();
  solve.close();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(log, []);
  assert.equal(solve.pending, false);
});
