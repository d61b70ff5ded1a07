// Unit tests of the GIF encoder, read back by an independent decoder written here from the GIF89a spec
// (no PIL on this machine): LZW round trips of random index streams past the 4,096-code table (clear
// codes), and whole animations decoded frame by frame: screen size, frame count, delays, the NETSCAPE2.0
// loop count and the composed colours at known pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GifWriter, lzwEncode } from './gif.js';

/** What decoding a code stream saw, besides the indices. */
interface LzwStats {
  clears: number;
  largestCodeSize: number;
}

/** A plain GIF LZW decoder (the spec's algorithm, the code-size bump after adding code 2^size − 1). */
function lzwDecode(data: Uint8Array, minCodeSize: number, stats: LzwStats = { clears: 0, largestCodeSize: 0 }): number[] {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let codeSize = minCodeSize + 1;
  let dictionary: number[][] = [];
  const reset = () => {
    dictionary = [];
    for (let i = 0; i < clear; i++) dictionary.push([i]);
    dictionary.push([], []);
    codeSize = minCodeSize + 1;
  };
  reset();
  const out: number[] = [];
  let bitPos = 0;
  const read = (): number => {
    let code = 0;
    for (let i = 0; i < codeSize; i++, bitPos++) {
      if (bitPos >> 3 >= data.length) throw new Error('the code stream ended without an end code');
      code |= ((data[bitPos >> 3] >> (bitPos & 7)) & 1) << i;
    }
    return code;
  };
  let previous: number[] | null = null;
  for (;;) {
    stats.largestCodeSize = Math.max(stats.largestCodeSize, codeSize);
    const code = read();
    if (code === clear) {
      stats.clears++;
      reset();
      previous = null;
      continue;
    }
    if (code === end) break;
    let entry: number[];
    if (code < dictionary.length) entry = dictionary[code];
    else if (code === dictionary.length && previous) entry = [...previous, previous[0]];
    else throw new Error(`code ${code} is not in the table (${dictionary.length} entries)`);
    out.push(...entry);
    if (previous && dictionary.length < 4096) {
      dictionary.push([...previous, entry[0]]);
      if (dictionary.length === 1 << codeSize && codeSize < 12) codeSize++;
    }
    previous = entry;
  }
  return out;
}

interface DecodedGif {
  width: number;
  height: number;
  /** The NETSCAPE2.0 loop count, or null without the extension. */
  loops: number | null;
  /** Each frame's delay (1/100 s) and the whole screen after it, RGB per pixel. */
  frames: { delay: number; screen: number[][] }[];
}

/** Decodes a GIF89a file: blocks, colour tables, transparency and disposal "leave in place". */
function decodeGif(bytes: Uint8Array): DecodedGif {
  let at = 0;
  const u8 = () => bytes[at++];
  const u16 = () => {
    const v = bytes[at] | (bytes[at + 1] << 8);
    at += 2;
    return v;
  };
  const ascii = (n: number) => String.fromCharCode(...bytes.subarray(at, (at += n)));
  const subBlocks = (): Uint8Array => {
    const parts: number[] = [];
    for (let n = u8(); n !== 0; n = u8()) parts.push(...bytes.subarray(at, (at += n)));
    return Uint8Array.from(parts);
  };
  const table = (bits: number): number[][] => {
    const entries: number[][] = [];
    for (let i = 0; i < 1 << bits; i++) entries.push([u8(), u8(), u8()]);
    return entries;
  };
  assert.equal(ascii(6), 'GIF89a');
  const width = u16();
  const height = u16();
  const packed = u8();
  at += 2;
  const globalTable = packed & 0x80 ? table((packed & 7) + 1) : null;
  const screen: number[][] = Array.from({ length: width * height }, () => [0, 0, 0]);
  const result: DecodedGif = { width, height, loops: null, frames: [] };
  let delay = 0;
  let transparentIndex: number | null = null;
  for (;;) {
    const block = u8();
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = u8();
      if (label === 0xf9) {
        assert.equal(u8(), 4);
        const flags = u8();
        delay = u16();
        const index = u8();
        transparentIndex = flags & 1 ? index : null;
        assert.equal((flags >> 2) & 7, 1, 'disposal: leave in place');
        assert.equal(u8(), 0);
      } else if (label === 0xff) {
        assert.equal(u8(), 11);
        const app = ascii(11);
        const data = subBlocks();
        if (app === 'NETSCAPE2.0') result.loops = data[1] | (data[2] << 8);
      } else {
        subBlocks();
      }
      continue;
    }
    assert.equal(block, 0x2c, `an image descriptor at byte ${at - 1}`);
    const x = u16();
    const y = u16();
    const w = u16();
    const h = u16();
    const flags = u8();
    assert.equal(flags & 0x40, 0, 'not interlaced');
    const colours = flags & 0x80 ? table((flags & 7) + 1) : globalTable;
    assert.ok(colours, 'a colour table');
    const minCodeSize = u8();
    const indices = lzwDecode(subBlocks(), minCodeSize);
    assert.equal(indices.length, w * h, 'one index per pixel of the frame');
    assert.ok(x + w <= width && y + h <= height, 'the frame lies on the screen');
    indices.forEach((index, i) => {
      if (index === transparentIndex) return;
      assert.ok(index < colours.length, `index ${index} in a ${colours.length}-entry table`);
      screen[(y + Math.floor(i / w)) * width + x + (i % w)] = colours[index];
    });
    result.frames.push({ delay, screen: screen.map((p) => [...p]) });
    transparentIndex = null;
  }
  return result;
}

/** A seeded generator (mulberry32), so that a failing stream can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('LZW round-trips random index streams, past 12-bit codes with clear-code resets', () => {
  for (const [minCodeSize, alphabet, length, seed] of [
    [8, 256, 60_000, 1],
    [2, 4, 40_000, 2],
    [4, 3, 100_000, 3], // a small alphabet: long strings, many codes per clear
    [8, 17, 70_000, 4],
  ]) {
    const next = random(seed);
    const indices = Array.from({ length }, () => Math.floor(next() * alphabet));
    const stats = { clears: 0, largestCodeSize: 0 };
    assert.deepEqual(lzwDecode(lzwEncode(indices, minCodeSize), minCodeSize, stats), indices, `min code size ${minCodeSize}`);
    assert.equal(stats.largestCodeSize, 12, 'codes grew to 12 bits');
    assert.ok(stats.clears >= 2, `the table was cleared when full (${stats.clears} clears, the first at the start)`);
  }
  // Runs of one index (the KwKwK case) and tiny streams.
  for (const indices of [[], [0], [3, 3], Array(5000).fill(1), [1, 0, 1, 0, 1, 0, 1]]) {
    assert.deepEqual(lzwDecode(lzwEncode(indices, 2), 2), indices);
  }
});

/** A frame of `w` × `h` RGBA pixels (0xAABBGGRR) from a colour function. */
function frameOf(w: number, h: number, colourAt: (x: number, y: number) => readonly number[]): Uint32Array {
  const px = new Uint32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, b] = colourAt(x, y);
      px[y * w + x] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    }
  }
  return px;
}

test('an animation decodes to its frames: size, count, delays, loop extension and colours (delta frames composed)', () => {
  const w = 37;
  const h = 23;
  const plain = [248, 249, 250];
  const wall = [52, 58, 64];
  const open = [248, 192, 214];
  const closed = [186, 208, 250];
  const base = (x: number, _y: number) => (x === 10 ? wall : plain);
  const frames = [
    frameOf(w, h, base),
    frameOf(w, h, (x, y) => (x >= 2 && x < 5 && y >= 3 && y < 6 ? open : base(x, y))),
    frameOf(w, h, (x, y) => (x >= 2 && x < 5 && y >= 3 && y < 6 ? closed : x === 20 && y === 20 ? open : base(x, y))),
    frameOf(w, h, (x, y) => (x >= 2 && x < 5 && y >= 3 && y < 6 ? closed : x === 20 && y === 20 ? open : base(x, y))), // unchanged
  ];
  const gif = new GifWriter(w, h);
  frames.forEach((frame, i) => gif.addFrame(frame, i === frames.length - 1 ? 100 : 4));
  const decoded = decodeGif(gif.finish());
  assert.equal(decoded.width, w);
  assert.equal(decoded.height, h);
  assert.equal(decoded.loops, 0, 'loops forever');
  assert.deepEqual(
    decoded.frames.map((f) => f.delay),
    [4, 4, 4, 100],
  );
  const at = (frame: number, x: number, y: number) => decoded.frames[frame].screen[y * w + x];
  assert.deepEqual(at(0, 0, 0), plain);
  assert.deepEqual(at(0, 10, 7), wall);
  assert.deepEqual(at(1, 3, 4), open);
  assert.deepEqual(at(1, 10, 22), wall, 'a pixel a delta frame leaves alone keeps its colour');
  assert.deepEqual(at(2, 3, 4), closed);
  assert.deepEqual(at(2, 20, 20), open);
  assert.deepEqual(at(3, 20, 20), open);
  // Every pixel of every frame, exactly (few colours: no quantisation).
  frames.forEach((frame, i) => {
    decoded.frames[i].screen.forEach((rgb, p) => {
      const v = frame[p];
      assert.deepEqual(rgb, [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff], `frame ${i} pixel ${p}`);
    });
  });
});

test('more than 255 colours: the most frequent stay exact, the rare ones go to their nearest kept colour', () => {
  const w = 64;
  const h = 32;
  // The left half is one of 4 page colours; the right half a ramp of 32 × 32 = 1024 distinct greys-blues.
  const page = [
    [248, 249, 250],
    [52, 58, 64],
    [186, 208, 250],
    [224, 49, 49],
  ];
  const frame = frameOf(w, h, (x, y) => (x < 32 ? page[(x + y) % 4] : [x * 4, y * 4, (x * 2 + y) & 0xff]));
  const gif = new GifWriter(w, h, 3);
  gif.addFrame(frame, 10);
  const decoded = decodeGif(gif.finish());
  assert.equal(decoded.loops, 3);
  assert.equal(decoded.frames.length, 1);
  const screen = decoded.frames[0].screen;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < 32; x++) assert.deepEqual(screen[y * w + x], page[(x + y) % 4], 'the page colours are exact');
  }
  let worst = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 32; x < w; x++) {
      const want = [x * 4, y * 4, (x * 2 + y) & 0xff];
      worst = Math.max(worst, Math.hypot(...want.map((c, i) => c - screen[y * w + x][i])));
    }
  }
  assert.ok(worst < 80, `the ramp is approximated, worst distance ${worst.toFixed(1)}`);
  assert.ok(new Set(screen.map((p) => p.join())).size <= 255, 'at most 255 colours');
});
