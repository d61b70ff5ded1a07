// Boots the playground: loads the wasm core, shows the demo map solved, and wires the controls.
import init, { Playground } from './pkg/astar.js';

const TERRAIN_COLOURS = ['#3b3b3b', '#ffffff', '#9fd49a', '#a58e63'];

interface Stats {
  outcome: string;
  expanded: number;
  openPeak: number;
  cost: number | null;
  length: number;
  timeUs: number;
  overOptimal: number | null;
}

const canvas = document.querySelector<HTMLCanvasElement>('#grid')!;
const ctx = canvas.getContext('2d')!;
const CELL = 32;

function draw(pg: Playground, memory: WebAssembly.Memory): void {
  const [w, h] = [pg.width(), pg.height()];
  canvas.width = w * CELL;
  canvas.height = h * CELL;
  const terrain = new Uint8Array(memory.buffer, pg.terrainPtr(), w * h);
  const closed = new Uint32Array(memory.buffer, pg.closedAtPtr(), w * h);
  const opened = new Uint32Array(memory.buffer, pg.openedAtPtr(), w * h);
  for (let i = 0; i < w * h; i++) {
    const [x, y] = [i % w, Math.floor(i / w)];
    ctx.fillStyle = TERRAIN_COLOURS[terrain[i]];
    ctx.fillRect(x * CELL, y * CELL, CELL, CELL);
    if (closed[i] !== 0xffffffff) ctx.fillStyle = 'rgba(80,120,220,0.35)';
    else if (opened[i] !== 0xffffffff) ctx.fillStyle = 'rgba(120,220,120,0.45)';
    else continue;
    ctx.fillRect(x * CELL, y * CELL, CELL, CELL);
  }
  const len = pg.pathLen();
  const path = new Uint32Array(memory.buffer, pg.pathPtr(), len);
  ctx.strokeStyle = '#d33';
  ctx.lineWidth = 3;
  ctx.beginPath();
  path.forEach((cell, k) => {
    const [x, y] = [(cell % w + 0.5) * CELL, (Math.floor(cell / w) + 0.5) * CELL];
    if (k === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  ctx.stroke();
}

function showStats(stats: Stats): void {
  const set = (name: string, text: string) => {
    document.querySelector(`[data-stat="${name}"]`)!.textContent = text;
  };
  set('expanded', String(stats.expanded));
  set('open-peak', String(stats.openPeak));
  set('cost', stats.cost === null ? '–' : stats.cost.toFixed(1));
  set('length', stats.length.toFixed(1));
  set('time-us', stats.timeUs.toFixed(1));
  set('over-optimal', stats.overOptimal === null ? '–' : `${(stats.overOptimal * 100).toFixed(0)}%`);
}

async function main(): Promise<void> {
  const wasm = await init();
  const pg = Playground.demo();
  const refresh = () => {
    showStats(pg.stats() as Stats);
    draw(pg, wasm.memory);
  };
  refresh();
  let playing = false;
  const play = document.querySelector<HTMLButtonElement>('#play')!;
  const tick = () => {
    if (!playing) return;
    pg.step(1);
    refresh();
    if (pg.isFinished()) {
      playing = false;
      play.textContent = 'Play';
    } else requestAnimationFrame(tick);
  };
  play.onclick = () => {
    playing = !playing;
    play.textContent = playing ? 'Pause' : 'Play';
    if (playing) {
      if (pg.isFinished()) pg.restart();
      requestAnimationFrame(tick);
    }
  };
  document.querySelector<HTMLButtonElement>('#step')!.onclick = () => {
    if (pg.isFinished()) pg.restart();
    pg.step(1);
    refresh();
  };
  document.querySelector<HTMLButtonElement>('#reset')!.onclick = () => {
    pg.restart();
    refresh();
  };
  const w = document.querySelector<HTMLInputElement>('#w')!;
  w.oninput = () => {
    const settings = pg.settings();
    pg.setSettings({ ...settings, w: Number(w.value) });
    document.querySelector('#w-value')!.textContent = Number(w.value).toFixed(1);
    showStats(pg.solve() as Stats);
    draw(pg, wasm.memory);
  };
}

main().catch((err) => {
  document.querySelector('#message')!.textContent = `The playground could not start: ${err}`;
});
