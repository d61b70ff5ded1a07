// PathFinding.js (npm `pathfinding`) as a peer: AStarFinder, diagonal moves only when both orthogonal
// neighbours are free (the Moving AI rule, DiagonalMovement.OnlyWhenNoObstacles), octile heuristic, on the
// same problems as the native and wasm runs (the same evenly spread sample as the astar-bench-runner crate).
//
// It is installed on demand into the build folder with `npm install --no-save`, never into the page's
// dependencies. Its findPath consumes the grid, so each search gets a clone made outside the timed part
// (favourable to PathFinding.js); its path length is checked against the scenario's optimal length.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const VERSION = '0.4.18';

function install(target) {
  const prefix = join(target, 'bench-peers');
  const manifest = join(prefix, 'node_modules', 'pathfinding', 'package.json');
  if (!existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).version !== VERSION) {
    mkdirSync(prefix, { recursive: true });
    process.stderr.write(`bench: installing pathfinding@${VERSION} into ${prefix}\n`);
    const r = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', prefix, `pathfinding@${VERSION}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('npm install pathfinding failed');
  }
  return createRequire(join(prefix, 'package.json'))('pathfinding');
}

/** A Moving AI .map as rows of 0 (passable) / 1 (wall), PathFinding.js's matrix. */
function parseMap(text) {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  let i = 0;
  let width = 0;
  let height = 0;
  for (; lines[i] !== 'map'; i++) {
    const [key, value] = lines[i].split(/\s+/);
    if (key === 'width') width = Number(value);
    if (key === 'height') height = Number(value);
  }
  const matrix = lines.slice(i + 1, i + 1 + height).map((row) => [...row].map((c) => ('.GS'.includes(c) ? 0 : 1)));
  return { width, height, matrix };
}

function parseScen(text) {
  return text
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l)
    .map((l) => {
      const f = l.split(/\s+/);
      const decimals = f[8].includes('.') ? f[8].split('.')[1].length : 0;
      return { sx: +f[4], sy: +f[5], gx: +f[6], gy: +f[7], optimal: +f[8], decimals };
    });
}

/** astar-bench-runner's `sample`: `limit` problems spread evenly over the list. */
function sample(problems, limit) {
  const n = problems.length;
  if (!limit || limit >= n) return problems;
  return Array.from({ length: limit }, (_, i) => problems[Math.floor((i * n) / limit)]);
}

function length(path) {
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const diagonal = path[i][0] !== path[i - 1][0] && path[i][1] !== path[i - 1][1];
    total += diagonal ? Math.SQRT2 : 1;
  }
  return total;
}

/** Returns { [map]: { problems, total_ms, median_us, wrong } }. */
export async function runPathFindingJs(target, names, options) {
  const PF = install(target);
  const rows = {};
  for (const name of names) {
    const { width, height, matrix } = parseMap(readFileSync(join(options.data, `${name}.map`), 'utf8'));
    const problems = sample(parseScen(readFileSync(join(options.data, `${name}.map.scen`), 'utf8')), options.limit);
    const grid = new PF.Grid(width, height, matrix);
    const finder = new PF.AStarFinder({
      diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
      heuristic: PF.Heuristic.octile,
    });
    let best = null;
    for (let r = 0; r < options.repeat; r++) {
      const times = [];
      let wrong = 0;
      for (const p of problems) {
        const copy = grid.clone();
        const t0 = performance.now();
        const path = finder.findPath(p.sx, p.sy, p.gx, p.gy, copy);
        times.push(performance.now() - t0);
        const tolerance = Math.max(p.optimal * 1e-4, 10 ** -p.decimals);
        if (Math.abs(length(path) - p.optimal) > tolerance) wrong++;
      }
      const total = times.reduce((a, b) => a + b, 0);
      if (!best || total < best.total) best = { total, times, wrong };
    }
    const sorted = [...best.times].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    rows[name] = { problems: problems.length, total_ms: best.total, median_us: median * 1e3, wrong: best.wrong };
  }
  return rows;
}
