// Mesh mode's drawing (www/mesh/): a canvas laid exactly over the map's (same backing size, CSS size and zoom
// transform) that lets pointer events through to the map, so painting still edits it. It shows the map's
// terrain, the cells too near a wall for the radius, the polygons' outlines, the search's state (open,
// expanded and latest polygons for navmesh A*; for Polyanya the polygons its nodes entered, the latest node's
// root and interval as a cone, its successors), then the corridor and the path, the start and the goal.
// Its canvas is `data-testid="mesh-canvas"` with `data-polygons` and `data-path-points`.
import type { Entry } from '../legend-entries.js';
import type { NodeView } from '../generated/core.js';
import { css, GOAL_RGB, START_RGB } from '../render/palette.js';
import { paintTerrain } from '../render/terrain-base.js';
import { meshText } from './strings.js';

/** Colours by what is drawn (the legend's marks). */
export const COLOURS = {
  polygon: [12, 133, 153],
  open: [248, 192, 214],
  closed: [186, 208, 250],
  current: [250, 176, 5],
  corridor: [255, 236, 153],
  node: [219, 39, 119],
  successor: [134, 142, 150],
  path: [25, 113, 194],
  'covered-not': [148, 163, 184],
} as const;

export type Part = keyof typeof COLOURS;

/** What one drawing reads. */
export interface Frame {
  width: number;
  height: number;
  /** Corner coordinates of the vertices, `[x, y, ...]`. */
  vertices: Uint32Array;
  /** Per polygon, where its vertex ids begin in `polygonVertices` (one more entry at the end). */
  polygonStarts: Uint32Array;
  polygonVertices: Uint32Array;
  /** Per polygon: 0 untouched, 1 open, 2 expanded, 3 the latest step's. */
  marks: Uint8Array;
  corridor: Uint32Array;
  /** The path, `[x, y, ...]` in cell-corner coordinates. */
  path: Float64Array;
  node: NodeView | null;
  successors: NodeView[];
  /** Per cell, 1 where the mesh reaches; null when every passable cell is covered (radius 0). */
  covered: Uint8Array | null;
  terrain: Uint8Array;
  start: { x: number; y: number };
  goal: { x: number; y: number };
}

const FILL: Record<number, Part> = { 1: 'open', 2: 'closed', 3: 'current' };

export class MeshOverlay {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  /** The parts drawn last time, for the legend. */
  drawn = new Set<Part>();
  /** The map's terrain, one pixel a cell (see `showTerrain`). */
  private readonly base = document.createElement('canvas');

  constructor(private readonly map: HTMLCanvasElement) {
    this.canvas = document.createElement('canvas');
    this.canvas.dataset.testid = 'mesh-canvas';
    this.canvas.className = 'mesh-canvas';
    this.ctx = this.canvas.getContext('2d')!;
    map.after(this.canvas);
  }

  remove(): void {
    this.canvas.remove();
  }

  /** Paints the map's terrain (codes, one per cell) into the base the mesh is drawn over. */
  showTerrain(terrain: Uint8Array, width: number, height: number): void {
    paintTerrain(this.base, terrain, width, height);
  }

  /** The point under a pointer event, in cell-corner coordinates (a cell's centre at x + 0.5). */
  pointAt(event: PointerEvent, width: number, height: number): { x: number; y: number } {
    const box = this.map.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * width, y: ((event.clientY - box.top) / box.height) * height };
  }

  private polygonPath(frame: Frame, polygon: number, s: number): Path2D {
    const shape = new Path2D();
    const { vertices, polygonStarts, polygonVertices } = frame;
    for (let i = polygonStarts[polygon]; i < polygonStarts[polygon + 1]; i++) {
      const v = polygonVertices[i];
      const [x, y] = [vertices[2 * v] * s, vertices[2 * v + 1] * s];
      if (i === polygonStarts[polygon]) shape.moveTo(x, y);
      else shape.lineTo(x, y);
    }
    shape.closePath();
    return shape;
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
    const drawn = new Set<Part>();
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.base, 0, 0, canvas.width, canvas.height);
    if (frame.covered) {
      ctx.fillStyle = `rgba(${COLOURS['covered-not'].join(',')}, 0.8)`;
      for (let cell = 0; cell < frame.covered.length; cell++) {
        if (frame.covered[cell] === 0 && frame.terrain[cell] !== 0) {
          ctx.fillRect((cell % frame.width) * s, Math.floor(cell / frame.width) * s, s, s);
          drawn.add('covered-not');
        }
      }
    }
    const polygons = frame.polygonStarts.length - 1;
    const shapes: Path2D[] = [];
    for (let p = 0; p < polygons; p++) shapes.push(this.polygonPath(frame, p, s));
    for (let p = 0; p < polygons; p++) {
      const part = FILL[frame.marks[p]];
      if (!part) continue;
      ctx.fillStyle = `rgba(${COLOURS[part].join(',')}, 0.8)`;
      ctx.fill(shapes[p]);
      drawn.add(part);
    }
    if (frame.corridor.length > 0) {
      ctx.fillStyle = `rgba(${COLOURS.corridor.join(',')}, 0.85)`;
      for (const p of frame.corridor) if (p < polygons) ctx.fill(shapes[p]);
      drawn.add('corridor');
    }
    // Outlines thin enough to read a 1024-wide map (a device pixel), up to a sixth of a cell when zoomed in.
    ctx.strokeStyle = `rgba(${COLOURS.polygon.join(',')}, 0.9)`;
    ctx.lineWidth = Math.max(1, Math.min(2.5, s * 0.16));
    if (polygons > 0) drawn.add('polygon');
    for (const shape of shapes) ctx.stroke(shape);
    const cone = (node: NodeView, colour: readonly number[], alpha: number) => {
      ctx.fillStyle = `rgba(${colour.join(',')}, ${alpha})`;
      ctx.beginPath();
      ctx.moveTo(node.root.x * s, node.root.y * s);
      ctx.lineTo(node.left.x * s, node.left.y * s);
      ctx.lineTo(node.right.x * s, node.right.y * s);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = css(colour);
      ctx.lineWidth = Math.max(3, s * 0.3);
      ctx.beginPath();
      ctx.moveTo(node.left.x * s, node.left.y * s);
      ctx.lineTo(node.right.x * s, node.right.y * s);
      ctx.stroke();
    };
    for (const successor of frame.successors) cone(successor, COLOURS.successor, 0.35);
    if (frame.successors.length > 0) drawn.add('successor');
    if (frame.node) {
      cone(frame.node, COLOURS.node, 0.45);
      ctx.fillStyle = css(COLOURS.node);
      ctx.beginPath();
      ctx.arc(frame.node.root.x * s, frame.node.root.y * s, Math.max(4, s * 0.45), 0, 2 * Math.PI);
      ctx.fill();
      drawn.add('node');
    }
    if (frame.path.length >= 4) {
      ctx.strokeStyle = css(COLOURS.path);
      ctx.lineWidth = Math.max(2.5, s * 0.22);
      ctx.lineJoin = 'round';
      ctx.beginPath();
      for (let i = 0; i < frame.path.length; i += 2) {
        const [x, y] = [frame.path[i] * s, frame.path[i + 1] * s];
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
      drawn.add('path');
    }
    for (const [at, rgb] of [
      [frame.start, START_RGB],
      [frame.goal, GOAL_RGB],
    ] as const) {
      ctx.fillStyle = css(rgb);
      ctx.beginPath();
      ctx.arc((at.x + 0.5) * s, (at.y + 0.5) * s, Math.max(4, s * 0.4), 0, 2 * Math.PI);
      ctx.fill();
    }
    this.drawn = drawn;
    canvas.dataset.polygons = String(polygons);
    canvas.dataset.pathPoints = String(frame.path.length / 2);
  }
}

/** The legend's entries for the parts drawn, in the overlay's colours. */
export function meshLegend(drawn: ReadonlySet<Part>): Entry[] {
  return (Object.keys(COLOURS) as Part[])
    .filter((part) => drawn.has(part))
    .map((part) => ({
      mark: `mesh-${part}`,
      label: meshText(`mesh.legend.${part}`),
      swatch:
        part === 'polygon'
          ? { kind: 'outline', colour: css(COLOURS.polygon) }
          : part === 'path'
            ? { kind: 'line', colour: css(COLOURS.path), dashed: false }
            : { kind: 'fill', colours: [css(COLOURS[part])] },
      detail: '',
    }));
}
