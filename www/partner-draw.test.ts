// Unit tests of when compare mode's second pane is drawn (www/partner-draw.ts): in the task of a quick
// first drawing, in the next task after a long one, and once for what was asked meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PARTNER_LATER_MS, PartnerDraw, type PartnerHow } from './partner-draw.js';

/**
 * Runs `body` with a PartnerDraw that logs its drawings in `draws`, and `nextTask`, a wait for the drawing
 * put off to a later task (until one more is drawn, then a few tasks more, so that a second drawing would be
 * seen too). Closes the PartnerDraw's channel afterwards, failed or not: an open port keeps Node alive.
 */
async function withPartner(body: (draws: PartnerHow[], partner: PartnerDraw, nextTask: () => Promise<void>) => void | Promise<void>): Promise<void> {
  const draws: PartnerHow[] = [];
  const partner = new PartnerDraw((how) => draws.push(how));
  const nextTask = async () => {
    const drawnBefore = draws.length;
    for (let waited = 0; draws.length === drawnBefore && waited < 2000; waited += 5) await new Promise((done) => setTimeout(done, 5));
    await new Promise((done) => setTimeout(done, 20));
  };
  try {
    await body(draws, partner, nextTask);
  } finally {
    partner.close();
  }
}

test('after a quick drawing of the first pane, the second is drawn in the same task', () =>
  withPartner((draws, partner) => {
    partner.after('full', 0);
    partner.after('compose', PARTNER_LATER_MS);
    assert.deepEqual(draws, ['full', 'compose']);
  }));

test('after a long drawing of the first pane, the second is drawn in the next task', () =>
  withPartner(async (draws, partner, nextTask) => {
    partner.after('compose', PARTNER_LATER_MS + 1);
    assert.deepEqual(draws, []);
    await nextTask();
    assert.deepEqual(draws, ['compose']);
  }));

test('what is asked while a drawing waits joins it: one drawing, every cell when either asked for that', () =>
  withPartner(async (draws, partner, nextTask) => {
    partner.after('compose', 40);
    partner.after('full', 0);
    partner.after('compose', 0);
    assert.deepEqual(draws, []);
    await nextTask();
    assert.deepEqual(draws, ['full']);
    // Once drawn, a quick drawing of the first pane has the second drawn at once again.
    partner.after('compose', 1);
    assert.deepEqual(draws, ['full', 'compose']);
  }));
