// Unit tests of the embed's command queue: a flood is a few operations, ending where every command
// applied in order would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backsAfter, enqueue, stepsAfter, type Command } from './embed-commands.js';

function queued(commands: Command[]): Command[] {
  const queue: Command[] = [];
  for (const command of commands) enqueue(queue, command);
  return queue;
}

const step: Command = { kind: 'step', n: 1 };
const back: Command = { kind: 'back', n: 1 };
const play: Command = { kind: 'play' };
const pause: Command = { kind: 'pause' };
const reset: Command = { kind: 'reset' };

test('10,000 steps are one step of 10,000; backs likewise; a step between backs keeps them apart', () => {
  assert.deepEqual(queued(Array(10_000).fill(step)), [{ kind: 'step', n: 10_000 }]);
  assert.deepEqual(queued([back, back, step, back]), [{ kind: 'back', n: 2 }, { kind: 'step', n: 1 }, { kind: 'back', n: 1 }]);
  // The commands given are not changed by the summing.
  assert.deepEqual(step, { kind: 'step', n: 1 });
});

test('a reset drops everything before it; repeated resets are one', () => {
  assert.deepEqual(queued(Array(1000).fill(reset)), [reset]);
  assert.deepEqual(queued([step, play, back, reset, step, step]), [reset, { kind: 'step', n: 2 }]);
});

test('w joins the queue in its place: consecutive ones are the last, and a reset keeps the last before it', () => {
  const w = (value: number): Command => ({ kind: 'w', w: value });
  assert.deepEqual(queued([step, w(1), w(2), w(3), step]), [step, w(3), step]);
  assert.deepEqual(queued([w(1), step, w(2), step, reset]), [w(2), reset]);
  assert.deepEqual(queued([step, w(4), play, pause, play]), [step, w(4), play]);
});

test('runs of plays and pauses are at most "play, pause"', () => {
  assert.deepEqual(queued(Array(5000).fill(pause)), [pause]);
  assert.deepEqual(queued(Array(5000).fill(play)), [play]);
  assert.deepEqual(queued([play, pause, play, pause, play, pause]), [play, pause]);
  assert.deepEqual(queued([pause, play, pause, play]), [play]);
  assert.deepEqual(queued([step, pause, play]), [step, play]);
  assert.deepEqual(queued([play, step, pause, play, pause]), [play, step, play, pause]);
});

test('steps go round past the end as Step does; backs stop at step 0', () => {
  assert.equal(stepsAfter(0, 100, 10), 10);
  assert.equal(stepsAfter(0, 100, 100), 100);
  assert.equal(stepsAfter(100, 100, 1), 1, 'Step on a finished search starts it again');
  assert.equal(stepsAfter(95, 100, 6), 1);
  assert.equal(stepsAfter(95, 100, 105), 100);
  assert.equal(stepsAfter(95, 100, 106), 1);
  assert.equal(stepsAfter(0, 0, 10_000), 0, 'a search with no expansions stays at 0');
  // The sum against one step at a time.
  for (const [shown, total] of [[0, 7], [3, 7], [7, 7], [0, 1], [1, 1]]) {
    let at = shown;
    for (let n = 1; n <= 30; n++) {
      at = at >= total ? 1 : at + 1;
      assert.equal(stepsAfter(shown, total, n), at, `${n} steps from ${shown} of ${total}`);
    }
  }
  assert.equal(backsAfter(10, 3), 7);
  assert.equal(backsAfter(10, 10_000), 0);
});
