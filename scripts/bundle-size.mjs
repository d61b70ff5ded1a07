// The page's download, gzipped (level 9), from a built site: what the first visit fetches before the page
// can draw (index.html, its CSS, the entry script and every chunk it imports statically, the wasm module)
// against the 150 KB budget, then each chunk fetched on demand. Needs a build made with a manifest:
//
//   npx vite build --manifest && node scripts/bundle-size.mjs [site dir, default dist]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const site = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(site, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(site, file)), { level: 9 }).length;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error(`no entry in ${site}/.vite/manifest.json`);

// The entry's static imports, transitively: the browser fetches them all before the page runs.
const first = new Set();
const css = new Set();
const visit = (key) => {
  if (first.has(key)) return;
  first.add(key);
  for (const file of manifest[key].css ?? []) css.add(file);
  for (const next of manifest[key].imports ?? []) visit(next);
};
visit(entryKey);

const rows = [['index.html', gz('index.html')]];
for (const file of css) rows.push([file, gz(file)]);
for (const key of first) rows.push([manifest[key].file, gz(manifest[key].file)]);
// The wasm module the first visit's chunks load (www/pkg); the second one (www/pkg-full, HPA*) belongs to
// the chunk that fetches it, listed below.
const wasmOf = (key) => (manifest[key].assets ?? []).filter((file) => file.endsWith('.wasm'));
const firstWasm = [...new Set([...first].flatMap(wasmOf))];
if (firstWasm.length === 0) throw new Error('no wasm module in the first visit');
for (const file of firstWasm) rows.push([file, gz(file)]);

const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
console.log('first visit (before the page can draw):');
for (const [file, bytes] of rows) console.log(`  ${file.padEnd(44)} ${bytes.toLocaleString('en').padStart(9)}`);
const verdict = total <= BUDGET_BYTES ? `within the ${BUDGET_BYTES / 1024} KB budget by` : `over the ${BUDGET_BYTES / 1024} KB budget by`;
console.log(`  ${'total'.padEnd(44)} ${total.toLocaleString('en').padStart(9)}  (${(total / 1024).toFixed(1)} KB, ${verdict} ${(Math.abs(BUDGET_BYTES - total) / 1024).toFixed(1)} KB)`);

console.log('fetched on demand:');
const later = new Set();
const visitLater = (key) => {
  for (const next of manifest[key].dynamicImports ?? []) {
    if (first.has(next) || later.has(next)) continue;
    later.add(next);
    visitLater(next);
  }
  for (const next of manifest[key].imports ?? []) if (!first.has(next) && !later.has(next)) { later.add(next); visitLater(next); }
};
for (const key of first) visitLater(key);
for (const key of later) {
  for (const file of [manifest[key].file, ...(manifest[key].css ?? []), ...wasmOf(key)]) {
    console.log(`  ${file.padEnd(44)} ${gz(file).toLocaleString('en').padStart(9)}`);
  }
}
