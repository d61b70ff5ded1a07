// Unit tests of the curve made in slices (www/curve-slices.ts), with a stand-in for the playground's
// `curveFor` and `curveReady`: a short curve is ready at once, a long one is shown in a task after the
// slice that finished it, and one no longer wanted is not made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CurveSlices } from './curve-slices.js';
import type { Playground } from './bridge.js';

/**
 * CurveSlices over a curve that takes `slices` calls of `curveFor`, and the log of those calls and of
 * `made` (each `made` says whether it came in the task of the slice that finished the curve). `done`
 * resolves when `made` is called.
 */
function curveOf(slices: number, wanted = () => true) {
  const log: string[] = [];
  let calls = 0;
  let finishedTaskOver = true;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const pg = {
    curveReady: () => calls >= slices,
    curveFor: (ms: number) => {
      calls += 1;
      log.push(`slice of ${ms} ms`);
      if (calls < slices) return false;
      finishedTaskOver = false;
      queueMicrotask(() => (finishedTaskOver = true));
      return true;
    },
  } as unknown as Playground;
  const curve = new CurveSlices({
    playground: () => pg,
    wanted,
    made: () => {
      log.push(`made, in the ${finishedTaskOver ? 'later task' : 'same task'}`);
      finish();
    },
  });
  return { curve, log, done };
}

test('a curve made by the first slice is ready at once, in a slice of a few ms', () => {
  const { curve, log } = curveOf(1);
  assert.equal(curve.ready(), true);
  assert.equal(curve.ready(), true);
  assert.deepEqual(log, ['slice of 4 ms']);
  curve.close(); // an open port would keep Node's process alive
});

test('a long curve is made in slices of the next tasks and shown in a task after the slice that made it', { timeout: 5000 }, async () => {
  const { curve, log, done } = curveOf(3);
  assert.equal(curve.ready(), false);
  // Asked again meanwhile (a redraw, the legend): no second chain of slices.
  assert.equal(curve.ready(), false);
  await done;
  assert.deepEqual(log, ['slice of 4 ms', 'slice of 20 ms', 'slice of 20 ms', 'made, in the later task']);
  assert.equal(curve.ready(), true);
  curve.close(); // an open port would keep Node's process alive
});

test('a curve no longer wanted (turned off, or a solve began) is not made further', { timeout: 5000 }, async () => {
  let wanted = true;
  const { curve, log } = curveOf(3, () => wanted);
  assert.equal(curve.ready(), false);
  wanted = false;
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(log, ['slice of 4 ms']);
  assert.equal(curve.ready(), false, 'not wanted: not made');
  assert.deepEqual(log, ['slice of 4 ms']);
  curve.close(); // an open port would keep Node's process alive
});
