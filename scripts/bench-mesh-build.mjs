// The navigation mesh's build time in wasm (Node): the module the page fetches for mesh mode (www/pkg-full,
// built by scripts/build-wasm.sh), a generated map like `astar bench navmesh`'s (random walls, no
// terrain, seed 7), each mesh kind built REPEAT times from scratch; prints the fastest and the median, ms.
//
//   node scripts/bench-mesh-build.mjs [SIZE (default 1024)] [REPEAT (default 5)] [WALL (default 0.2)]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [size = 1024, repeat = 5, wall = 0.2] = process.argv.slice(2).map(Number);
const wasm = await import(join(root, 'www/pkg-full/astar_full.js'));
wasm.initSync({ module: readFileSync(join(root, 'www/pkg-full/astar_full_bg.wasm')) });

const pg = wasm.Playground.demo();
pg.generateRandom(size, size, wall, 0, 0, 7);
for (const kind of ['rectangles', 'triangles']) {
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    const view = new wasm.MeshView(pg, kind, 0);
    times.push(performance.now() - started);
    view.free();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${size} x ${size}, ${Math.round(wall * 100)}% walls, ${kind}: fastest ${times[0].toFixed(1)} ms, median ${median.toFixed(1)} ms (${repeat} builds)`);
}
pg.free();
