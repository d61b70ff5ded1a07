// Unit tests of the store-only ZIP writer: CRC-32's check value, and an archive read back through its
// end record and central directory as an unzip tool reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, ZipWriter } from './zip.js';

test('CRC-32 gives the standard check value', () => {
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
  assert.equal(crc32(new Uint8Array()), 0);
});

test('an archive reads back through its central directory: names, sizes, checksums and data', async () => {
  const files: [string, Uint8Array][] = [
    ['step-000000.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])],
    ['step-000050.png', new Uint8Array(3000).map((_, i) => i % 251)],
    ['empty.bin', new Uint8Array()],
  ];
  const zip = new ZipWriter();
  for (const [name, data] of files) zip.add(name, data);
  const bytes = new Uint8Array(await zip.finish().arrayBuffer());
  const view = new DataView(bytes.buffer);
  const end = bytes.length - 22;
  assert.equal(view.getUint32(end, true), 0x06054b50, 'end of central directory record last');
  assert.equal(view.getUint16(end + 10, true), files.length);
  let at = view.getUint32(end + 16, true);
  assert.equal(at + view.getUint32(end + 12, true), end, 'the directory ends where the end record starts');
  for (const [name, data] of files) {
    assert.equal(view.getUint32(at, true), 0x02014b50);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    assert.equal(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)), name);
    assert.equal(size, data.length);
    assert.equal(view.getUint32(at + 16, true), crc32(data));
    assert.equal(view.getUint32(local, true), 0x04034b50, `${name}: its local header`);
    const start = local + 30 + view.getUint16(local + 26, true);
    assert.deepEqual(bytes.subarray(start, start + size), data);
    at += 46 + nameLength;
  }
});
