// PathFinding.js (npm `pathfinding`) as a peer, on the same problems as the native and wasm runs (the same
// evenly spread sample as the astar-bench-runner crate), with three finders:
// - `astar`: AStarFinder, diagonal moves only when both orthogonal neighbours are free (the Moving AI rule,
//   DiagonalMovement.OnlyWhenNoObstacles), octile heuristic;
// - `jps`: JumpPointFinder with the same rule (its JPFMoveDiagonallyIfNoObstacles);
// - `jps_default`: JumpPointFinder with its default rule (JPFMoveDiagonallyIfAtMostOneObstacle: it cuts a
//   corner past one wall, which Moving AI forbids, so some of its paths are shorter than the optimal
//   length: counted as wrong like any other mismatch).
// Both JumpPointFinders get the octile heuristic: their default, Manhattan, overestimates diagonal
// distances, which would make their paths longer than optimal for a reason that is not JPS's.
//
// It is installed on demand into the build folder with `npm install --no-save`, never into the page's
// dependencies. findPath consumes the grid, so each search gets a clone made outside the timed part
// (favourable to PathFinding.js); every path's length is checked against the scenario's optimal length.
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

/** A path's length with 1 per straight and √2 per diagonal step (octile distance per segment, so that a
 *  path of jump points only would be measured right too). */
function length(path) {
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const dx = Math.abs(path[i][0] - path[i - 1][0]);
    const dy = Math.abs(path[i][1] - path[i - 1][1]);
    total += Math.abs(dx - dy) + Math.SQRT2 * Math.min(dx, dy);
  }
  return total;
}

function median(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The finders measured, by the key they report under. */
function finders(PF) {
  return {
    astar: new PF.AStarFinder({
      diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
      heuristic: PF.Heuristic.octile,
    }),
    jps: new PF.JumpPointFinder({
      diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
      heuristic: PF.Heuristic.octile,
    }),
    jps_default: new PF.JumpPointFinder({ heuristic: PF.Heuristic.octile }),
  };
}

/**
 * Returns { [map]: { problems, astar, jps, jps_default } }, each finder as { total_ms, median_us, wrong }
 * (its fastest of `options.repeat` passes; every pass runs the three finders one after the other).
 */
export async function runPathFindingJs(target, names, options) {
  const PF = install(target);
  const rows = {};
  for (const name of names) {
    const { width, height, matrix } = parseMap(readFileSync(join(options.data, `${name}.map`), 'utf8'));
    const problems = sample(parseScen(readFileSync(join(options.data, `${name}.map.scen`), 'utf8')), options.limit);
    const grid = new PF.Grid(width, height, matrix);
    const best = {};
    for (let r = 0; r < options.repeat; r++) {
      for (const [key, finder] of Object.entries(finders(PF))) {
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
        if (!best[key] || total < best[key].total) best[key] = { total, times, wrong };
      }
    }
    rows[name] = { problems: problems.length };
    for (const [key, b] of Object.entries(best)) {
      rows[name][key] = { total_ms: b.total, median_us: median(b.times) * 1e3, wrong: b.wrong };
    }
  }
  return rows;
}
