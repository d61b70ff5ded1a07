// HPA*'s overlay, drawn over the cells while HPA* is the algorithm shown: the cluster borders (every K
// columns and rows), the abstract edges (straight segments between the nodes they join: pairs of nodes of
// one cluster joined inside it, and transitions across borders), the entrance nodes (a ring; filled once
// expanded), and the abstract path (thick, once the abstract search has found it: the refinement then
// fills in its cells). Each part is noted in `drawn`, and `hpaLegend` lists the parts drawn, in the
// same colours.
import type { Entry } from '../legend-entries.js';
import type { Scene } from '../render/scene.js';
import { hpaText } from './strings.js';
import type { HpaGraph } from './graph.js';
import type { drawPixels as DrawPixels } from '../render/path-pixels.js';

/** The overlay's colours, by the mark each part is noted as (and listed in the legend as). */
const COLOURS = {
  'cluster-borders': [112, 72, 232],
  'abstract-edges': [150, 150, 190],
  'abstract-nodes': [232, 89, 12],
  'abstract-path': [214, 51, 108],
} as const;
type Part = keyof typeof COLOURS;

/** NEVER of types.ts (u32::MAX: not closed); not imported, see Kit in core.ts. */
const NEVER = 0xffffffff;

/** More abstract edges than this are not drawn (a large map at a small cluster size: a solid tangle). */
const MOST_EDGES_DRAWN = 50_000;

/** `rgb(r, g, b)` of a part (palette.ts's `css`, not imported: see Kit in core.ts). */
const css = (part: Part) => `rgb(${COLOURS[part].join(', ')})`;

/** What the layer draws: the graph of the last solve and the abstract path at the step shown. */
export interface HpaDrawing {
  graph: HpaGraph;
  abstractPath: Uint32Array;
}

/**
 * What is drawn of the graph, kept in a canvas of its own and copied in every frame: the borders, the
 * edges and the node rings (they change only with the graph), and the expanded nodes' discs, added as
 * the search expands them. A 1024 × 1024 map has some 70,000 nodes, of which a search across it expands
 * tens of thousands: drawn again every frame, they made each frame of the animation take 25 to 110 ms.
 * When a node is no longer expanded (a restart, a step back, a new search), the discs start again from
 * the graph without them (`bare`), so only a new graph draws it again.
 *
 * Where a node's mark is a small square (cells of up to 8 pixels), the layer is kept as pixels as well
 * (`pixels`): discs are written into them and the changed rectangle put into the canvas. After a drag of
 * the goal across a 1024 × 1024 random map, 30,540 discs drawn again as a path took 10 ms to build and
 * 20 ms more to rasterise when the layer was next copied, in the task that showed the new search.
 */
interface GraphLayer {
  /** The graph's arrays it was drawn from (a graph unchanged by a new search keeps them: hpaGraphOf). */
  nodes: Uint32Array;
  edges: Uint32Array;
  /** The geometry it was drawn at. */
  key: string;
  /**
   * Borders, edges and rings (`bare`): a canvas, or where the nodes are squares their pixels, beside the
   * pixels `canvas` holds (`bare` with the discs).
   */
  kept: { bare: HTMLCanvasElement } | { bare: ImageData; pixels: ImageData };
  /** `bare` with the discs of `discs`: what a frame copies. */
  canvas: HTMLCanvasElement;
  /** Per node (indexed like graph.nodes): 1 if its disc is in `canvas`. */
  discs: Uint8Array;
  /** The marks drawn into it. */
  drawn: Set<string>;
}

let graphLayer: GraphLayer | null = null;

/** PIXEL_CELLS of www/render/path-pixels.ts (not imported, see Kit in core.ts). */
const PIXEL_CELLS = 2;

/** Canvases larger than this (in pixels) are not copied: the graph is drawn afresh each time instead. */
const MOST_PIXELS_KEPT = 2048 * 2048;

/**
 * Draws the overlay. With `drawPixels` (the page's, handed over in the Kit), the abstract path is written as
 * pixels where cells are at most 2 pixels wide: across a 1,024 × 1,024 maze its stroke took 30–45 ms to
 * rasterise at the end of each task that showed it.
 */
export function drawHpa(ctx: CanvasRenderingContext2D, scene: Scene, drawing: HpaDrawing, drawn: Set<string>, drawPixels?: typeof DrawPixels): void {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  const { graph, abstractPath } = drawing;
  const centre = centreOf(mapWidth, s);
  const closedAt = scene.views.closedAt();
  if (mapWidth * s * mapHeight * s > MOST_PIXELS_KEPT) {
    graphLayer = null;
    const pixels = drawStatic(ctx, scene, graph, drawn);
    const discs = graph.nodes.filter((cell) => expanded(closedAt, cell));
    if (pixels) {
      writeSquares(pixels, discs, mapWidth, s);
      ctx.putImageData(pixels, 0, 0);
    } else {
      const shapes = new Path2D();
      for (const cell of discs) nodeShape(shapes, centre(cell), s);
      ctx.fillStyle = css('abstract-nodes');
      ctx.fill(shapes);
    }
  } else {
    const layer = syncedLayer(scene, graph, closedAt, centre);
    ctx.drawImage(layer.canvas, 0, 0);
    for (const mark of layer.drawn) drawn.add(mark);
  }

  if (abstractPath.length > 1 && drawPixels && s <= PIXEL_CELLS) {
    const rgb = COLOURS['abstract-path'];
    drawPixels(ctx, 'hpa abstract path', [mapWidth, s, abstractPath], (bitmap) => bitmap.cellPolyline(abstractPath, mapWidth, s, rgb, null));
    drawn.add('abstract-path');
  } else if (abstractPath.length > 1) {
    ctx.save();
    ctx.strokeStyle = css('abstract-path');
    ctx.lineWidth = Math.max(2, s / 3);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    abstractPath.forEach((cell, i) => {
      const [x, y] = centre(cell);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.stroke();
    ctx.restore();
    drawn.add('abstract-path');
  }
}

/**
 * The kept layer for `graph` at the scene's geometry, its discs matching the nodes expanded now (by
 * `closedAt`): discs are added for the nodes expanded since the last frame; when one is no longer
 * expanded, they start again from `bare`.
 */
function syncedLayer(scene: Scene, graph: HpaGraph, closedAt: Uint32Array, centre: (cell: number) => [number, number]): GraphLayer {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  const key = `${mapWidth} ${mapHeight} ${s}`;
  if (graphLayer?.nodes !== graph.nodes || graphLayer.edges !== graph.edges || graphLayer.key !== key) {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [mapWidth * s, mapHeight * s];
    const drawn = new Set<string>();
    const ctx = canvas.getContext('2d')!;
    const squares = drawStatic(ctx, scene, graph, drawn);
    let kept: GraphLayer['kept'];
    if (squares) {
      ctx.putImageData(squares, 0, 0);
      kept = { bare: squares, pixels: new ImageData(new Uint8ClampedArray(squares.data), squares.width, squares.height) };
    } else {
      const bare = document.createElement('canvas');
      [bare.width, bare.height] = [canvas.width, canvas.height];
      bare.getContext('2d')!.drawImage(canvas, 0, 0);
      kept = { bare };
    }
    graphLayer = { nodes: graph.nodes, edges: graph.edges, key, kept, canvas, discs: new Uint8Array(graph.nodes.length), drawn };
  }
  const { discs, nodes } = graphLayer;
  // One pass over every node (68,000 on a 1024 × 1024 map, in every frame): the nodes to add a disc for,
  // or (a disc no longer expanded) start again from `bare`.
  let added: number[] = [];
  let again = false;
  for (let i = 0; i < nodes.length; i++) {
    const isExpanded = expanded(closedAt, nodes[i]);
    if (discs[i] === 0) {
      if (isExpanded) added.push(i);
    } else if (!isExpanded) {
      again = true;
      break;
    }
  }
  if (again) {
    discs.fill(0);
    added = [];
    for (let i = 0; i < nodes.length; i++) if (expanded(closedAt, nodes[i])) added.push(i);
  }
  if (!again && added.length === 0) return graphLayer;
  for (const i of added) discs[i] = 1;
  const ctx = graphLayer.canvas.getContext('2d')!;
  const kept = graphLayer.kept;
  if ('pixels' in kept) {
    if (again) kept.pixels.data.set(kept.bare.data);
    const changed = writeSquares(kept.pixels, added.map((i) => nodes[i]), mapWidth, s);
    if (again) ctx.putImageData(kept.pixels, 0, 0);
    else if (changed) ctx.putImageData(kept.pixels, 0, 0, changed.x, changed.y, changed.width, changed.height);
  } else {
    if (again) {
      ctx.clearRect(0, 0, graphLayer.canvas.width, graphLayer.canvas.height);
      ctx.drawImage(kept.bare, 0, 0);
    }
    const discShapes = new Path2D();
    for (const i of added) nodeShape(discShapes, centre(nodes[i]), s);
    ctx.fillStyle = css('abstract-nodes');
    ctx.fill(discShapes);
  }
  return graphLayer;
}

/** The cell was expanded by the search shown (at the step shown). */
function expanded(closedAt: Uint32Array, cell: number): boolean {
  const at = closedAt[cell];
  return at !== undefined && at !== NEVER;
}

/** The centre, in canvas pixels, of a cell of a map `mapWidth` cells wide at `s` pixels a cell. */
function centreOf(mapWidth: number, s: number): (cell: number) => [number, number] {
  return (cell) => [((cell % mapWidth) + 0.5) * s, (Math.floor(cell / mapWidth) + 0.5) * s];
}

/** A node mark's radius at `s` pixels a cell. */
const nodeRadius = (s: number) => Math.max(1.5, s * 0.3);

/** Below this radius a node's mark is a square: it looks the same as a circle and draws far faster. */
const SQUARES_BELOW = 2.5;

/** Adds a node's mark at `centre` to `path`: a circle, or a square where that would be a few pixels wide. */
function nodeShape(path: Path2D, [x, y]: [number, number], s: number): void {
  const radius = nodeRadius(s);
  if (radius < SQUARES_BELOW) {
    path.rect(x - radius, y - radius, 2 * radius, 2 * radius);
  } else {
    path.moveTo(x + radius, y);
    path.arc(x, y, radius, 0, 2 * Math.PI);
  }
}

/**
 * The cluster borders, the abstract edges and every node's ring. Where there are nodes and they are small
 * squares, their rings are written as pixels: then the canvas's pixels with them are returned, for the
 * caller to put into the canvas (null otherwise, when everything is drawn).
 */
function drawStatic(ctx: CanvasRenderingContext2D, scene: Scene, graph: HpaGraph, drawn: Set<string>): ImageData | null {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  const centre = centreOf(mapWidth, s);
  ctx.save();
  const k = graph.clusterSize;
  if (k < mapWidth || k < mapHeight) {
    ctx.strokeStyle = css('cluster-borders');
    ctx.lineWidth = Math.max(1, Math.round(s / 6));
    ctx.beginPath();
    for (let x = k; x < mapWidth; x += k) {
      ctx.moveTo(x * s, 0);
      ctx.lineTo(x * s, mapHeight * s);
    }
    for (let y = k; y < mapHeight; y += k) {
      ctx.moveTo(0, y * s);
      ctx.lineTo(mapWidth * s, y * s);
    }
    ctx.stroke();
    drawn.add('cluster-borders');
  }

  const edges = graph.edges;
  if (edges.length > 0 && edges.length / 2 <= MOST_EDGES_DRAWN) {
    ctx.strokeStyle = css('abstract-edges');
    ctx.lineWidth = Math.max(1, s / 12);
    ctx.beginPath();
    for (let i = 0; i + 1 < edges.length; i += 2) {
      const [ax, ay] = centre(edges[i]);
      const [bx, by] = centre(edges[i + 1]);
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
    ctx.stroke();
    drawn.add('abstract-edges');
  }

  let pixels: ImageData | null = null;
  if (graph.nodes.length > 0 && nodeRadius(s) < SQUARES_BELOW) {
    pixels = writeSquareRings(ctx, graph.nodes, centre, nodeRadius(s));
    drawn.add('abstract-nodes');
  } else if (graph.nodes.length > 0) {
    const rings = new Path2D();
    for (const cell of graph.nodes) nodeShape(rings, centre(cell), s);
    ctx.strokeStyle = css('abstract-nodes');
    ctx.lineWidth = Math.max(1, s / 10);
    ctx.stroke(rings);
    drawn.add('abstract-nodes');
  }
  ctx.restore();
  return pixels;
}

/** The pixel bounds, inclusive, of a square node mark of `radius` at `centre`: a ring's and a disc's. */
function squareBounds([cx, cy]: [number, number], radius: number): [number, number, number, number] {
  return [Math.round(cx - radius), Math.round(cx + radius) - 1, Math.round(cy - radius), Math.round(cy + radius) - 1];
}

/**
 * `abstract-nodes`' colour as one pixel of a Uint32Array over RGBA bytes (little-endian, as browsers are):
 * `pixelOf` of www/render/path-pixels.ts, not imported (see Kit in core.ts).
 */
const NODE_PIXEL = (() => {
  const [r, g, b] = COLOURS['abstract-nodes'];
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
})();

/**
 * Small square rings (one pixel wide) written straight into the canvas's pixels: a 1024 × 1024 map's
 * 68,000 of them took about 100 ms to rasterise as a stroked path, the first time the layer was copied
 * after each edit; written as pixels, a few ms. Returns the canvas's pixels with them, not yet put back.
 */
function writeSquareRings(
  ctx: CanvasRenderingContext2D,
  nodes: Uint32Array,
  centre: (cell: number) => [number, number],
  radius: number,
): ImageData {
  const { width, height } = ctx.canvas;
  const image = ctx.getImageData(0, 0, width, height);
  const pixels = new Uint32Array(image.data.buffer);
  const put = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) pixels[y * width + x] = NODE_PIXEL;
  };
  for (const cell of nodes) {
    const [x0, x1, y0, y1] = squareBounds(centre(cell), radius);
    for (let x = x0; x <= x1; x++) {
      put(x, y0);
      put(x, y1);
    }
    for (let y = y0 + 1; y < y1; y++) {
      put(x0, y);
      put(x1, y);
    }
  }
  return image;
}

/**
 * Filled squares, the discs of `cells` where nodes are squares, written into `image` over the rings: the
 * pixels `squareBounds` gives, worked out here without its arrays (30,000 discs after a new search on a
 * 1024 × 1024 map). Returns the rectangle they changed (null when none is on it).
 */
function writeSquares(
  image: ImageData,
  cells: ArrayLike<number>,
  mapWidth: number,
  s: number,
): { x: number; y: number; width: number; height: number } | null {
  const { width, height } = image;
  const pixels = new Uint32Array(image.data.buffer);
  const radius = nodeRadius(s);
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let i = 0; i < cells.length; i++) {
    const cx = ((cells[i] % mapWidth) + 0.5) * s;
    const cy = (Math.floor(cells[i] / mapWidth) + 0.5) * s;
    const x0 = Math.max(0, Math.round(cx - radius));
    const x1 = Math.min(width - 1, Math.round(cx + radius) - 1);
    const y0 = Math.max(0, Math.round(cy - radius));
    const y1 = Math.min(height - 1, Math.round(cy + radius) - 1);
    for (let y = y0; y <= y1; y++) {
      for (let at = y * width + x0, end = y * width + x1; at <= end; at++) pixels[at] = NODE_PIXEL;
    }
    if (x0 < left) left = x0;
    if (x1 > right) right = x1;
    if (y0 < top) top = y0;
    if (y1 > bottom) bottom = y1;
  }
  return right < left || bottom < top ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** The legend's entries for the parts in `drawn` (the marks `drawHpa` noted), in drawing order. */
export function hpaLegend(drawn: ReadonlySet<string>): Entry[] {
  return (Object.keys(COLOURS) as Part[])
    .filter((part) => drawn.has(part))
    .map((part) => ({
      mark: part,
      label: hpaText(`legend.${part}`),
      swatch: part === 'abstract-nodes' ? { kind: 'ring', colour: css(part) } : { kind: 'line', colour: css(part), dashed: false },
      detail: '',
    }));
}
