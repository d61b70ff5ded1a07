// Unit tests of when compare mode's second pane is drawn (www/compare/pane-drawing.ts): in the task of a
// quick drawing of the page's pane, in the next task after a long one, and once for what was asked meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LATER_AFTER_MS, PaneDrawing, type DrawHow } from './pane-drawing.js';

/**
 * Runs `body` with a PaneDrawing that logs its drawings in `drawn`, and `untilDrawn`, which waits until one
 * more drawing is made (at most 2 s), then a few tasks more, so that a second drawing would be seen too.
 * Closes the PaneDrawing's channel afterwards, failed or not: an open port keeps Node alive.
 */
async function withDrawing(body: (drawn: DrawHow[], drawing: PaneDrawing, untilDrawn: () => Promise<void>) => void | Promise<void>): Promise<void> {
  const drawn: DrawHow[] = [];
  const drawing = new PaneDrawing((how) => drawn.push(how));
  const untilDrawn = async () => {
    const before = drawn.length;
    for (let waited = 0; drawn.length === before && waited < 2000; waited += 5) await new Promise((done) => setTimeout(done, 5));
    await new Promise((done) => setTimeout(done, 20));
  };
  try {
    await body(drawn, drawing, untilDrawn);
  } finally {
    drawing.close();
  }
}

test('after a quick drawing of the page\'s pane, or with no time given, the second pane is drawn in the same task', () =>
  withDrawing((drawn, drawing) => {
    drawing.draw('full', 0);
    drawing.draw('compose', LATER_AFTER_MS);
    drawing.draw('frame');
    assert.deepEqual(drawn, ['full', 'compose', 'frame']);
  }));

test('after a long drawing of the page\'s pane, the second pane is drawn in the next task; a step\'s frame never waits', () =>
  withDrawing(async (drawn, drawing, untilDrawn) => {
    drawing.draw('compose', LATER_AFTER_MS + 1);
    assert.deepEqual(drawn, []);
    await untilDrawn();
    assert.deepEqual(drawn, ['compose']);
    drawing.draw('frame', 40);
    assert.deepEqual(drawn, ['compose', 'frame']);
  }));

test('what is put off meanwhile joins the drawing waiting: one drawing, every cell when either asked for that', () =>
  withDrawing(async (drawn, drawing, untilDrawn) => {
    drawing.draw('compose', 40);
    drawing.draw('full', 30);
    drawing.draw('compose', 20);
    assert.deepEqual(drawn, []);
    await untilDrawn();
    assert.deepEqual(drawn, ['full']);
  }));

test('a drawing asked for now takes in the one waiting, which is then not drawn again', () =>
  withDrawing(async (drawn, drawing, untilDrawn) => {
    drawing.draw('full', 40);
    drawing.draw('frame');
    assert.deepEqual(drawn, ['full']);
    drawing.draw('compose', 40);
    drawing.draw('frame');
    assert.deepEqual(drawn, ['full', 'frame']);
    await untilDrawn();
    assert.deepEqual(drawn, ['full', 'frame']);
  }));
