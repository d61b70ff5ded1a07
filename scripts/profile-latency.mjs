// Where an input's time goes on a big map: a CPU profile (Chromium's, through CDP) of repeated inputs,
// summed by function (self time) and by the page's own call sites (total time of named functions).
// A measurement, not a test. Build the site unminified first so that names survive:
//   npm run build && npx vite build --minify false --outDir /tmp/dist-prof
//   node scripts/profile-latency.mjs [site dir] [input: w | paint | drag] [algorithm, default astar] [side, default 1024] [inputs, default 10]
//                                    [map kind: random (default), rooms or maze] [w, default 1]
// Prints the top functions by self time and by total time, in ms per input.
import { chromium } from 'playwright-core';
import { serve, CHROMIUM_ARGS } from './serve-dist.mjs';
import { openBigMap, shown, timed, STROKE, W_STEP, CHOOSE, BRUSH } from './big-map-page.mjs';

const [siteDir = '/tmp/dist-prof', input = 'w', algorithm = 'astar', sideArg = '1024', inputsArg = '10', kind = 'random', w = '1'] = process.argv.slice(2);
const side = Number(sideArg);
const inputs = Number(inputsArg);
const site = await serve(siteDir);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await openBigMap(browser, site.url, side, kind);
  await timed(page, CHOOSE, algorithm);
  await shown(page, algorithm);
  await timed(page, W_STEP, w);
  await shown(page, algorithm);
  const [gx, gy] = await page.evaluate(() => [window.astarPlayground.pg.goalX(), window.astarPlayground.pg.goalY()]);
  const row = Math.floor(side / 3);
  const stroke = Array.from({ length: 5 }, (_, k) => [Math.floor(side / 3) + k, row]);
  const one = async (i) => {
    if (input === 'w') return timed(page, W_STEP, (Number(w) + (i % 2 === 0 ? 0.1 : 0)).toFixed(1));
    if (input === 'paint') {
      await timed(page, BRUSH, i % 2 === 0 ? 'wall' : 'plain');
      return timed(page, STROKE, stroke);
    }
    const to = i % 2 === 0 ? gx - 3 : gx;
    const from = i % 2 === 0 ? gx : gx - 3;
    return timed(page, STROKE, [[from, gy], [from + Math.sign(to - from), gy], [to, gy]]);
  };
  await one(0);
  await one(1);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const latencies = [];
  for (let i = 0; i < inputs; i++) latencies.push(await one(i));
  const { profile } = await cdp.send('Profiler.stop');
  report(profile, latencies);
} finally {
  await browser.close();
  await site.close();
}

function report(profile, latencies) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.split('/').pop() : '';
    return `${f.functionName || '(anonymous)'} ${file}${f.url ? ':' + (f.lineNumber + 1) : ''}`;
  };
  const self = new Map();
  const total = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (deltas[i + 1] ?? 0) / 1000;
    let id = profile.samples[i];
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const seen = new Set();
    while (id !== undefined) {
      const name = label(byId.get(id));
      if (!seen.has(name)) {
        seen.add(name);
        total.set(name, (total.get(name) ?? 0) + ms);
      }
      id = parent.get(id);
    }
  }
  const per = (ms) => (ms / latencies.length).toFixed(2).padStart(8);
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  console.log(`${input} with ${algorithm} (w = ${w}) on a ${side} × ${side} ${kind} map: ${latencies.length} inputs, mean ${mean.toFixed(1)} ms to the frame after`);
  console.log('self ms per input:');
  for (const [name, ms] of top(self, 30)) console.log(`${per(ms)}  ${name}`);
  console.log('total ms per input:');
  for (const [name, ms] of top(total, 45)) console.log(`${per(ms)}  ${name}`);
}
