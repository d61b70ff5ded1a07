// The game scene's benchmark natively and as wasm in headless Chromium, side by side: `astar bench crowd
// --json` (crates/astar-cli/src/bench/crowd.rs) and the same workload (crates/astar-bench-runner/src/crowd.rs:
// 2,000 units, each with one request, goals from 8 points of interest or one rally point, 16.7 ms of search
// a frame, fixed seeds) run by the benchmark wasm module's `runCrowd` in a cross-origin isolated page.
// Requests served per saturated frame, each planner and the cache, on the generated 256 × 256 map like
// seed 002's and on the Moving AI map random512-10-0.
//
//   node scripts/bench/crowd.mjs        (part of `npm run bench`; alone: `npm run bench:crowd`)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBenchPage } from './chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TARGET = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');

/** Runs both and returns { native, chromium: { [map]: { [combination]: run } } }. */
export async function crowdBench(data = resolve(ROOT, 'data/movingai')) {
  const result = spawnSync(join(TARGET, 'release', 'astar'), ['bench', 'crowd', '--json', '--data', data], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`astar bench crowd failed (exit ${result.status})`);
  const native = JSON.parse(result.stdout.trim().split('\n').pop()).crowd;
  const { page, close } = await openBenchPage(join(TARGET, 'bench-pkg'));
  const chromium = {};
  try {
    for (const map of native.maps) {
      const text = map.map === 'article256' ? '' : readFileSync(join(data, `${map.map}.map`), 'utf8');
      chromium[map.map] = {};
      for (const [runs, rally] of [[map.runs, false], [map.rally, true]]) {
        for (const run of runs) {
          const key = combination(run, rally);
          chromium[map.map][key] = JSON.parse(
            await page.evaluate(({ text, planner, cache, rally }) => self.bench.runCrowd(text, planner, cache, rally), {
              text,
              planner: run.planner,
              cache: run.cache,
              rally,
            }),
          );
        }
      }
    }
  } finally {
    await close();
  }
  return { native, chromium };
}

function combination(run, rally) {
  return `${rally ? 'rally ' : ''}${run.planner}${run.cache ? '+cache' : ''}`;
}

/** Prints the side-by-side table. */
export function printCrowd({ native, chromium }) {
  const rows = [];
  for (const map of native.maps) {
    for (const [runs, rally] of [[map.runs, false], [map.rally, true]]) {
      for (const run of runs) {
        const key = combination(run, rally);
        const wasm = chromium[map.map][key];
        rows.push([
          map.map,
          key,
          run.requests_per_frame.toFixed(1),
          wasm.requests_per_frame.toFixed(1),
          `${(run.requests_per_frame / wasm.requests_per_frame).toFixed(2)}x`,
          `${(run.mean_over_optimal * 100).toFixed(2)}%`,
          (wasm.frame_us_p95 / 1000).toFixed(1),
        ]);
      }
    }
  }
  const header = ['map', 'planner', 'native req/frame', 'Chromium req/frame', 'native/Chromium', 'over optimum', 'Chromium frame p95 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => '  ' + cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\nGame scene: ${native.units} units, ${native.budget_ms} ms of search a frame, requests served per saturated frame`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  const best = chromium.article256[native.best];
  const plain = chromium.article256.astar;
  console.log(
    `\nOn article256: plain A* ${native.plain_requests_per_frame.toFixed(1)} natively, ${plain.requests_per_frame.toFixed(1)} in Chromium; ` +
      `the best (${native.best}) ${native.best_requests_per_frame.toFixed(1)} natively, ${best.requests_per_frame.toFixed(1)} in Chromium.`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  spawnSync('bash', ['scripts/bench/build.sh'], { cwd: ROOT, stdio: 'inherit' });
  printCrowd(await crowdBench(process.argv[2] ? resolve(process.argv[2]) : undefined));
}
