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
  /** The geometry and cluster size it was drawn at. */
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
  /** What it was drawn from, cluster by cluster (see `clusterSignatures`): how a changed graph finds what changed. */
  signatures: Uint32Array;
}

let graphLayer: GraphLayer | null = null;

/**
 * How the layer was last made anew, for the canvas's `data-hpa-layer` (what tests and a curious reader can
 * see): `drawn` afresh, or `patched W×H` (the pixels drawn again after an edit). Empty once noted.
 */
let layerNote = '';

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
    if (layerNote && ctx.canvas instanceof HTMLCanvasElement) ctx.canvas.dataset.hpaLayer = layerNote;
    layerNote = '';
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
  // The geometry and the cluster size (its borders): a layer drawn for others is drawn afresh.
  const key = `${mapWidth} ${mapHeight} ${s} ${graph.clusterSize}`;
  // A graph changed by an edit is drawn again only where it changed (its discs then start again).
  let again = false;
  if (graphLayer !== null && graphLayer.key === key && (graphLayer.nodes !== graph.nodes || graphLayer.edges !== graph.edges)) {
    again = patchLayer(graphLayer, scene, graph);
  }
  if (graphLayer?.nodes !== graph.nodes || graphLayer.edges !== graph.edges || graphLayer.key !== key) {
    graphLayer = drawnLayer(scene, graph, key);
    layerNote = 'drawn';
  }
  const { discs, nodes } = graphLayer;
  // One pass over every node (68,000 on a 1024 × 1024 map, in every frame): the nodes to add a disc for,
  // or (a disc no longer expanded) start again from `bare`.
  let added: number[] = [];
  for (let i = 0; i < nodes.length && !again; i++) {
    const isExpanded = expanded(closedAt, nodes[i]);
    if (discs[i] === 0) {
      if (isExpanded) added.push(i);
    } else if (!isExpanded) {
      again = true;
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

/** A layer with `graph` drawn afresh (borders, edges, rings; no discs yet) at the scene's geometry, `key`. */
function drawnLayer(scene: Scene, graph: HpaGraph, key: string): GraphLayer {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  const [width, height] = [mapWidth * s, mapHeight * s];
  const drawn = new Set<string>();
  const drawing = drawingContext(width, height);
  const squares = drawStatic(drawing, scene, graph, drawn);
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [width, height];
  const ctx = canvas.getContext('2d')!;
  let kept: GraphLayer['kept'];
  if (squares) {
    ctx.putImageData(squares, 0, 0);
    kept = { bare: squares, pixels: new ImageData(new Uint8ClampedArray(squares.data), squares.width, squares.height) };
  } else {
    ctx.drawImage(drawing.canvas, 0, 0);
    kept = { bare: drawing.canvas };
  }
  const signatures = clusterSignatures(graph, mapWidth, mapHeight, drawn.has('abstract-edges'));
  return { nodes: graph.nodes, edges: graph.edges, key, kept, canvas, discs: new Uint8Array(graph.nodes.length), drawn, signatures };
}

/**
 * The context of a new canvas to draw the static parts in, asked for with `willReadFrequently`: its pixels
 * are read back (the rings are written into them, an area is copied out), which a canvas kept by the CPU
 * does without a copy from the GPU.
 */
function drawingContext(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [width, height];
  return canvas.getContext('2d', { willReadFrequently: true })!;
}

/** A rectangle of canvas pixels. */
interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws `layer` again for `graph` (a graph of the same map and cluster size, changed by an edit) only in the
 * area where the two differ, and makes it the layer of `graph` (its discs to start again): true. False,
 * changing nothing, when that area is most of the map or the graphs differ elsewhere too, or `graph` would
 * draw other parts (the caller then draws it afresh).
 *
 * The area: the clusters whose nodes and edges differ (by `clusterSignatures`), one cell more on each
 * side (a transition across a border reaches one cell into the next cluster), and the marks' reach in
 * pixels. Exact whatever the signatures miss: every node and edge with a cell outside the area must be the
 * same, in the same order, in both graphs (else false), so what changed lies wholly inside it, and in the
 * area everything of `graph` that can reach its pixels is drawn again, in the order and with the strokes of
 * a whole drawing. A 5-cell stroke on a 1024 × 1024 map rebuilds about nine clusters of 16 × 16 cells:
 * the area is some 50 × 50 pixels, against the whole layer (1024 × 1024) drawn afresh.
 */
function patchLayer(layer: GraphLayer, scene: Scene, graph: HpaGraph): boolean {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  const k = Math.max(1, graph.clusterSize);
  if (!sameMarks(staticMarks(scene, graph), layer.drawn)) return false;
  // Edges too many to draw (more than MOST_EDGES_DRAWN, as on a maze of a million cells) are not compared.
  const withEdges = layer.drawn.has('abstract-edges');
  const signatures = clusterSignatures(graph, mapWidth, mapHeight, withEdges);
  const old = layer.signatures;
  if (signatures.length !== old.length) return false;
  const columns = Math.ceil(mapWidth / k);
  let [left, top, right, bottom] = [mapWidth, mapHeight, -1, -1];
  for (let c = 0; c < signatures.length; c++) {
    if (signatures[c] === old[c]) continue;
    const [cx, cy] = [(c % columns) * k, Math.floor(c / columns) * k];
    left = Math.min(left, cx - 1);
    top = Math.min(top, cy - 1);
    right = Math.max(right, cx + k);
    bottom = Math.max(bottom, cy + k);
  }
  if (right < left) {
    // Nothing differs cluster by cluster: the same drawing, if nothing differs at all.
    left = top = 0;
    right = bottom = -1;
  }
  const cells = { left: Math.max(0, left), top: Math.max(0, top), right: Math.min(mapWidth - 1, right), bottom: Math.min(mapHeight - 1, bottom) };
  if ((cells.right - cells.left + 1) * (cells.bottom - cells.top + 1) * 4 > mapWidth * mapHeight) return false;
  const rect = { width: mapWidth, ...cells };
  if (!sameOutside(layer.nodes, graph.nodes, 1, rect)) return false;
  if (withEdges && !sameOutside(layer.edges, graph.edges, 2, rect)) return false;
  if (cells.right >= cells.left) {
    const reach = Math.ceil(Math.max(nodeRadius(s) + s / 20, s / 6, s / 12)) + 2;
    const x = Math.max(0, cells.left * s - reach);
    const y = Math.max(0, cells.top * s - reach);
    const area = { x, y, width: Math.min(mapWidth * s, (cells.right + 1) * s + reach) - x, height: Math.min(mapHeight * s, (cells.bottom + 1) * s + reach) - y };
    redrawArea(layer, scene, graph, area);
    layerNote = `patched ${area.width}×${area.height}`;
  }
  layer.nodes = graph.nodes;
  layer.edges = graph.edges;
  layer.signatures = signatures;
  layer.discs = new Uint8Array(graph.nodes.length);
  return true;
}

/** Draws `layer`'s borders, edges and rings again in `area`, from `graph`. */
function redrawArea(layer: GraphLayer, scene: Scene, graph: HpaGraph, area: Area): void {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  // As large as the layer, so that the strokes in the area are rounded as in the whole layer (a canvas of
  // the area's size, the strokes clipped to it, rounded their anti-aliased edges a grey level or two apart).
  const ctx = drawingContext(mapWidth * s, mapHeight * s);
  const squares = drawStatic(ctx, scene, graph, new Set<string>(), area);
  const kept = layer.kept;
  if ('pixels' in kept) {
    const from = new Uint32Array((squares ?? ctx.getImageData(area.x, area.y, area.width, area.height)).data.buffer);
    const into = new Uint32Array(kept.bare.data.buffer);
    for (let row = 0; row < area.height; row++) {
      into.set(from.subarray(row * area.width, (row + 1) * area.width), (area.y + row) * kept.bare.width + area.x);
    }
  } else {
    const bare = kept.bare.getContext('2d')!;
    bare.clearRect(area.x, area.y, area.width, area.height);
    bare.drawImage(ctx.canvas, area.x, area.y, area.width, area.height, area.x, area.y, area.width, area.height);
  }
}

/**
 * Per cluster of `graph.clusterSize` cells a side (row by row), a hash of the nodes in it and (`withEdges`:
 * where they are drawn) of the edges whose first end is in it, in their order: two graphs' clusters with
 * different signatures differ.
 */
function clusterSignatures(graph: HpaGraph, mapWidth: number, mapHeight: number, withEdges: boolean): Uint32Array {
  const k = Math.max(1, graph.clusterSize);
  const columns = Math.ceil(mapWidth / k);
  const signatures = new Uint32Array(columns * Math.ceil(mapHeight / k));
  // A cell's cluster by its column and row, looked up (no division per cell but the row's).
  const byColumn = new Int32Array(mapWidth);
  for (let x = 0; x < mapWidth; x++) byColumn[x] = Math.floor(x / k);
  const byRow = new Int32Array(mapHeight);
  for (let y = 0; y < mapHeight; y++) byRow[y] = Math.floor(y / k) * columns;
  const nodes = graph.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const cell = nodes[i];
    const y = (cell / mapWidth) | 0;
    const c = byRow[y] + byColumn[cell - y * mapWidth];
    signatures[c] = Math.imul(signatures[c] ^ cell, 0x9e3779b1) + 0x7f4a7c15;
  }
  const edges = withEdges ? graph.edges : new Uint32Array(0);
  for (let i = 0; i + 1 < edges.length; i += 2) {
    const [a, b] = [edges[i], edges[i + 1]];
    const y = (a / mapWidth) | 0;
    const c = byRow[y] + byColumn[a - y * mapWidth];
    signatures[c] = Math.imul(Math.imul(signatures[c] ^ ~a, 0x9e3779b1) ^ b, 0x85ebca6b) + 0x7f4a7c15;
  }
  return signatures;
}

/** Cells from `left` to `right` and `top` to `bottom` (inclusive) of a map `width` cells wide. */
interface CellRect {
  width: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * True when the items of `a` and `b` (runs of `size` cells: nodes or edges) not wholly in `rect` (some cell
 * of theirs outside it) are the same, in the same order.
 */
function sameOutside(a: Uint32Array, b: Uint32Array, size: number, rect: CellRect): boolean {
  const { width, left, top, right, bottom } = rect;
  const inside = (items: Uint32Array, at: number) => {
    for (let j = 0; j < size; j++) {
      const cell = items[at + j];
      const y = (cell / width) | 0;
      const x = cell - y * width;
      if (x < left || x > right || y < top || y > bottom) return false;
    }
    return true;
  };
  let [i, j] = [0, 0];
  for (;;) {
    while (i < a.length && inside(a, i)) i += size;
    while (j < b.length && inside(b, j)) j += size;
    if (i >= a.length || j >= b.length) return i >= a.length && j >= b.length;
    for (let t = 0; t < size; t++) if (a[i + t] !== b[j + t]) return false;
    i += size;
    j += size;
  }
}

function sameMarks(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((mark) => b.has(mark));
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

/** The marks `drawStatic` draws for `graph` at the scene's geometry. */
function staticMarks(scene: Scene, graph: HpaGraph): Set<string> {
  const { mapWidth, mapHeight } = scene.geometry;
  const marks = new Set<string>();
  const k = graph.clusterSize;
  if (k < mapWidth || k < mapHeight) marks.add('cluster-borders');
  if (graph.edges.length > 0 && graph.edges.length / 2 <= MOST_EDGES_DRAWN) marks.add('abstract-edges');
  if (graph.nodes.length > 0) marks.add('abstract-nodes');
  return marks;
}

/**
 * The cluster borders, the abstract edges and every node's ring. Where there are nodes and they are small
 * squares, their rings are written as pixels: then the canvas's pixels with them are returned, for the
 * caller to put into the canvas (null otherwise, when everything is drawn). With `area` (canvas pixels),
 * only what can reach the area is drawn (the edges and rings whose bounds meet it, with the strokes a whole
 * drawing makes), and the pixels returned are the area's.
 */
function drawStatic(ctx: CanvasRenderingContext2D, scene: Scene, graph: HpaGraph, drawn: Set<string>, area?: Area): ImageData | null {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  const centre = centreOf(mapWidth, s);
  const marks = staticMarks(scene, graph);
  // A mark's reach beyond its centre or line: a ring's radius and half its stroke, a border's half width.
  const reach = Math.ceil(Math.max(nodeRadius(s) + s / 20, s / 6)) + 1;
  const meets = (x0: number, y0: number, x1: number, y1: number) =>
    !area ||
    (Math.max(x0, x1) + reach >= area.x &&
      Math.min(x0, x1) - reach <= area.x + area.width &&
      Math.max(y0, y1) + reach >= area.y &&
      Math.min(y0, y1) - reach <= area.y + area.height);
  ctx.save();
  const k = graph.clusterSize;
  if (marks.has('cluster-borders')) {
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
  if (marks.has('abstract-edges')) {
    ctx.strokeStyle = css('abstract-edges');
    ctx.lineWidth = Math.max(1, s / 12);
    ctx.beginPath();
    for (let i = 0; i + 1 < edges.length; i += 2) {
      const [a, b] = [edges[i], edges[i + 1]];
      // Each end's centre, without arrays (every edge of the map is looked at when `area` is small).
      const [ay, by] = [(a / mapWidth) | 0, (b / mapWidth) | 0];
      const [ax, bx] = [(a - ay * mapWidth + 0.5) * s, (b - by * mapWidth + 0.5) * s];
      const [py, qy] = [(ay + 0.5) * s, (by + 0.5) * s];
      if (!meets(ax, py, bx, qy)) continue;
      ctx.moveTo(ax, py);
      ctx.lineTo(bx, qy);
    }
    ctx.stroke();
    drawn.add('abstract-edges');
  }

  let pixels: ImageData | null = null;
  if (marks.has('abstract-nodes') && nodeRadius(s) < SQUARES_BELOW) {
    const { width, height } = ctx.canvas;
    const into = area ?? { x: 0, y: 0, width, height };
    pixels = writeSquareRings(ctx.getImageData(into.x, into.y, into.width, into.height), into, graph.nodes, centre, nodeRadius(s));
    drawn.add('abstract-nodes');
  } else if (marks.has('abstract-nodes')) {
    const rings = new Path2D();
    for (const cell of graph.nodes) {
      const [x, y] = centre(cell);
      if (meets(x, y, x, y)) nodeShape(rings, [x, y], s);
    }
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
 * Small square rings (one pixel wide) written straight into the canvas's pixels (`image`, those of `area`):
 * a 1024 × 1024 map's 68,000 of them took about 100 ms to rasterise as a stroked path, the first time the
 * layer was copied after each edit; written as pixels, a few ms. Returns `image` with them, not yet put back.
 */
function writeSquareRings(
  image: ImageData,
  area: Area,
  nodes: Uint32Array,
  centre: (cell: number) => [number, number],
  radius: number,
): ImageData {
  const { width, height } = image;
  const pixels = new Uint32Array(image.data.buffer);
  // `image` holds the canvas's pixels of `area`.
  const [ox, oy] = [area.x, area.y];
  const put = (x: number, y: number) => {
    x -= ox;
    y -= oy;
    if (x >= 0 && y >= 0 && x < width && y < height) pixels[y * width + x] = NODE_PIXEL;
  };
  for (const cell of nodes) {
    const [cx, cy] = centre(cell);
    // Far from the area (every node of the map is looked at when it is small): skipped before its bounds.
    if (cx + radius + 1 < ox || cy + radius + 1 < oy || cx - radius - 1 >= ox + width || cy - radius - 1 >= oy + height) continue;
    const [x0, x1, y0, y1] = squareBounds([cx, cy], radius);
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
