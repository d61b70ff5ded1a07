// Units mode's drawing (www/units/): a canvas laid exactly over the map's (same backing size, CSS size and
// zoom transform, copied every frame) that lets pointer events through to the map (painting) unless a click
// places or orders units. It shows the map's terrain without the page's search (the scene is about the
// units), redrawn from the terrain after each edit, then each frame from the crowd's typed arrays: the
// inflated walls (when asked), the rally point, the selected units' ways, then every unit as a disc coloured
// by its state. Its canvas is `data-testid="units-canvas"` with `data-units` (how many drawn) and
// `data-walking`.
import type { Entry } from '../legend-entries.js';
import { css, GOAL_RGB } from '../render/palette.js';
import { paintTerrain } from '../render/terrain-base.js';
import { unitsText } from './strings.js';

/** Unit states, as the core numbers them (`astar_core::crowd::UnitState`). */
export const STATE = { idle: 0, queued: 1, searching: 2, walking: 3, arrived: 4, unreachable: 5 } as const;

/** Colours by what is drawn (the legend's marks). */
export const COLOURS = {
  unit: [37, 99, 235],
  waiting: [234, 88, 12],
  'queue-head': [219, 39, 119],
  arrived: [22, 163, 74],
  unreachable: [220, 38, 38],
  selected: [17, 24, 39],
  inflated: [148, 163, 184],
  rally: GOAL_RGB,
} as const;

type Part = keyof typeof COLOURS;

const BY_STATE: Record<number, Part> = {
  [STATE.idle]: 'unit',
  [STATE.queued]: 'waiting',
  [STATE.searching]: 'queue-head',
  [STATE.walking]: 'unit',
  [STATE.arrived]: 'arrived',
  [STATE.unreachable]: 'unreachable',
};

/** What one frame's drawing reads. */
export interface Frame {
  width: number;
  height: number;
  radius: number;
  positions: Float32Array;
  states: Uint8Array;
  /** Inflated-map terrain codes (0 = wall) and the map's, when the inflated walls are shown. */
  inflated: { inflated: Uint8Array; terrain: Uint8Array } | null;
  /** The selected units' ways, `[x, y, ...]` from where each stands. */
  ways: Float32Array[];
  selected: ReadonlySet<number>;
  /** The rally point's cell (x, y), when the units go there. */
  rally: { x: number; y: number } | null;
}

export class UnitsOverlay {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  /** The parts drawn last frame, for the legend. */
  drawn = new Set<Part>();
  /** The map's terrain, one pixel a cell (see `showTerrain`). */
  private readonly base = document.createElement('canvas');

  constructor(private readonly map: HTMLCanvasElement) {
    this.canvas = document.createElement('canvas');
    this.canvas.dataset.testid = 'units-canvas';
    this.canvas.className = 'units-canvas';
    this.ctx = this.canvas.getContext('2d')!;
    map.after(this.canvas);
  }

  /** Lets clicks reach the map (painting) or keeps them (placing, ordering). */
  catchClicks(on: boolean): void {
    this.canvas.style.pointerEvents = on ? 'auto' : 'none';
    this.canvas.style.cursor = on ? 'pointer' : '';
  }

  remove(): void {
    this.canvas.remove();
  }

  /** Paints the map's terrain (codes, one per cell) into the base the units are drawn over. */
  showTerrain(terrain: Uint8Array, width: number, height: number): void {
    paintTerrain(this.base, terrain, width, height);
  }

  /** The cell under a pointer event on this canvas, fractional, in the map's cells. */
  cellAt(event: PointerEvent, width: number, height: number): { x: number; y: number } {
    const box = this.canvas.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * width - 0.5, y: ((event.clientY - box.top) / box.height) * height - 0.5 };
  }

  draw(frame: Frame): void {
    const { canvas, ctx, map } = this;
    if (canvas.width !== map.width || canvas.height !== map.height) {
      canvas.width = map.width;
      canvas.height = map.height;
    }
    canvas.style.width = map.style.width;
    canvas.style.height = map.style.height;
    canvas.style.transform = map.style.transform;
    const s = canvas.width / frame.width;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.base, 0, 0, canvas.width, canvas.height);
    const drawn = new Set<Part>();
    if (frame.inflated) {
      const { inflated, terrain } = frame.inflated;
      ctx.fillStyle = `rgba(${COLOURS.inflated.join(',')}, 0.75)`;
      for (let cell = 0; cell < inflated.length; cell++) {
        if (inflated[cell] === 0 && terrain[cell] !== 0) {
          ctx.fillRect((cell % frame.width) * s, Math.floor(cell / frame.width) * s, s, s);
          drawn.add('inflated');
        }
      }
    }
    if (frame.rally) {
      ctx.strokeStyle = css(COLOURS.rally);
      ctx.lineWidth = Math.max(2, s * 0.2);
      ctx.beginPath();
      ctx.arc((frame.rally.x + 0.5) * s, (frame.rally.y + 0.5) * s, Math.max(6, s * 1.2), 0, 2 * Math.PI);
      ctx.stroke();
      drawn.add('rally');
    }
    ctx.lineWidth = Math.max(1.5, s * 0.12);
    ctx.strokeStyle = css(COLOURS.selected);
    for (const way of frame.ways) {
      if (way.length < 4) continue;
      ctx.beginPath();
      for (let i = 0; i < way.length; i += 2) {
        const [x, y] = [(way[i] + 0.5) * s, (way[i + 1] + 0.5) * s];
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    // A disc the unit's size (its radius), never smaller than a dot one can see.
    const r = Math.max(2, Math.max(frame.radius, 0.3) * s);
    const n = frame.states.length;
    let walking = 0;
    for (const part of ['arrived', 'unreachable', 'unit', 'waiting', 'queue-head'] as const) {
      ctx.fillStyle = css(COLOURS[part]);
      ctx.beginPath();
      let any = false;
      for (let i = 0; i < n; i++) {
        if (BY_STATE[frame.states[i]] !== part) continue;
        const [x, y] = [(frame.positions[2 * i] + 0.5) * s, (frame.positions[2 * i + 1] + 0.5) * s];
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        any = true;
        if (frame.states[i] === STATE.walking) walking++;
      }
      if (any) {
        ctx.fill();
        drawn.add(part);
      }
    }
    if (frame.selected.size > 0) {
      ctx.strokeStyle = css(COLOURS.selected);
      ctx.lineWidth = Math.max(1.5, s * 0.15);
      for (const i of frame.selected) {
        if (i >= n) continue;
        ctx.beginPath();
        ctx.arc((frame.positions[2 * i] + 0.5) * s, (frame.positions[2 * i + 1] + 0.5) * s, r + Math.max(2, s * 0.2), 0, 2 * Math.PI);
        ctx.stroke();
        drawn.add('selected');
      }
    }
    this.drawn = drawn;
    canvas.dataset.units = String(n);
    canvas.dataset.walking = String(walking);
  }
}

/** The legend's entries for the parts drawn, in the overlay's colours. */
export function unitsLegend(drawn: ReadonlySet<Part>): Entry[] {
  return (Object.keys(COLOURS) as Part[])
    .filter((part) => drawn.has(part))
    .map((part) => ({
      mark: part === 'unit' ? 'unit' : `unit-${part}`,
      label: unitsText(`legend.${part}`),
      swatch:
        part === 'inflated'
          ? { kind: 'fill', colours: [css(COLOURS.inflated)] }
          : part === 'selected' || part === 'rally'
            ? { kind: 'ring', colour: css(COLOURS[part]) }
            : { kind: 'disc', colour: css(COLOURS[part]) },
      detail: '',
    }));
}
