import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkedMesh, DEFAULT_MESH, meshQuery, meshSetup, meshValue, withMesh } from './url.js';

test('an address without mesh opens no mesh', () => {
  assert.equal(meshSetup('?units=5'), null);
  assert.equal(meshQuery('?lang=zh'), '');
});

test('the words of ?mesh= are read in any order, unknown ones left out', () => {
  assert.deepEqual(meshSetup('?mesh'), DEFAULT_MESH);
  assert.deepEqual(meshSetup('?mesh=r0.5:rectangles:navmesh-astar'), { kind: 'rectangles', search: 'navmesh-astar', radius: 0.5 });
  assert.deepEqual(meshSetup('?mesh=hexagons:r9'), { ...DEFAULT_MESH, radius: 2 });
  assert.deepEqual(meshSetup('?mesh=r0.3'), { ...DEFAULT_MESH, radius: 0.25 });
});

test('a setup goes into the address and comes back the same', () => {
  for (const setup of [DEFAULT_MESH, { kind: 'rectangles', search: 'navmesh-astar', radius: 1.75 }] as const) {
    const search = withMesh('?lang=zh', setup);
    assert.deepEqual(meshSetup(search), checkedMesh(setup));
    assert.ok(search.startsWith('?lang=zh&mesh='), search);
  }
  assert.equal(meshValue(DEFAULT_MESH), 'triangles:polyanya');
  assert.equal(withMesh('?mesh=rectangles&lang=en', null), '?lang=en');
  assert.equal(meshQuery('?mesh=rectangles:r1'), '&mesh=rectangles:polyanya:r1');
});
