// A small GIF89a encoder for the animated GIF export (loaded on demand with the GIF recorder).
//
// Layout written (GIF89a spec, W3C/CompuServe 1990): the header and logical screen (no global colour
// table), the NETSCAPE2.0 application extension (loop count), then per frame a graphic control extension
// (delay in 1/100 s, disposal "leave in place", transparent index 0) and an image descriptor with its own
// local colour table, then the trailer. Frames after the first are deltas: only the rectangle that changed,
// with index 0 (transparent) where a pixel is as before, so a step of the search costs a few hundred bytes.
//
// Colours: the page paints with a small palette (www/render/palette.ts), so a frame usually has far fewer
// than 255 colours and its table holds them exactly. Anti-aliased lines, text and scaling add blends; when
// more than 255 colours appear, the most frequent are kept (a popularity cut), the remaining slots go to
// farthest-point picks among the rest, and every other colour goes to its nearest kept one.
//
// LZW: variable code size from min+1 up to 12 bits, a clear code when the 4,096-entry table is full, the
// code-size bump at the same step as common decoders expect (the encoder grows the size when it is about
// to assign code 2^size; the decoder, one code behind, grows it after adding 2^size − 1).

/** The largest number of codes of GIF's LZW (12 bits). */
const MAX_CODES = 4096;

/** A growable byte buffer. */
class Bytes {
  private buffer = new Uint8Array(1 << 16);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  byte(b: number): void {
    this.room(1);
    this.buffer[this.length++] = b;
  }

  u16(v: number): void {
    this.byte(v & 0xff);
    this.byte((v >> 8) & 0xff);
  }

  bytes(data: ArrayLike<number>): void {
    this.room(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  ascii(text: string): void {
    for (let i = 0; i < text.length; i++) this.byte(text.charCodeAt(i));
  }

  take(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/**
 * The LZW code stream (not yet cut into sub-blocks) of `indices`, every one below 2^minCodeSize.
 * - `minCodeSize`: 2..8, the GIF "LZW minimum code size" (the colour table's bits, at least 2).
 */
export function lzwEncode(indices: ArrayLike<number>, minCodeSize: number): Uint8Array {
  if (minCodeSize < 2 || minCodeSize > 8) throw new Error(`LZW minimum code size ${minCodeSize} is not in 2..8`);
  const out = new Bytes();
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  // The dictionary as a child table: child[code * 256 + index] is the code of (code's string + index), 0 for none
  // (0 is a literal, never an assigned code).
  const child = new Uint16Array(MAX_CODES * 256);
  let codeSize = minCodeSize + 1;
  let next = end + 1;
  let bits = 0;
  let bitCount = 0;
  const emit = (code: number) => {
    bits |= code << bitCount;
    bitCount += codeSize;
    while (bitCount >= 8) {
      out.byte(bits & 0xff);
      bits >>>= 8;
      bitCount -= 8;
    }
  };
  emit(clear);
  if (indices.length === 0) {
    emit(end);
    if (bitCount > 0) out.byte(bits & 0xff);
    return out.take();
  }
  let prefix = indices[0];
  for (let i = 1; i < indices.length; i++) {
    const k = indices[i];
    const known = child[prefix * 256 + k];
    if (known !== 0) {
      prefix = known;
      continue;
    }
    emit(prefix);
    if (next === MAX_CODES) {
      emit(clear);
      child.fill(0);
      codeSize = minCodeSize + 1;
      next = end + 1;
    } else {
      if (next >= 1 << codeSize) codeSize++;
      child[prefix * 256 + k] = next++;
    }
    prefix = k;
  }
  emit(prefix);
  emit(end);
  if (bitCount > 0) out.byte(bits & 0xff);
  return out.take();
}

/** One frame's pixels as colour-table indices, and the table (RGB triples) they index. */
export interface IndexedFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  /** width × height indices, row by row; index 0 is transparent in a delta frame. */
  indices: Uint8Array;
  /** RGB, 3 bytes per entry (at most 256 entries). */
  table: Uint8Array;
  /** True when index 0 means "as in the frame before". */
  transparent: boolean;
}

/** Bits of a colour table with `n` entries (at least 1; GIF tables have 2^bits entries). */
function tableBits(n: number): number {
  let bits = 1;
  while (1 << bits < n) bits++;
  return bits;
}

/** A weighted squared distance between two packed colours (green counts most, as the eye sees it). */
function distance(a: number, b: number): number {
  const dr = (a & 0xff) - (b & 0xff);
  const dg = ((a >> 8) & 0xff) - ((b >> 8) & 0xff);
  const db = ((a >> 16) & 0xff) - ((b >> 16) & 0xff);
  return 2 * dr * dr + 4 * dg * dg + 3 * db * db;
}

/** Colours a frame keeps exactly, most frequent first; the first POPULAR go by count alone. */
const POPULAR = 192;

/**
 * The (at most 255) colours of a frame's table from the colour counts: all of them when they fit; else the
 * POPULAR most frequent (the page's own colours), then farthest-point picks among the rest (each the colour
 * farthest from every one kept so far), so that rare blends far from the page's colours are not all lost.
 */
function chooseColours(counts: Map<number, number>): number[] {
  const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([colour]) => colour);
  if (byCount.length <= 255) return byCount;
  const kept = byCount.slice(0, POPULAR);
  const rest = byCount.slice(POPULAR);
  const gap = rest.map((colour) => Math.min(...kept.map((k) => distance(k, colour))));
  while (kept.length < 255) {
    let far = 0;
    for (let i = 1; i < rest.length; i++) if (gap[i] > gap[far]) far = i;
    const pick = rest[far];
    kept.push(pick);
    for (let i = 0; i < rest.length; i++) gap[i] = Math.min(gap[i], distance(pick, rest[i]));
  }
  return kept;
}

/**
 * Indexes the pixels of `rgba` (packed 0xAABBGGRR, as a Uint32Array over ImageData) inside the rectangle,
 * skipping (index 0) those equal to `previous` when given. Index 0 is always kept for transparency.
 */
export function indexFrame(
  rgba: Uint32Array,
  imageWidth: number,
  rect: { x: number; y: number; width: number; height: number },
  previous: Uint32Array | null,
): IndexedFrame {
  const { x: x0, y: y0, width, height } = rect;
  const counts = new Map<number, number>();
  for (let y = y0; y < y0 + height; y++) {
    for (let x = x0; x < x0 + width; x++) {
      const at = y * imageWidth + x;
      const colour = rgba[at] & 0xffffff;
      if (previous && (previous[at] & 0xffffff) === colour) continue;
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
  }
  const kept = chooseColours(counts);
  const indexOf = new Map<number, number>();
  kept.forEach((colour, i) => indexOf.set(colour, i + 1));
  const nearest = (colour: number): number => {
    let best = 1;
    let bestDistance = Infinity;
    for (let i = 0; i < kept.length; i++) {
      const d = distance(kept[i], colour);
      if (d < bestDistance) {
        bestDistance = d;
        best = i + 1;
      }
    }
    indexOf.set(colour, best);
    return best;
  };
  const indices = new Uint8Array(width * height);
  let i = 0;
  for (let y = y0; y < y0 + height; y++) {
    for (let x = x0; x < x0 + width; x++, i++) {
      const at = y * imageWidth + x;
      const colour = rgba[at] & 0xffffff;
      if (previous && (previous[at] & 0xffffff) === colour) continue; // stays 0: transparent
      indices[i] = indexOf.get(colour) ?? nearest(colour);
    }
  }
  const entries = 1 << tableBits(kept.length + 1);
  const table = new Uint8Array(entries * 3);
  kept.forEach((colour, k) => {
    table[(k + 1) * 3] = colour & 0xff;
    table[(k + 1) * 3 + 1] = (colour >> 8) & 0xff;
    table[(k + 1) * 3 + 2] = (colour >> 16) & 0xff;
  });
  return { x: x0, y: y0, width, height, indices, table, transparent: previous !== null };
}

/** The smallest rectangle holding every pixel that differs between `a` and `b`, or null when none does. */
export function changedRect(
  a: Uint32Array,
  b: Uint32Array,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((a[y * width + x] & 0xffffff) === (b[y * width + x] & 0xffffff)) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Writes an animated GIF frame by frame. */
export class GifWriter {
  private readonly out = new Bytes();
  private previous: Uint32Array | null = null;

  /**
   * - `width`, `height`: the logical screen in pixels (1..65535).
   * - `loops`: 0 repeats forever, n plays n + 1 times.
   */
  constructor(
    readonly width: number,
    readonly height: number,
    loops = 0,
  ) {
    const out = this.out;
    out.ascii('GIF89a');
    out.u16(width);
    out.u16(height);
    out.byte(0x70); // no global colour table; 8 bits of colour resolution
    out.byte(0); // background colour index
    out.byte(0); // no aspect ratio
    out.byte(0x21); // application extension: NETSCAPE2.0, the loop count
    out.byte(0xff);
    out.byte(11);
    out.ascii('NETSCAPE2.0');
    out.byte(3);
    out.byte(1);
    out.u16(loops);
    out.byte(0);
  }

  /**
   * Adds a full-size frame from RGBA pixels (a Uint32Array over the frame's ImageData, width × height), shown
   * for `delayCs` hundredths of a second; only what changed since the last frame is written.
   */
  addFrame(rgba: Uint32Array, delayCs: number): void {
    if (rgba.length !== this.width * this.height) throw new Error(`a frame of ${rgba.length} pixels for a ${this.width} × ${this.height} GIF`);
    const prev = this.previous;
    // An unchanged frame still holds its delay: one transparent pixel.
    const rect = prev ? (changedRect(prev, rgba, this.width, this.height) ?? { x: 0, y: 0, width: 1, height: 1 }) : { x: 0, y: 0, width: this.width, height: this.height };
    this.writeFrame(indexFrame(rgba, this.width, rect, prev), delayCs);
    this.previous = rgba.slice();
  }

  /** Writes one indexed frame (its graphic control extension, descriptor, table and data). */
  writeFrame(frame: IndexedFrame, delayCs: number): void {
    const out = this.out;
    out.byte(0x21); // graphic control extension
    out.byte(0xf9);
    out.byte(4);
    out.byte((1 << 2) | (frame.transparent ? 1 : 0)); // disposal 1: leave the frame in place
    out.u16(Math.max(0, Math.min(0xffff, Math.round(delayCs))));
    out.byte(0); // transparent colour index
    out.byte(0);
    const bits = tableBits(frame.table.length / 3);
    out.byte(0x2c); // image descriptor
    out.u16(frame.x);
    out.u16(frame.y);
    out.u16(frame.width);
    out.u16(frame.height);
    out.byte(0x80 | (bits - 1)); // a local colour table of 2^bits entries, not interlaced
    out.bytes(frame.table);
    const minCodeSize = Math.max(2, bits);
    out.byte(minCodeSize);
    const data = lzwEncode(frame.indices, minCodeSize);
    for (let at = 0; at < data.length; at += 255) {
      const n = Math.min(255, data.length - at);
      out.byte(n);
      out.bytes(data.subarray(at, at + n));
    }
    out.byte(0); // block terminator
  }

  /** The whole file (the trailer written); the writer is done. */
  finish(): Uint8Array {
    this.out.byte(0x3b);
    return this.out.take();
  }
}
