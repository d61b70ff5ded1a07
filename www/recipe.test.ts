// Unit tests of how the page records the way a map was made: which recipes a link may store the terrain
// relative to, and which generator call each recipe makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Playground } from './pkg/astar.js';
import { DEMO, linkBase, loaded, makeMap, type Generated, type MapOrigin } from './recipe.js';

const random: Generated = { kind: 'random', width: 256, height: 128, wall: 0.2, forest: 0.15, swamp: 0.07, seed: 42 };

test('a random map, edited or not, shares as its shares and seed; a loaded map as its link did', () => {
  const base = { wall: 0.2, forest: 0.15, swamp: 0.07, seed: 42 };
  assert.deepEqual(linkBase({ recipe: random, edited: false }), base);
  assert.deepEqual(linkBase({ recipe: random, edited: true }), base);
  assert.deepEqual(linkBase(loaded(base)), base);
  assert.equal(linkBase(loaded()), null);
  assert.equal(linkBase(DEMO), null);
  const others: Generated[] = [
    { kind: 'empty', width: 8, height: 8 },
    { kind: 'maze', width: 64, height: 64, corridor: 2, forest: 0.1, swamp: 0, seed: 7 },
    { kind: 'rooms', width: 64, height: 64, room: 8, forest: 0, swamp: 0.1, seed: 7 },
  ];
  for (const recipe of others) assert.equal(linkBase({ recipe, edited: false } satisfies MapOrigin), null, recipe.kind);
});

test('each recipe makes its map with the generator it names, with its arguments in order', () => {
  const calls: string[] = [];
  const record = (name: string) => (...args: unknown[]) => calls.push(`${name}(${args.join(', ')})`);
  const pg = {
    clear: record('clear'),
    generateRandom: record('generateRandom'),
    generateMaze: record('generateMaze'),
    generateRooms: record('generateRooms'),
  } as unknown as Playground;
  makeMap(pg, { kind: 'empty', width: 8, height: 9 });
  makeMap(pg, random);
  makeMap(pg, { kind: 'maze', width: 64, height: 65, corridor: 2, forest: 0.1, swamp: 0, seed: 7 });
  makeMap(pg, { kind: 'rooms', width: 64, height: 65, room: 8, forest: 0, swamp: 0.1, seed: 9 });
  assert.deepEqual(calls, [
    'clear(8, 9)',
    'generateRandom(256, 128, 0.2, 0.15, 0.07, 42)',
    'generateMaze(64, 65, 2, 0.1, 0, 7)',
    'generateRooms(64, 65, 8, 0, 0.1, 9)',
  ]);
});
