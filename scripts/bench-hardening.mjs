// Measures the page's bounded work (a measurement, not a test: numbers vary by machine).
//   node scripts/bench-hardening.mjs [site dir, default dist] [problem counts, default 100000,599000]
// For each count: imports an open 8 x 4 map with a generated scenario of that many problems and prints the
// time until the page says it opened them, the JS heap in use (CDP Performance.getMetrics JSHeapUsedSize,
// after a garbage collection), the DOM node count, and the resident memory of the browser's renderer
// processes (Linux /proc: the tab, its wasm memory included) before and after. Then floods an embedded playground (the demo map) with 10,000
// `astar:set-w` messages and prints the time from the last message sent to the stats answering it; and
// dispatches 300 input events on the w slider of a 1024 x 1024 random map, printing how long the main
// thread stays busy until the last value is shown.
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';

const site = await serve(process.argv[2] ?? 'dist');
const counts = (process.argv[3] ?? '100000,599000').split(',').map(Number);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

const MAP = 'type octile\nheight 4\nwidth 8\nmap\n........\n........\n........\n........\n';

/** A scenario of `n` problems on the open 8 x 4 map, with their octile optimal lengths. */
export function scenario(n) {
  const lines = ['version 1'];
  for (let i = 0; i < n; i++) {
    const sx = i % 8, sy = (i >> 3) % 4, gx = 7 - ((i >> 5) % 8), gy = 3 - ((i >> 8) % 4);
    const dx = Math.abs(gx - sx), dy = Math.abs(gy - sy);
    const optimal = Math.max(dx, dy) - Math.min(dx, dy) + Math.min(dx, dy) * Math.SQRT2;
    lines.push(`${i % 10}\tm\t8\t4\t${sx}\t${sy}\t${gx}\t${gy}\t${optimal.toFixed(4)}`);
  }
  return lines.join('\n') + '\n';
}

/** Resident memory (MB) of the renderer processes descended from `root` (this script: its browser). */
function rendererMB(root) {
  const parent = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const descends = (pid) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === root) return true;
    return false;
  };
  let kb = 0;
  for (const pid of parent.keys()) {
    try {
      if (!descends(pid) || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

async function metrics(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heapMB: get('JSHeapUsedSize') / 1048576, nodes: get('Nodes'), rssMB: rendererMB(process.pid) };
}

try {
  for (const n of counts) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url);
    await page.waitForSelector('#app[data-phase="finished"]');
    // Map files are read by the second wasm module: fetch it first (a small map), so that what follows
    // measures the scenario, as before the readers left the first module.
    await page.locator('[data-testid="import-files"]').setInputFiles([{ name: 'warm.map', mimeType: 'text/plain', buffer: Buffer.from(MAP) }]);
    await page.waitForFunction(() => /^Opened warm\.map/.test(document.getElementById('message')?.textContent ?? ''));
    const before = await metrics(page);
    const scen = Buffer.from(scenario(n));
    const t0 = Date.now();
    await page.locator('[data-testid="import-files"]').setInputFiles([
      { name: 'm.map', mimeType: 'text/plain', buffer: Buffer.from(MAP) },
      { name: 'm.map.scen', mimeType: 'text/plain', buffer: scen },
    ]);
    await page.waitForFunction(() => /^Opened m\.map and m\.map\.scen/.test(document.getElementById('message')?.textContent ?? ''), null, {
      timeout: 600_000,
    });
    const seconds = (Date.now() - t0) / 1000;
    const peak = rendererMB(process.pid);
    const after = await metrics(page);
    console.log(
      `import ${n} problems (${(scen.length / 1048576).toFixed(1)} MB): ${seconds.toFixed(1)} s; JS heap ${before.heapMB.toFixed(0)} -> ${after.heapMB.toFixed(0)} MB; DOM nodes ${before.nodes} -> ${after.nodes}; renderer memory ${before.rssMB.toFixed(0)} -> ${peak.toFixed(0)} (when opened) -> ${after.rssMB.toFixed(0)} MB (after GC)`,
    );
    await page.close();
  }

  const host = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(
      `<!doctype html><body><script>window.received=[];addEventListener('message',(e)=>window.received.push({t:performance.now(),d:e.data}));</script>` +
        `<iframe id="demo" src="${site.url}?embed&controls=w" width="640" height="420"></iframe></body>`,
    ),
  );
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${host.address().port}/`);
  await page.waitForFunction(() => window.received.some((m) => m.d.type === 'astar:ready'));
  const drain = await page.evaluate(async () => {
    const target = document.getElementById('demo').contentWindow;
    for (let i = 0; i < 10_000; i++) target.postMessage({ type: 'astar:set-w', w: (i % 50) / 10 }, '*');
    const final = 3.3;
    target.postMessage({ type: 'astar:set-w', w: final }, '*');
    const sent = performance.now();
    while (!window.received.some((m) => m.d.type === 'astar:stats' && m.d.settings.w === final && m.t > sent)) {
      await new Promise((ok) => setTimeout(ok, 20));
    }
    const answered = window.received.find((m) => m.d.type === 'astar:stats' && m.d.settings.w === final && m.t > sent).t;
    return { ms: answered - sent, replies: window.received.filter((m) => m.d.type === 'astar:stats').length };
  });
  console.log(`flood of 10,001 astar:set-w: the last answered ${(drain.ms / 1000).toFixed(2)} s after it was sent (${drain.replies} stats replies)`);
  await page.close();
  host.close();

  const full = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await full.goto(site.url);
  await full.waitForSelector('#app[data-phase="finished"]');
  await full.getByLabel('Width', { exact: true }).fill('1024');
  await full.getByLabel('Height', { exact: true }).fill('1024');
  await full.getByRole('button', { name: 'Random map' }).click();
  await full.waitForFunction(() => document.querySelector('[data-testid="ends"]')?.textContent?.startsWith('1024 × 1024'));
  const busy = await full.evaluate(async () => {
    const w = document.getElementById('w');
    const t0 = performance.now();
    for (let i = 0; i < 300; i++) {
      w.value = String(1 + (i % 40) / 10);
      w.dispatchEvent(new Event('input', { bubbles: true }));
    }
    w.value = '2.7';
    w.dispatchEvent(new Event('input', { bubbles: true }));
    // Until every queued task has run: a timer after the solve, then a frame.
    await new Promise((ok) => setTimeout(() => requestAnimationFrame(() => setTimeout(ok, 0)), 0));
    return { ms: performance.now() - t0, w: window.astarPlayground.settings().w };
  });
  console.log(`301 w-slider input events, 1024 x 1024: busy ${(busy.ms / 1000).toFixed(2)} s, w shown ${busy.w}`);
  await full.close();
} finally {
  await browser.close();
  await site.close();
}
