// Unit tests of the retryable import: a failure is not kept, and a failure kept by the browser is retried
// by a new address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failedModuleUrl, retryableImport } from './retry-import.js';

const CHROMIUM = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/astar_full-B8Ww3amP.js');
const FIREFOX = new TypeError('error loading dynamically imported module: https://example.org/play/assets/hpa-DvUr.js?retry=2');

test('the failed address is read from Chromium\'s and Firefox\'s messages; none from others', () => {
  assert.equal(failedModuleUrl(CHROMIUM), 'http://127.0.0.1:4173/assets/astar_full-B8Ww3amP.js');
  assert.equal(failedModuleUrl(FIREFOX), 'https://example.org/play/assets/hpa-DvUr.js');
  assert.equal(failedModuleUrl(new TypeError('Importing a module script failed.')), null);
  assert.equal(failedModuleUrl(new Error('Unable to preload CSS for http://x.org/assets/units.css')), null);
  assert.equal(failedModuleUrl('no address'), null);
});

test('a module loaded once is kept; a failure is not, and a failure kept by the browser is retried by a new address', async () => {
  let loads = 0;
  let online = false;
  const fresh: string[] = [];
  const get = retryableImport(
    async () => {
      loads += 1;
      throw CHROMIUM; // the browser keeps the failure: load never succeeds again
    },
    async (url) => {
      fresh.push(url);
      if (!online) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      return { name: 'module' };
    },
  );
  await assert.rejects(get(), /Failed to fetch/);
  assert.deepEqual(fresh, [], 'the first failure is the first try\'s own');
  await assert.rejects(get(), /Failed to fetch/);
  assert.deepEqual(fresh, ['http://127.0.0.1:4173/assets/astar_full-B8Ww3amP.js?retry=1']);
  online = true;
  const first = await get();
  const again = await get();
  assert.equal(first, again);
  assert.deepEqual(fresh.length, 2);
  assert.equal(fresh[1], 'http://127.0.0.1:4173/assets/astar_full-B8Ww3amP.js?retry=2');
  assert.equal(loads, 3, 'each try goes through load first, and none after the module is kept');
});

test('where the browser fetches again, the retry is load itself', async () => {
  let calls = 0;
  const get = retryableImport(
    async () => {
      calls += 1;
      if (calls === 1) throw CHROMIUM;
      return 42;
    },
    async () => assert.fail('no fresh address is needed'),
  );
  await assert.rejects(get());
  assert.equal(await get(), 42);
  assert.equal(await get(), 42);
  assert.equal(calls, 2);
});
