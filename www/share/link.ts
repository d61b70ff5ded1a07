// Share links and snapshots: the page's view as bytes (the core's share codec) and as link text, and back.
// Owns the page's side of the codec: compressing and inflating the body, and the base64url step. The core
// writes the body stored (deflate's uncompressed blocks: crates/astar-core/src/formats/zlib.rs), which
// keeps a snapshot synchronous; a link or file gets it compressed by the browser's CompressionStream (zlib
// framing, the bytes any zlib reader expects), and a compressed body is inflated by DecompressionStream
// before the core reads it, so the wasm module carries neither. The core reads stored bodies itself, so
// stored bytes are a valid (long) link too: what the page writes when it goes away before a compression
// finished. Opening a link, file or compressed snapshot is therefore asynchronous. How
// the map was made comes from the page (AppHooks.mapOrigin): a random map's link carries its seed instead of
// its cells, and a snapshot keeps that origin for undo. Nothing here touches the DOM, and the one way a
// link, file or snapshot becomes a new Playground is here.
import type { OpenedView } from '../pkg/astar.js';
import { Playground, recipeOf, viewOptionsOf } from '../bridge.js';
import type { AppHooks, ViewOptions } from '../hooks.js';
import { linkBase, loaded, type MapOrigin } from '../recipe.js';

/** One saved state of the page: the share bytes and how the map they hold was made. */
export interface Snapshot {
  /** The core's share bytes, the body stored; once `packed` has compressed them, the compressed bytes (smaller, the same view). */
  bytes: Uint8Array;
  origin: MapOrigin;
}

/** Bytes before the body's zlib stream: version, width, height (the core's `share::HEADER_LEN`). */
const HEADER_BYTES = 5;

/**
 * The blocks of share bytes whose zlib stream is stored as the core writes it: a 2-byte zlib header, then
 * blocks of [last ? 1 : 0][length u16 LE][~length u16 LE][bytes], then the Adler-32; null for anything
 * else (a compressed stream, or damaged bytes). The checksum is the core's to check.
 */
function storedBlocks(bytes: Uint8Array): Uint8Array[] | null {
  const blocks: Uint8Array[] = [];
  let at = HEADER_BYTES + 2;
  for (;;) {
    if (at + 5 > bytes.length) return null;
    const kind = bytes[at];
    const length = bytes[at + 1] | (bytes[at + 2] << 8);
    const end = at + 5 + length;
    if ((kind !== 0 && kind !== 1) || (length ^ (bytes[at + 3] | (bytes[at + 4] << 8))) !== 0xffff || end > bytes.length) {
      return null;
    }
    blocks.push(bytes.subarray(at + 5, end));
    at = end;
    if (kind === 1) return blocks;
  }
}

/** The body inside share bytes whose zlib stream is stored; throws on anything else (never the case for the core's own bytes). */
function storedBody(bytes: Uint8Array): Uint8Array {
  const blocks = storedBlocks(bytes);
  if (!blocks) throw new Error('share bytes: not a stored body');
  return joined(blocks, blocks.reduce((sum, block) => sum + block.length, 0));
}

/** The first `length` bytes of `chunks` end to end. */
function joined(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= length) break;
    out.set(chunk.subarray(0, length - offset), offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Compressed bytes handed to the inflater at a time. The browser inflates each piece it is given whole
 * before the page sees any of it, and deflate expands at most about 1,032 times: a piece of 1 KiB is at
 * most about 1 MiB out, so the count in `inflatedBody` stops a bomb within that of its bound.
 */
const INFLATE_CHUNK_BYTES = 1024;

/** `bytes` as a stream of INFLATE_CHUNK_BYTES pieces, each made only when the reader asks for it. */
function inPieces(bytes: Uint8Array): ReadableStream<BufferSource> {
  let at = 0;
  return new ReadableStream<BufferSource>(
    {
      pull(controller) {
        if (at >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(at, at + INFLATE_CHUNK_BYTES));
        at += INFLATE_CHUNK_BYTES;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The body of share bytes whose zlib stream is compressed, inflated by the browser, or null when the
 * stream cannot be read (the core then says so, in its words). Inflating stops just past the largest body
 * any link holds (`shareMaxBodyBytes`), so a "zip bomb" costs at most that much memory; what was read, one
 * byte over, is the core's to refuse as more than its map needs.
 */
async function inflatedBody(bytes: Uint8Array): Promise<Uint8Array | null> {
  // A browser without it: the core says the link cannot be read (compressing falls back to stored bodies).
  if (typeof DecompressionStream === 'undefined') return null;
  const max = Playground.shareMaxBodyBytes();
  const reader = inPieces(bytes.subarray(HEADER_BYTES)).pipeThrough(new DecompressionStream('deflate')).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
      if (length > max) {
        void reader.cancel().catch(() => {});
        break;
      }
    }
  } catch {
    return null;
  }
  return joined(chunks, Math.min(length, max + 1));
}

/**
 * Opens share bytes, from a link (`link`) or a file or snapshot: a stored body by the core at once, a
 * compressed one inflated first. Rejects with the core's error when they are bad.
 */
async function openedView(bytes: Uint8Array, link: boolean): Promise<OpenedView> {
  if (bytes.length > HEADER_BYTES + 2 && !storedBlocks(bytes)) {
    const body = await inflatedBody(bytes);
    if (body) return Playground.openShareInflated(bytes.subarray(0, HEADER_BYTES), body, link);
  }
  return link ? Playground.openShareLinkBytes(bytes) : Playground.openShareBytes(bytes);
}

/**
 * Bytes given to the compressor at a time, each in a task of its own. The browser compresses on the main
 * thread, all it is given at once: a 1024 × 1024 noisy map's body in one piece held it 33–38 ms in
 * Chromium; in pieces of this size no task took over 10 ms (the whole about 90 ms, in the background).
 */
const COMPRESS_CHUNK_BYTES = 16 * 1024;

/** `body` compressed by the browser as a zlib stream, a piece per task (see COMPRESS_CHUNK_BYTES). */
async function deflate(body: Uint8Array): Promise<Uint8Array> {
  const compressor = new CompressionStream('deflate');
  const result = new Response(compressor.readable).arrayBuffer();
  const writer = compressor.writable.getWriter();
  for (let at = 0; at < body.length; at += COMPRESS_CHUNK_BYTES) {
    if (at > 0) await new Promise((next) => setTimeout(next, 0));
    await writer.write(body.slice(at, at + COMPRESS_CHUNK_BYTES));
  }
  await writer.close();
  return new Uint8Array(await result);
}

/** Each snapshot's compression, made once. */
const packing = new WeakMap<Snapshot, Promise<Uint8Array>>();

/**
 * The snapshot's bytes with the body compressed: what a link or file holds. Made once per snapshot, which
 * keeps the compressed bytes from then on (an undo stack of big maps shrinks to their links' size).
 */
export function packed(snap: Snapshot): Promise<Uint8Array> {
  let made = packing.get(snap);
  if (!made) {
    // A browser that cannot compress keeps the body stored: a longer link, but one that opens.
    made = compressed(snap.bytes).then(
      (bytes) => (snap.bytes = bytes),
      () => snap.bytes,
    );
    packing.set(snap, made);
  }
  return made;
}

/** The core's share bytes (the body stored) with the body compressed. */
async function compressed(bytes: Uint8Array): Promise<Uint8Array> {
  const header = bytes.slice(0, HEADER_BYTES);
  const stream = await deflate(storedBody(bytes));
  const out = new Uint8Array(HEADER_BYTES + stream.length);
  out.set(header);
  out.set(stream, HEADER_BYTES);
  return out;
}

/** Link text of the core's share bytes (the body stored), compressed: a view that is not the page's own (a lesson's). */
export async function linkOfBytes(bytes: Uint8Array): Promise<string> {
  return base64url(await compressed(bytes).catch(() => bytes));
}

/** A link, file or snapshot, opened: a new playground (not yet shown), what it carried, how it was made. */
export interface Opened {
  playground: Playground;
  options: ViewOptions;
  origin: MapOrigin;
}

/** The page's current view as a snapshot. */
export function snapshot(hooks: AppHooks): Snapshot {
  const pg = hooks.playground();
  const origin = hooks.mapOrigin();
  return { bytes: pg.shareBytes(hooks.viewOptions(), linkBase(origin)), origin };
}

/** base64url without padding (the same text the core's `share::encode` makes from the same bytes). */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Link text (the part after '#') of a snapshot, compressed. */
export async function linkText(snap: Snapshot): Promise<string> {
  return base64url(await packed(snap));
}

/**
 * Link text of a snapshot at once: compressed when `packed` has finished, else the body stored (longer,
 * but a link that opens the same view), for the moment the page goes away.
 */
export function linkTextNow(snap: Snapshot): string {
  return base64url(snap.bytes);
}

/** Links longer than this are too big to share comfortably (the core decides the number). */
export function comfortableChars(): number {
  return Playground.shareComfortableChars();
}

function adopt(view: OpenedView): Opened {
  try {
    const options = viewOptionsOf(view);
    const random = recipeOf(view);
    return { playground: view.takePlayground(), options, origin: loaded(random) };
  } finally {
    view.free();
  }
}

/** Opens link text (bare, '#…' or a whole URL); rejects with an Error with the core's message when it is bad. */
export async function openLink(text: string): Promise<Opened> {
  const bytes = Playground.shareLinkBytes(unescapeFragment(text));
  return adopt(await openedView(bytes, true));
}

/**
 * The fragment as it was typed or pasted: the browser writes a space as %20 (and so on) in the address,
 * which the core would report as a '%'. A link proper never has a '%' (it is base64url), so undoing the
 * escapes changes no valid link; text that is not valid escaping is left as it is.
 */
function unescapeFragment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Opens share bytes (a snapshot or a downloaded view file, the body stored or compressed); rejects like `openLink`. */
export async function openBytes(bytes: Uint8Array): Promise<Opened> {
  return adopt(await openedView(bytes, false));
}

/**
 * The snapshot `opened` has before it is shown: checks, before anything changes, that the view can be
 * recorded (for undo, the address bar and saved work). Throws the core's error when it cannot.
 */
export function snapshotOf(opened: Opened): Snapshot {
  return { bytes: opened.playground.shareBytes(opened.options, linkBase(opened.origin)), origin: opened.origin };
}

/** Shows an opened view: the page swaps it in, re-solves and redraws. */
export function show(hooks: AppHooks, opened: Opened): void {
  hooks.replacePlayground(opened.playground, opened.options, opened.origin);
}
