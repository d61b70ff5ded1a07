// `npm run bench`: the engine native, the same engine as wasm in Node and in headless Chromium, and the
// peers (the `pathfinding` crate, run by the native CLI; PathFinding.js in Node), all on the same Moving AI
// problems in one run, with every ratio taken against the native time of this run. Then jump point search:
// ours (native, `astar bench algorithms`) beside the `grid_pathfinding` crate's JPS (run by the same
// native command) and PathFinding.js's JumpPointFinder, with the no-corner-cutting rule and with its
// default rule, every peer's wrong paths counted.
//
//   npm run bench -- [--limit N (default 50, 0 = all)] [--maps a,b] [--repeat R (default 2)] [--data DIR] [--json] [--no-chromium] [--no-pfjs] [--no-crowd]
//
// Last, unless --no-crowd (or --no-chromium): the game scene natively and in Chromium (scripts/bench/crowd.mjs).
//
// Each part times the searches only (native: Instant; wasm: performance.now() imported into the module;
// PathFinding.js: performance.now() around findPath, its grid clone excluded), sums the per-search times
// and keeps the fastest of R runs. Wasm and native run the same timed loop (the `astar-bench-runner` crate) and report a
// fingerprint of every search's counters and cost: equal fingerprints prove they did the same searches.
// Peers are installed here, into the build folder, never into the page's dependencies.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runInChromium } from './chromium.mjs';
import { runPathFindingJs } from './pathfinding-js.mjs';
import { crowdBench, printCrowd } from './crowd.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TARGET = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');
const PKG = join(TARGET, 'bench-pkg');

function parseArgs(argv) {
  const options = {
    limit: 50,
    maps: null,
    repeat: 2,
    data: resolve(ROOT, 'data/movingai'), // the vendored maps; --data DIR for the full sets
    json: false,
    chromium: true,
    pfjs: true,
    crowd: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--limit') options.limit = Number(value());
    else if (arg === '--maps') options.maps = value().split(',').map((m) => m.replace(/\.map$/, ''));
    else if (arg === '--repeat') options.repeat = Number(value());
    else if (arg === '--data') options.data = resolve(value());
    else if (arg === '--json') options.json = true;
    else if (arg === '--no-chromium') options.chromium = false;
    else if (arg === '--no-pfjs') options.pfjs = false;
    else if (arg === '--no-crowd') options.crowd = false;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!(options.limit >= 0) || !(options.repeat >= 1)) throw new Error('--limit and --repeat take whole numbers');
  return options;
}

function log(message) {
  process.stderr.write(`bench: ${message}\n`);
}

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status})`);
  return result.stdout;
}

/** Map names (file names without `.map`) in the data folder, filtered by --maps. */
function mapNames(options) {
  return readdirSync(options.data)
    .filter((f) => f.endsWith('.map'))
    .map((f) => f.slice(0, -4))
    .filter((m) => !options.maps || options.maps.includes(m))
    .sort();
}

/**
 * Runs a few searches untimed until about a second has passed, so that V8 has tiered the module up from
 * its baseline compiler (Liftoff) to the optimising one before anything is measured.
 */
export function warmUp(solve, names, options) {
  const name = names.includes('den011d') ? 'den011d' : names[0];
  const map = readFileSync(join(options.data, `${name}.map`), 'utf8');
  const scen = readFileSync(join(options.data, `${name}.map.scen`), 'utf8');
  const start = performance.now();
  while (performance.now() - start < 1000) solve(map, scen, 20);
}

async function wasmInNode(names, options) {
  const glue = await import(pathToFileURL(join(PKG, 'astar_bench.js')).href);
  await glue.default({ module_or_path: readFileSync(join(PKG, 'astar_bench_bg.wasm')) });
  const rows = {};
  warmUp((map, scen, limit) => glue.runMovingAi(map, scen, limit, 1), names, options);
  for (const name of names) {
    const map = readFileSync(join(options.data, `${name}.map`), 'utf8');
    const scen = readFileSync(join(options.data, `${name}.map.scen`), 'utf8');
    rows[name] = JSON.parse(glue.runMovingAi(map, scen, options.limit, options.repeat));
  }
  return rows;
}

const fmt = (v, d = 1) => (v == null ? '-' : v.toFixed(d));
const ratio = (a, b) => (a == null || b == null || b === 0 ? '-' : `${(a / b).toFixed(2)}x`);

function table(title, header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => '  ' + cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const names = mapNames(options);
  if (names.length === 0) throw new Error(`no .map files in ${options.data}`);

  log('building the native CLI and the benchmark wasm module');
  run('bash', ['scripts/bench/build.sh'], 'build');

  log(`native (engine + pathfinding crate; our algorithms + grid_pathfinding), ${names.length} maps, limit ${options.limit || 'all'} per map`);
  const nativeArgs = ['bench', 'movingai', 'algorithms', '--json', '--repeat', String(options.repeat), '--data', options.data, '--maps', names.join(',')];
  if (options.limit > 0) nativeArgs.push('--limit', String(options.limit));
  const nativeOut = run(join(TARGET, 'release', 'astar'), nativeArgs, 'astar bench');
  const native = JSON.parse(nativeOut.trim().split('\n').pop());
  const nativeByMap = Object.fromEntries(native.movingai.maps.map((m) => [m.map, m]));
  const algorithmsByMap = Object.fromEntries(native.algorithms.maps.map((m) => [m.map, m]));

  log('wasm in Node');
  const node = await wasmInNode(names, options);

  let chromium = null;
  if (options.chromium) {
    log('wasm in headless Chromium');
    chromium = await runInChromium(PKG, names, options);
  }

  let pfjs = null;
  if (options.pfjs) {
    log('PathFinding.js in Node');
    pfjs = await runPathFindingJs(TARGET, names, options);
  }

  const totals = { native: 0, node: 0, chromium: 0, pfjs: 0, crate: 0, jps: 0, grid_pathfinding_jps: 0, pfjs_jps: 0, pfjs_jps_default: 0 };
  const wrongJps = { grid_pathfinding_jps: 0, pfjs_jps: 0, pfjs_jps_default: 0 };
  const perMap = names.map((name) => {
    const n = nativeByMap[name];
    totals.native += n.total_ms;
    totals.node += node[name].total_ms;
    totals.crate += n.peer_total_ms ?? 0;
    if (chromium) totals.chromium += chromium[name].total_ms;
    if (pfjs) totals.pfjs += pfjs[name].astar.total_ms;
    const a = algorithmsByMap[name];
    totals.jps += a.jps.total_ms;
    totals.grid_pathfinding_jps += a.grid_pathfinding_jps?.total_ms ?? 0;
    wrongJps.grid_pathfinding_jps += a.grid_pathfinding_jps?.wrong ?? 0;
    if (pfjs) {
      totals.pfjs_jps += pfjs[name].jps.total_ms;
      totals.pfjs_jps_default += pfjs[name].jps_default.total_ms;
      wrongJps.pfjs_jps += pfjs[name].jps.wrong;
      wrongJps.pfjs_jps_default += pfjs[name].jps_default.wrong;
    }
    return {
      map: name,
      problems: n.problems,
      native_ms: n.total_ms,
      native_median_us: n.median_us,
      expanded: n.expanded,
      wasm_node_ms: node[name].total_ms,
      wasm_node_median_us: node[name].median_us,
      wasm_chromium_ms: chromium?.[name].total_ms ?? null,
      wasm_chromium_median_us: chromium?.[name].median_us ?? null,
      same_searches:
        node[name].checksum === n.checksum && (!chromium || chromium[name].checksum === n.checksum),
      pathfinding_crate_ms: n.peer_total_ms,
      pathfinding_js_ms: pfjs?.[name].astar.total_ms ?? null,
      optimal: n.wrong === 0 && n.peer_wrong === 0 && node[name].wrong === 0 && (!chromium || chromium[name].wrong === 0) && (!pfjs || pfjs[name].astar.wrong === 0),
      // Jump point search: ours must be optimal (`astar bench algorithms` fails otherwise); the peers'
      // wrong paths are reported, not treated as a failure of this run.
      jps_ms: a.jps.total_ms,
      jps_expanded: a.jps.expanded,
      astar_ms_algorithms: a.astar.total_ms,
      grid_pathfinding_jps_ms: a.grid_pathfinding_jps?.total_ms ?? null,
      grid_pathfinding_jps_wrong: a.grid_pathfinding_jps?.wrong ?? null,
      pathfinding_js_jps_ms: pfjs?.[name].jps.total_ms ?? null,
      pathfinding_js_jps_wrong: pfjs?.[name].jps.wrong ?? null,
      pathfinding_js_jps_default_ms: pfjs?.[name].jps_default.total_ms ?? null,
      pathfinding_js_jps_default_wrong: pfjs?.[name].jps_default.wrong ?? null,
    };
  });

  let crowd = null;
  if (options.crowd && options.chromium) {
    log('the game scene, native and in headless Chromium');
    crowd = await crowdBench();
  }

  if (options.json) {
    console.log(JSON.stringify({ machine: native.machine, limit: options.limit, repeat: options.repeat, maps: perMap, totals, wrong_jps: wrongJps, crowd }));
  } else {
    console.log(native.machine);
    table(
      `Moving AI sets, the engine as wasm vs native (limit ${options.limit || 'all'} per map, best of ${options.repeat}; ms = sum of search times)`,
      ['map', 'problems', 'native ms', 'Node ms', 'Node/native', 'Chromium ms', 'Chromium/native', 'same searches'],
      [
        ...perMap.map((r) => [r.map, r.problems, fmt(r.native_ms), fmt(r.wasm_node_ms), ratio(r.wasm_node_ms, r.native_ms), fmt(r.wasm_chromium_ms), ratio(r.wasm_chromium_ms, r.native_ms), r.same_searches ? 'yes' : 'NO']),
        ['all maps', perMap.reduce((s, r) => s + r.problems, 0), fmt(totals.native), fmt(totals.node), ratio(totals.node, totals.native), chromium ? fmt(totals.chromium) : '-', chromium ? ratio(totals.chromium, totals.native) : '-', ''],
      ],
    );
    table(
      'Peers on the same problems (time / our native time; costs checked against the optimal lengths)',
      ['map', 'native ms', 'pathfinding crate ms', 'crate/native', 'PathFinding.js ms', 'PF.js/native', 'all optimal'],
      [
        ...perMap.map((r) => [r.map, fmt(r.native_ms), fmt(r.pathfinding_crate_ms), ratio(r.pathfinding_crate_ms, r.native_ms), fmt(r.pathfinding_js_ms), ratio(r.pathfinding_js_ms, r.native_ms), r.optimal ? 'yes' : 'NO']),
        ['all maps', fmt(totals.native), fmt(totals.crate), ratio(totals.crate, totals.native), pfjs ? fmt(totals.pfjs) : '-', pfjs ? ratio(totals.pfjs, totals.native) : '-', ''],
      ],
    );
    const wrong = (w, problems) => (w == null ? '-' : `${w} of ${problems}`);
    table(
      'Jump point search on the same problems (time / our native JPS time; wrong = path length not optimal)',
      ['map', 'our JPS ms', 'grid_pathfinding ms', 'ratio', 'wrong', 'PF.js JPS no-cut ms', 'ratio', 'wrong', 'PF.js JPS default ms', 'ratio', 'wrong'],
      [
        ...perMap.map((r) => [
          r.map,
          fmt(r.jps_ms),
          fmt(r.grid_pathfinding_jps_ms),
          ratio(r.grid_pathfinding_jps_ms, r.jps_ms),
          wrong(r.grid_pathfinding_jps_wrong, r.problems),
          fmt(r.pathfinding_js_jps_ms),
          ratio(r.pathfinding_js_jps_ms, r.jps_ms),
          wrong(r.pathfinding_js_jps_wrong, r.problems),
          fmt(r.pathfinding_js_jps_default_ms),
          ratio(r.pathfinding_js_jps_default_ms, r.jps_ms),
          wrong(r.pathfinding_js_jps_default_wrong, r.problems),
        ]),
        (() => {
          const problems = perMap.reduce((s, r) => s + r.problems, 0);
          return [
            'all maps',
            fmt(totals.jps),
            fmt(totals.grid_pathfinding_jps),
            ratio(totals.grid_pathfinding_jps, totals.jps),
            wrong(wrongJps.grid_pathfinding_jps, problems),
            pfjs ? fmt(totals.pfjs_jps) : '-',
            pfjs ? ratio(totals.pfjs_jps, totals.jps) : '-',
            pfjs ? wrong(wrongJps.pfjs_jps, problems) : '-',
            pfjs ? fmt(totals.pfjs_jps_default) : '-',
            pfjs ? ratio(totals.pfjs_jps_default, totals.jps) : '-',
            pfjs ? wrong(wrongJps.pfjs_jps_default, problems) : '-',
          ];
        })(),
      ],
    );
  }
  if (crowd && !options.json) printCrowd(crowd);
  if (perMap.some((r) => !r.same_searches || !r.optimal)) {
    log('some searches differ from native or missed the optimal length (see the tables)');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  log(err.message);
  process.exitCode = 2;
});
