// Unit tests of what the legend lists: the algorithm's marks in order, only the terrains on the map, heat in
// place of the closed shades, parent segments only where drawn, the dashed/solid pair with smoothing, the
// current cell only while the search runs, and the numbers and the inspector's marks only while drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { legendEntries, type LegendInput } from './legend-entries.js';

const base: LegendInput = {
  marks: ['open', 'closed', 'current'],
  present: [true, true, false, false, false],
  costs: { plain: 10, road: 7, forest: 30, swamp: 50 },
  heat: false,
  smooth: false,
  curveStraight: null,
  path: true,
  parents: false,
  cursor: false,
  finished: false,
  numbers: null,
  chain: false,
  optimal: false,
  detourEnds: false,
};
const marks = (input: Partial<LegendInput>) => legendEntries({ ...base, ...input }).map((e) => e.mark);

test('the legend lists the terrains present, the marks in registry order, the path and the ends', () => {
  assert.deepEqual(marks({}), ['wall', 'plain', 'open', 'closed', 'current', 'path', 'start', 'goal']);
  assert.deepEqual(
    marks({ marks: ['open', 'closed', 'current', 'open-backward', 'closed-backward', 'meeting'], present: [false, true, true, true, false], path: false }),
    ['plain', 'forest', 'swamp', 'open', 'closed', 'current', 'open-backward', 'closed-backward', 'meeting', 'start', 'goal'],
  );
  const forest = legendEntries({ ...base, present: [true, true, true, false] }).find((e) => e.mark === 'forest')!;
  assert.equal(forest.label, 'forest (3)');
  const open = legendEntries({ ...base, present: [true, true, true, true] }).find((e) => e.mark === 'open')!;
  assert.equal(open.swatch.kind === 'fill' && open.swatch.colours.length, 3, 'plain, forest and swamp shades');
  const withRoad = legendEntries({ ...base, present: [true, true, false, false, true] });
  assert.deepEqual(withRoad.slice(0, 3).map((e) => e.label), ['wall', 'plain (cost 1)', 'road (0.7)']);
  const openOnRoad = withRoad.find((e) => e.mark === 'open')!;
  assert.equal(openOnRoad.swatch.kind === 'fill' && openOnRoad.swatch.colours.length, 2, 'road and plain shades');
});

test('heat replaces both closed shades by one scale; parents and the cursor only when drawn; smoothing pairs the paths', () => {
  const heat = marks({ marks: ['open', 'closed', 'current', 'open-backward', 'closed-backward'], heat: true });
  assert.deepEqual(heat.filter((m) => ['closed', 'closed-backward', 'heat'].includes(m)), ['heat']);
  assert.ok(!marks({ marks: ['open', 'closed', 'parent-segments'] }).includes('parent-segments'));
  assert.ok(marks({ marks: ['open', 'closed', 'parent-segments'], parents: true }).includes('parent-segments'));
  assert.ok(marks({ cursor: true }).includes('cursor'));
  const smooth = legendEntries({ ...base, smooth: true });
  assert.deepEqual(
    smooth.filter((e) => e.swatch.kind === 'line').map((e) => [e.mark, e.swatch.kind === 'line' && e.swatch.dashed]),
    [
      ['path', true],
      ['smoothed', false],
    ],
  );
  const lines = (input: Partial<typeof base>) =>
    legendEntries({ ...base, ...input }).filter((e) => e.swatch.kind === 'line').map((e) => e.mark);
  assert.deepEqual(lines({ smooth: true, curveStraight: 0 }), ['path', 'curve'], 'a curve with no piece left straight');
  assert.deepEqual(lines({ smooth: true, curveStraight: 2 }), ['path', 'curve', 'curve-straight']);
});

test('the current cell only while the search runs; numbers, the chain and the optimal path only while drawn', () => {
  assert.ok(marks({}).includes('current'));
  assert.ok(!marks({ finished: true }).includes('current'), 'a finished search draws no current cell');
  assert.deepEqual(
    marks({}).filter((m) => ['numbers', 'chain', 'optimal', 'detour-ends'].includes(m)),
    [],
  );
  const all = legendEntries({ ...base, numbers: 'f', chain: true, optimal: true, detourEnds: true });
  assert.deepEqual(
    all.filter((e) => ['numbers', 'chain', 'optimal', 'detour-ends'].includes(e.mark)).map((e) => [e.mark, e.swatch.kind]),
    [
      ['optimal', 'line'],
      ['detour-ends', 'ring'],
      ['chain', 'line'],
      ['numbers', 'text'],
    ],
  );
  assert.equal(all.find((e) => e.mark === 'numbers')!.label, 'f = g + w·h', 'the numbers entry names the number shown');
  const optimal = all.find((e) => e.mark === 'optimal')!.swatch;
  assert.ok(optimal.kind === 'line' && optimal.dashed, 'the optimal path is dashed, as drawn');
});

test('the heat scale says it is darker on forest and swamp, only when the map has them', () => {
  const heatOn = (present: boolean[]) => legendEntries({ ...base, heat: true, present }).find((e) => e.mark === 'heat')!.detail;
  assert.match(heatOn([true, true, true, false]), /darker on forest and swamp/);
  assert.equal(heatOn([true, true, false, false]), '');
});
