// The heap panel's model: the open list arranged as the binary min-heap of the articles (figure 1.4), fed
// by the core's open-list log (records in crates/astar-core/src/search/trace.rs).
//
// The engine's own open list is a 4-ary heap (faster on a grid); its order is total (the order key k0,
// k1, then seq, no two entries equal), so any correct heap fed the same pushes pops the same entries in
// the same order. This model is such a heap, with two arrangements:
// - 'lazy' (what the engine does): a cell pushed again with a better g gets a second entry; the old one
//   stays, *stale*, and is skipped when it is popped;
// - 'decrease-key' (the textbook alternative): a cell has at most one entry; a push for a cell already in
//   the heap updates its entry in place and sifts it up. The new entry always pops before the old one
//   (a lower g, the same h), so the live entries of the two heaps are the same at every step, and both
//   expand the minimum of them: the expansion order is the same (tests/suite/heap_log.rs checks it natively,
//   www/heap/model.test.ts here).
// Every POP record names the cell the engine expanded; the model checks that its own root is that cell and
// counts `disagreements` (0 unless the model and the engine differ: a test hook, never expected).
//
// Layout: entries live in slots (struct of arrays, reused through a free list) so that a frame's thousands
// of pushes allocate nothing; `heap` holds slots by heap index (index 0 = the minimum, children of i at
// 2i + 1 and 2i + 2); `positionOfSlot` is the inverse. An entry's id is its push number since the search
// began (the animation follows entries by id; an entry updated by decrease-key keeps its id).

/** The record kinds: the top two bits of a record's first word (trace.rs, `heap_record`). */
export const RECORD = { push: 0, pop: 0x4000_0000, stalePop: 0x8000_0000, begin: 0xc000_0000, kind: 0xc000_0000 } as const;
/** The bits of a record's first word below the kind: the cell. */
const CELL_BITS = 0x3fff_ffff;
/** Words in a push record. */
export const PUSH_WORDS = 10;

/** How the panel arranges the entries. */
export type Variant = 'lazy' | 'decrease-key';

/** What the model counted since the search began, for both arrangements of the same pushes. */
export interface HeapCounters {
  /** Push records (lazy deletion pushes every one). */
  pushes: number;
  /** Cells expanded (pops of a live entry). */
  expansions: number;
  /** Stale entries popped and skipped (lazy deletion only). */
  stalePops: number;
  /** Pushes for a cell with a live entry in the heap: decrease-key updates those in place. */
  decreaseKeys: number;
}

/** One entry as the panel shows it. */
export interface HeapEntry {
  /** Which entry this is, for the animation: the push that made it (decrease-key keeps it when it updates). */
  id: number;
  /** The push that gave it its key (0 = the first push of the search): the tie-break of first in / last in. */
  push: number;
  cell: number;
  /** Cost so far and estimate, in steps. */
  g: number;
  h: number;
  stale: boolean;
}

/** What one update (the records of one read of the log) did, for the panel's sentence. */
export interface UpdateReport {
  /** Cells expanded, in order. */
  expanded: number[];
  /** Cells whose stale entry was popped and skipped, in order. */
  skipped: number[];
  pushes: number;
  decreaseKeys: number;
  /** A BEGIN record: the model started again. */
  began: boolean;
}

/** A report of nothing done yet. */
export function emptyReport(): UpdateReport {
  return { expanded: [], skipped: [], pushes: 0, decreaseKeys: 0, began: false };
}

/** The offset of the record after the one at `i`. */
export function nextRecord(log: Uint32Array, i: number): number {
  return (log[i] & RECORD.kind) >>> 0 === RECORD.push ? i + PUSH_WORDS : i + 1;
}

const FIXED_POINT = 65536;
const TWO_32 = 4294967296;
/** A key whose high word is below this (2^21) is below 2^53: a double holds it exactly. */
const EXACT_HIGH = 0x20_0000;

export class HeapModel {
  private capacity = 0;
  private cellOf = new Uint32Array(0);
  // The order key: k0 and k1 as doubles (exact below 2^53, and rounding keeps a strict order strict), and
  // their 32-bit halves, compared only when some key seen was too large for a double to hold exactly.
  private k0 = new Float64Array(0);
  private k1 = new Float64Array(0);
  private k0h = new Uint32Array(0);
  private k0l = new Uint32Array(0);
  private k1h = new Uint32Array(0);
  private k1l = new Uint32Array(0);
  /** Every key seen so far fits a double exactly: equal doubles are equal keys. */
  private exact = true;
  private seqOf = new Uint32Array(0);
  private gOf = new Float64Array(0);
  private hOf = new Float64Array(0);
  private idOf = new Float64Array(0);
  private pushOf = new Float64Array(0);
  private staleOf = new Uint8Array(0);
  private positionOfSlot = new Int32Array(0);
  private heap = new Int32Array(0);
  /** Indexed by heap index: k0 of the entry there (see the sifts). */
  private keyAt = new Float64Array(0);
  private freeSlots: number[] = [];
  private nextSlot = 0;
  /**
   * Indexed by cell id: the slot of the cell's live entry plus one (lazy: its newest entry, until it is
   * popped), 0 for none; grown to the largest cell seen (4 bytes a cell: 4 MB on 1024 × 1024).
   */
  private liveSlotByCell = new Int32Array(0);
  /** Entries in the heap. */
  size = 0;
  /** Stale entries in the heap (lazy only). */
  staleCount = 0;
  /** Pops whose cell was not the model's root (see the module comment). */
  disagreements = 0;
  readonly counters: HeapCounters = { pushes: 0, expansions: 0, stalePops: 0, decreaseKeys: 0 };
  /** A BEGIN has been read: the model holds a whole search. */
  started = false;

  constructor(readonly variant: Variant) {}

  /** Forgets every entry and count (a search began). */
  reset(): void {
    this.size = 0;
    this.staleCount = 0;
    this.nextSlot = 0;
    this.exact = true;
    this.freeSlots = [];
    this.liveSlotByCell.fill(0);
    this.disagreements = 0;
    Object.assign(this.counters, { pushes: 0, expansions: 0, stalePops: 0, decreaseKeys: 0 });
    this.started = true;
  }

  /** Applies the records of `log` from `from` up to `to` (record boundaries); returns what they did. */
  apply(log: Uint32Array, from = 0, to = log.length): UpdateReport {
    const report = emptyReport();
    this.applyUntil(log, from, to, report, Infinity);
    return report;
  }

  /**
   * Applies records of `log` from `from` (a record boundary) towards `to`, adding what they did to
   * `report`, until `deadline` (a performance.now() time) has passed; returns where it stopped (`to` when
   * done). The clock is read every 256 records.
   */
  applyUntil(log: Uint32Array, from: number, to: number, report: UpdateReport, deadline: number): number {
    let i = from;
    let records = 0;
    while (i < to) {
      if ((++records & 255) === 0 && deadline !== Infinity && performance.now() > deadline) break;
      const word = log[i];
      const kind = (word & RECORD.kind) >>> 0;
      const cell = word & CELL_BITS;
      if (kind === RECORD.push) {
        if (this.started) {
          const decreased = this.push(cell, log, i);
          report.pushes++;
          if (decreased) report.decreaseKeys++;
        }
        i += PUSH_WORDS;
        continue;
      }
      if (kind === RECORD.begin) {
        this.reset();
        Object.assign(report, emptyReport(), { began: true });
      } else if (this.started && kind === RECORD.pop) {
        this.popLive(cell);
        report.expanded.push(cell);
      } else if (this.started) {
        this.popStale(cell);
        report.skipped.push(cell);
      }
      i += 1;
    }
    return i;
  }

  /** The entry at heap index `index` (0 = the minimum). */
  entryAt(index: number): HeapEntry {
    const slot = this.heap[index];
    return { id: this.idOf[slot], push: this.pushOf[slot], cell: this.cellOf[slot], g: this.gOf[slot], h: this.hOf[slot], stale: this.staleOf[slot] === 1 };
  }

  /** The id of the entry at heap index `index`. */
  idAt(index: number): number {
    return this.idOf[this.heap[index]];
  }

  /** Heap indices of the entries of `cell`, smallest first (a linear scan: once per hovered cell). */
  indicesOf(cell: number): number[] {
    const found: number[] = [];
    for (let i = 0; i < this.size; i++) if (this.cellOf[this.heap[i]] === cell) found.push(i);
    return found;
  }

  /** True when the heap property holds everywhere (for tests). */
  isHeap(): boolean {
    for (let i = 1; i < this.size; i++) if (this.before(this.heap[i], this.heap[(i - 1) >> 1])) return false;
    return true;
  }

  // ---- the heap -----------------------------------------------------------------------------------

  private push(cell: number, log: Uint32Array, at: number): boolean {
    const id = this.counters.pushes++;
    if (cell >= this.liveSlotByCell.length) {
      const grown = new Int32Array(Math.max(cell + 1, this.liveSlotByCell.length * 2));
      grown.set(this.liveSlotByCell);
      this.liveSlotByCell = grown;
    }
    const live = this.liveSlotByCell[cell] - 1;
    const decreased = live >= 0;
    if (decreased) this.counters.decreaseKeys++;
    if (decreased && this.variant === 'decrease-key') {
      // The same entry, its key lowered: it can only move up.
      const identity = this.idOf[live];
      this.write(live, cell, log, at, id);
      this.idOf[live] = identity;
      this.keyAt[this.positionOfSlot[live]] = this.k0[live];
      this.siftUp(this.positionOfSlot[live]);
      return true;
    }
    if (decreased) {
      this.staleOf[live] = 1;
      this.staleCount++;
    }
    const slot = this.allocate();
    this.write(slot, cell, log, at, id);
    this.liveSlotByCell[cell] = slot + 1;
    this.heap[this.size] = slot;
    this.keyAt[this.size] = this.k0[slot];
    this.positionOfSlot[slot] = this.size;
    this.size++;
    this.siftUp(this.size - 1);
    return decreased;
  }

  private popLive(cell: number): void {
    this.counters.expansions++;
    if (this.size === 0) {
      this.disagreements++;
      return;
    }
    const root = this.heap[0];
    if (this.cellOf[root] !== cell || this.staleOf[root] === 1) this.disagreements++;
    if (this.liveSlotByCell[this.cellOf[root]] === root + 1) this.liveSlotByCell[this.cellOf[root]] = 0;
    this.removeRoot();
  }

  private popStale(cell: number): void {
    this.counters.stalePops++;
    // Decrease-key has no stale entry to pop: the skip happens in the lazy arrangement only.
    if (this.variant === 'decrease-key') return;
    if (this.size === 0) {
      this.disagreements++;
      return;
    }
    const root = this.heap[0];
    if (this.cellOf[root] !== cell || this.staleOf[root] !== 1) this.disagreements++;
    if (this.staleOf[root] === 1) this.staleCount--;
    this.removeRoot();
  }

  private removeRoot(): void {
    const root = this.heap[0];
    this.freeSlots.push(root);
    this.size--;
    if (this.size > 0) {
      const last = this.heap[this.size];
      this.heap[0] = last;
      this.keyAt[0] = this.keyAt[this.size];
      this.positionOfSlot[last] = 0;
      this.siftDown(0);
    }
  }

  /** True if the entry in slot `a` pops before the one in slot `b`: (k0, k1, seq), smallest first. */
  private before(a: number, b: number): boolean {
    const k0 = this.k0;
    return k0[a] < k0[b] || (k0[a] === k0[b] && this.beforeTie(a, b));
  }

  /** `before` for two entries whose k0 doubles are equal. */
  private beforeTie(a: number, b: number): boolean {
    if (!this.exact) {
      if (this.k0h[a] !== this.k0h[b]) return this.k0h[a] < this.k0h[b];
      if (this.k0l[a] !== this.k0l[b]) return this.k0l[a] < this.k0l[b];
    }
    const k1 = this.k1;
    if (k1[a] !== k1[b]) return k1[a] < k1[b];
    if (!this.exact) {
      if (this.k1h[a] !== this.k1h[b]) return this.k1h[a] < this.k1h[b];
      if (this.k1l[a] !== this.k1l[b]) return this.k1l[a] < this.k1l[b];
    }
    return this.seqOf[a] < this.seqOf[b];
  }

  // The sifts read k0 from `keyAt`, kept in heap order beside `heap`: a node's two children are next to
  // each other in memory, and most comparisons end there (measured: the sift-down is most of the time).

  private siftUp(index: number): void {
    const heap = this.heap;
    const keyAt = this.keyAt;
    const position = this.positionOfSlot;
    const slot = heap[index];
    const key = keyAt[index];
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentKey = keyAt[parent];
      if (!(key < parentKey || (key === parentKey && this.beforeTie(slot, heap[parent])))) break;
      heap[index] = heap[parent];
      keyAt[index] = parentKey;
      position[heap[index]] = index;
      index = parent;
    }
    heap[index] = slot;
    keyAt[index] = key;
    position[slot] = index;
  }

  /**
   * Floyd's sift-down: the hole at `index` walks down along the smaller children to a leaf, then the entry
   * that was there climbs back up to its place. One comparison a level instead of two; with a total order
   * the entry ends where the textbook sift-down would put it, so the array is the same.
   */
  private siftDown(index: number): void {
    const heap = this.heap;
    const keyAt = this.keyAt;
    const position = this.positionOfSlot;
    const slot = heap[index];
    const key = keyAt[index];
    const size = this.size;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) break;
      let child = left;
      const right = left + 1;
      if (right < size) {
        const rightKey = keyAt[right];
        const leftKey = keyAt[left];
        if (rightKey < leftKey || (rightKey === leftKey && this.beforeTie(heap[right], heap[left]))) child = right;
      }
      heap[index] = heap[child];
      keyAt[index] = keyAt[child];
      position[heap[index]] = index;
      index = child;
    }
    heap[index] = slot;
    keyAt[index] = key;
    position[slot] = index;
    this.siftUp(index);
  }

  private write(slot: number, cell: number, log: Uint32Array, at: number, id: number): void {
    this.cellOf[slot] = cell;
    const k0h = log[at + 1];
    const k1h = log[at + 3];
    this.k0h[slot] = k0h;
    this.k0l[slot] = log[at + 2];
    this.k1h[slot] = k1h;
    this.k1l[slot] = log[at + 4];
    this.k0[slot] = k0h * TWO_32 + log[at + 2];
    this.k1[slot] = k1h * TWO_32 + log[at + 4];
    if (k0h >= EXACT_HIGH || k1h >= EXACT_HIGH) this.exact = false;
    this.seqOf[slot] = log[at + 5];
    this.gOf[slot] = (log[at + 7] * TWO_32 + log[at + 6]) / FIXED_POINT;
    this.hOf[slot] = (log[at + 9] * TWO_32 + log[at + 8]) / FIXED_POINT;
    this.idOf[slot] = id;
    this.pushOf[slot] = id;
    this.staleOf[slot] = 0;
  }

  private allocate(): number {
    const reused = this.freeSlots.pop();
    if (reused !== undefined) return reused;
    if (this.nextSlot === this.capacity) this.grow();
    return this.nextSlot++;
  }

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const grown = <T extends Uint32Array | Int32Array | Float64Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    const u32 = (n: number) => new Uint32Array(n);
    this.cellOf = grown(this.cellOf, u32);
    this.k0 = grown(this.k0, (n) => new Float64Array(n));
    this.k1 = grown(this.k1, (n) => new Float64Array(n));
    this.k0h = grown(this.k0h, u32);
    this.k0l = grown(this.k0l, u32);
    this.k1h = grown(this.k1h, u32);
    this.k1l = grown(this.k1l, u32);
    this.seqOf = grown(this.seqOf, u32);
    this.gOf = grown(this.gOf, (n) => new Float64Array(n));
    this.hOf = grown(this.hOf, (n) => new Float64Array(n));
    this.idOf = grown(this.idOf, (n) => new Float64Array(n));
    this.pushOf = grown(this.pushOf, (n) => new Float64Array(n));
    this.staleOf = grown(this.staleOf, (n) => new Uint8Array(n));
    this.positionOfSlot = grown(this.positionOfSlot, (n) => new Int32Array(n));
    this.heap = grown(this.heap, (n) => new Int32Array(n));
    this.keyAt = grown(this.keyAt, (n) => new Float64Array(n));
    this.capacity = capacity;
  }
}
