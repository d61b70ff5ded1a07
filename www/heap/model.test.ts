// Unit tests of the heap panel's model (www/heap/model.ts) on logs written here as the core writes them
// (records in crates/astar-core/src/search/trace.rs). The engine is stood in for by a sorted list of
// entries: each step pops its smallest entry, stale or not, exactly as the engine's open list does, so the
// model must agree with it on every pop, in both arrangements.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HeapModel, PUSH_WORDS, RECORD, type Variant } from './model.js';

const TWO_32 = 2 ** 32;

/** A push record: order key (k0, k1 as numbers below 2^53), seq, g and h in steps. */
function push(cell: number, k0: number, k1: number, seq: number, g: number, h: number): number[] {
  const split = (v: number) => [Math.floor(v / TWO_32), v % TWO_32];
  const [gh, gl] = split(g * 65536);
  const [hh, hl] = split(h * 65536);
  return [cell, ...split(k0), ...split(k1), seq, gl, gh, hl, hh];
}

const pop = (cell: number) => [RECORD.pop + cell];
const stale = (cell: number) => [RECORD.stalePop + cell];
const BEGIN = [RECORD.begin];

type RefEntry = { k0: number; k1: number; seq: number; cell: number; live: boolean };

/** A seeded generator (xorshift), so a failure names its seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / TWO_32;
  };
}

/**
 * A search-like log: steps of one pop (stale pops skipped first, as the engine does) and a few pushes,
 * some for cells already open with a smaller key (a better g). Keys have many ties, some above 2^32.
 * Returns the log and the expansion order.
 */
function searchLog(seed: number, steps: number): { log: Uint32Array; expanded: number[]; stalePops: number } {
  const random = rng(seed);
  const words: number[] = [...BEGIN];
  const entries: RefEntry[] = [];
  const liveKey = new Map<number, number>();
  const closed = new Set<number>();
  const expanded: number[] = [];
  let seq = 0;
  let stalePops = 0;
  const high = random() < 0.5 ? 0 : 3 * TWO_32;
  const add = (cell: number, k0: number) => {
    const k1 = Math.floor(random() * 3);
    entries.push({ k0, k1, seq, cell, live: true });
    words.push(...push(cell, k0, k1, seq, k0 / 7, k1));
    seq++;
  };
  add(0, high);
  for (let step = 0; step < steps && entries.length > 0; step++) {
    entries.sort((a, b) => a.k0 - b.k0 || a.k1 - b.k1 || a.seq - b.seq);
    let first = entries.shift()!;
    while (!first.live || closed.has(first.cell)) {
      words.push(...stale(first.cell));
      stalePops++;
      if (entries.length === 0) return { log: Uint32Array.from(words), expanded, stalePops };
      first = entries.shift()!;
    }
    closed.add(first.cell);
    liveKey.delete(first.cell);
    words.push(...pop(first.cell));
    expanded.push(first.cell);
    const pushes = Math.floor(random() * 5);
    for (let p = 0; p < pushes; p++) {
      const cell = Math.floor(random() * 60);
      if (closed.has(cell)) continue;
      const old = liveKey.get(cell);
      const k0 = first.k0 + Math.floor(random() * 4);
      if (old !== undefined && k0 >= old) continue; // only a better g is pushed again
      if (old !== undefined) for (const e of entries) if (e.cell === cell) e.live = false;
      liveKey.set(cell, k0);
      add(cell, k0);
    }
  }
  return { log: Uint32Array.from(words), expanded, stalePops };
}

test('both arrangements pop exactly what the engine popped, in the same order, on 200 seeded logs', () => {
  let sawStale = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const { log, expanded, stalePops } = searchLog(seed, 120);
    sawStale += stalePops;
    for (const variant of ['lazy', 'decrease-key'] as Variant[]) {
      const model = new HeapModel(variant);
      const report = model.apply(log);
      assert.equal(model.disagreements, 0, `seed ${seed}, ${variant}`);
      assert.deepEqual(report.expanded, expanded, `seed ${seed}, ${variant}: expansion order`);
      assert.ok(model.isHeap(), `seed ${seed}, ${variant}: heap property`);
      assert.equal(model.counters.stalePops, stalePops);
    }
  }
  assert.ok(sawStale > 50, 'the logs exercise stale entries');
});

test('record by record, the heaps grow and shrink as their arrangement says', () => {
  let decreaseKeys = 0;
  for (let seed = 1; seed <= 30; seed++) {
    const { log } = searchLog(seed, 80);
    const lazy = new HeapModel('lazy');
    const indexed = new HeapModel('decrease-key');
    for (let i = 0; i < log.length; ) {
      const next = (log[i] & RECORD.kind) >>> 0 === RECORD.push ? i + PUSH_WORDS : i + 1;
      lazy.apply(log, i, next);
      indexed.apply(log, i, next);
      // Lazy deletion holds the same live entries plus the stale ones.
      assert.equal(lazy.size, indexed.size + lazy.staleCount, `seed ${seed}`);
      assert.equal(indexed.staleCount, 0);
      i = next;
    }
    assert.deepEqual(lazy.counters, indexed.counters, 'both count the same events');
    decreaseKeys += lazy.counters.decreaseKeys;
  }
  assert.ok(decreaseKeys > 0);
});

test('a cell pushed again: lazy keeps the old entry struck through, decrease-key moves the one entry up', () => {
  const log = Uint32Array.from([
    ...BEGIN,
    ...push(5, 10, 0, 0, 0, 10), // the start, (5)
    ...pop(5),
    ...push(1, 14, 0, 1, 1, 13),
    ...push(2, 12, 0, 2, 1, 11),
    ...push(3, 13, 0, 3, 1, 12),
    ...push(1, 11, 0, 4, 0.5, 10.5), // cell 1 again, better: pops first now
  ]);
  const lazy = new HeapModel('lazy');
  lazy.apply(log);
  assert.equal(lazy.size, 4);
  assert.equal(lazy.staleCount, 1);
  assert.equal(lazy.entryAt(0).cell, 1);
  assert.equal(lazy.entryAt(0).id, 4, 'the root is the new entry');
  assert.equal(lazy.entryAt(0).g, 0.5);
  assert.deepEqual(lazy.indicesOf(1).map((i) => lazy.entryAt(i).stale), [false, true]);

  const indexed = new HeapModel('decrease-key');
  indexed.apply(log.subarray(0, log.length - PUSH_WORDS));
  const before = indexed.indicesOf(1)[0];
  indexed.apply(log.subarray(log.length - PUSH_WORDS));
  assert.equal(indexed.size, 3);
  assert.equal(indexed.entryAt(0).cell, 1);
  assert.ok(before > 0, 'the entry of cell 1 was below the root');
  assert.equal(indexed.entryAt(0).id, 1, 'the same entry moved up to the root (the animation follows it)');
  assert.equal(indexed.entryAt(0).push, 4, 'with the key of the new push');
  assert.equal(indexed.indicesOf(1).length, 1);
  assert.equal(indexed.counters.decreaseKeys, 1);

  // The search pops 1, then 2, 3; lazy deletion then meets the stale entry of 1 and skips it.
  const rest = Uint32Array.from([...pop(1), ...pop(2), ...pop(3), ...stale(1)]);
  const lazyReport = lazy.apply(rest);
  assert.deepEqual(lazyReport.expanded, [1, 2, 3]);
  assert.deepEqual(lazyReport.skipped, [1]);
  assert.equal(lazy.size, 0);
  indexed.apply(rest);
  assert.equal(indexed.size, 0);
  assert.equal(lazy.disagreements + indexed.disagreements, 0);
});

test('keys are compared in full: high words, then low words, then the tie-break, then seq', () => {
  const log = Uint32Array.from([
    ...BEGIN,
    ...push(1, 2 * TWO_32, 0, 0, 0, 0),
    ...push(2, TWO_32 + 5, 0, 1, 0, 0),
    ...push(3, TWO_32 + 5, 1, 2, 0, 0),
    ...push(4, TWO_32 + 5, 0, 3, 0, 0),
    ...push(5, 7, 9, 9, 0, 0),
  ]);
  const model = new HeapModel('lazy');
  model.apply(log);
  const order: number[] = [];
  for (const cell of [5, 2, 4, 3, 1]) {
    order.push(model.entryAt(0).cell);
    model.apply(Uint32Array.from(pop(cell)));
  }
  assert.deepEqual(order, [5, 2, 4, 3, 1]);
  assert.equal(model.disagreements, 0);
});

test('a pop the model does not expect is counted as a disagreement; BEGIN starts again', () => {
  const model = new HeapModel('lazy');
  model.apply(Uint32Array.from([...BEGIN, ...push(1, 3, 0, 0, 0, 0), ...push(2, 4, 0, 1, 0, 0), ...pop(2)]));
  assert.equal(model.disagreements, 1);
  const report = model.apply(Uint32Array.from([...BEGIN, ...push(9, 1, 0, 0, 2, 3)]));
  assert.ok(report.began);
  assert.equal(model.disagreements, 0);
  assert.equal(model.size, 1);
  assert.deepEqual(model.entryAt(0), { id: 0, push: 0, cell: 9, g: 2, h: 3, stale: false });
});

test('records before any BEGIN are ignored (the log was turned on part-way)', () => {
  const model = new HeapModel('lazy');
  model.apply(Uint32Array.from([...push(1, 3, 0, 0, 0, 0), ...pop(1)]));
  assert.equal(model.size, 0);
  assert.equal(model.started, false);
});
