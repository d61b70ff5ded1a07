// What the walking agent knows of the map (www/walk/): per cell its terrain once seen, or UNKNOWN. The
// planner assumes an unknown cell is plain (free, the cheapest passable terrain), the classic assumption of
// D* Lite's navigation, so a cell's planned terrain changes only when it is first seen and is not plain.
// Sight is a disc: the cells with dx² + dy² ≤ r·(r + 1) from the agent's (radius 1 is the 8 neighbours, so the
// next cell of any route is always seen before the agent steps on it).
// Pure, so unit-tested (fog.test.ts).

/** A cell not seen yet. */
export const UNKNOWN = 255;
/** The terrain the planner assumes for an unknown cell (plain). */
export const ASSUMED = 1;

export class KnownMap {
  /** Terrain code per cell once seen, UNKNOWN before; indexed by cell id. */
  readonly terrainByCell: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.terrainByCell = new Uint8Array(width * height).fill(UNKNOWN);
  }

  /** The cells within `radius` of (x, y), on the map. */
  sight(x: number, y: number, radius: number): number[] {
    const cells: number[] = [];
    for (let cy = Math.max(0, y - radius); cy <= Math.min(this.height - 1, y + radius); cy++) {
      for (let cx = Math.max(0, x - radius); cx <= Math.min(this.width - 1, x + radius); cx++) {
        if ((cx - x) ** 2 + (cy - y) ** 2 <= radius * (radius + 1)) cells.push(cy * this.width + cx);
      }
    }
    return cells;
  }

  /**
   * Sees the cells within `radius` of (x, y) on the real map `real` (terrain codes by cell id). Returns the
   * cells whose planned terrain this changed (first seen, and not the assumed plain), in cell order.
   */
  reveal(real: Uint8Array, x: number, y: number, radius: number): number[] {
    const changed: number[] = [];
    for (const cell of this.sight(x, y, radius)) {
      if (this.terrainByCell[cell] !== UNKNOWN) continue;
      this.terrainByCell[cell] = real[cell];
      if (real[cell] !== ASSUMED) changed.push(cell);
    }
    return changed;
  }

  /** The map the planner searches: seen cells as seen, unknown ones plain. */
  planned(): Uint8Array {
    return this.terrainByCell.map((code) => (code === UNKNOWN ? ASSUMED : code));
  }

  /** How many cells are still unknown. */
  unknownCount(): number {
    let n = 0;
    for (const code of this.terrainByCell) if (code === UNKNOWN) n++;
    return n;
  }
}
