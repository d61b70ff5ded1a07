// Memory over many edits on a big map (a measurement, not a test):
//   npm run build && node scripts/bench-memory-edits.mjs [site dir, default dist] [edits, default 200] [side, default 1024]
// On the big map of scripts/big-map-page.mjs with A*, paints `edits` 5-cell wall or plain strokes at
// seeded random places, each waited for until its solve (in slices) has shown its result, and prints
// every 25 edits the wasm module's memory (the buffer the page's typed views read) and the JS heap in
// use after a garbage collection (CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage). Flat
// means the module's memory stops growing once the search state for the map is allocated.
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';
import { openBigMap, timed, STROKE, BRUSH } from './big-map-page.mjs';

const site = await serve(process.argv[2] ?? 'dist');
const edits = Number(process.argv[3] ?? 200);
const side = Number(process.argv[4] ?? 1024);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const mib = (bytes) => (bytes / 1048576).toFixed(1);
try {
  const page = await openBigMap(browser, site.url, side);
  const cdp = await page.context().newCDPSession(page);
  const sample = async (done) => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const wasm = await page.evaluate(() => window.astarPlayground.views.terrain().buffer.byteLength);
    console.log(`after ${String(done).padStart(4)} edits: wasm memory ${mib(wasm)} MiB, JS heap ${mib(usedSize)} MiB`);
  };
  await sample(0);
  let seed = 12345;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 1; i <= edits; i++) {
    await timed(page, BRUSH, i % 2 === 0 ? 'plain' : 'wall');
    const x = 1 + random(side - 8);
    const y = 1 + random(side - 2);
    await timed(page, STROKE, Array.from({ length: 5 }, (_, k) => [x + k, y]));
    if (i % 25 === 0) await sample(i);
  }
} finally {
  await browser.close();
  await site.close();
}
