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

export function drawHpa(ctx: CanvasRenderingContext2D, scene: Scene, drawing: HpaDrawing, drawn: Set<string>): void {
  const { mapWidth, mapHeight, cellPx: s } = scene.geometry;
  const { graph, abstractPath } = drawing;
  const centre = (cell: number): [number, number] => [((cell % mapWidth) + 0.5) * s, (Math.floor(cell / mapWidth) + 0.5) * s];
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

  if (abstractPath.length > 1) {
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
    drawn.add('abstract-path');
  }

  if (graph.nodes.length > 0) {
    const closedAt = scene.views.closedAt();
    const radius = Math.max(1.5, s * 0.3);
    ctx.strokeStyle = css('abstract-nodes');
    ctx.fillStyle = css('abstract-nodes');
    ctx.lineWidth = Math.max(1, s / 10);
    for (const cell of graph.nodes) {
      const [x, y] = centre(cell);
      ctx.beginPath();
      ctx.arc(x, y, radius, 0, 2 * Math.PI);
      if (closedAt[cell] !== undefined && closedAt[cell] !== NEVER) ctx.fill();
      else ctx.stroke();
    }
    drawn.add('abstract-nodes');
  }
  ctx.restore();
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
