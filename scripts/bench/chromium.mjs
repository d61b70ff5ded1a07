// The benchmark wasm module in headless Chromium (Debian's, driven by playwright-core, with the flags of
// scripts/serve-dist.mjs; Playwright gives it a fresh profile). A tiny server hands out the module with COOP/COEP headers: a cross-origin
// isolated page gets performance.now() at 5 µs resolution instead of 100 µs.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../serve-dist.mjs';

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

/**
 * A fresh headless Chromium page that has loaded the benchmark module (as `self.bench`), cross-origin isolated
 * when the headers work; `close` ends it.
 */
export async function openBenchPage(pkg) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    };
    if (path === '/') {
      res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end('<!doctype html><link rel="icon" href="data:,"><title>bench</title>');
      return;
    }
    const file = path.replace(/^\/+/, '');
    if (!/^astar_bench(_bg)?\.(js|wasm)$/.test(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] }).end(readFileSync(join(pkg, file)));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  await page.goto(url);
  const isolated = await page.evaluate(() => self.crossOriginIsolated);
  if (!isolated) process.stderr.write('bench: Chromium page is not cross-origin isolated; timer resolution is coarse\n');
  await page.evaluate(async () => {
    const glue = await import('/astar_bench.js');
    await glue.default({ module_or_path: '/astar_bench_bg.wasm' });
    self.bench = glue;
  });
  return {
    page,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

/** Runs `runMovingAi` on each map in a fresh headless Chromium page; returns { [map]: result }. */
export async function runInChromium(pkg, names, options) {
  const { page, close } = await openBenchPage(pkg);
  try {
    // Untimed warm-up, as in Node: let V8 tier the module up before measuring.
    const warm = names.includes('den011d') ? 'den011d' : names[0];
    await page.evaluate(
      ({ map, scen }) => {
        const start = performance.now();
        while (performance.now() - start < 1000) self.bench.runMovingAi(map, scen, 20, 1);
      },
      {
        map: readFileSync(join(options.data, `${warm}.map`), 'utf8'),
        scen: readFileSync(join(options.data, `${warm}.map.scen`), 'utf8'),
      },
    );
    const rows = {};
    for (const name of names) {
      const map = readFileSync(join(options.data, `${name}.map`), 'utf8');
      const scen = readFileSync(join(options.data, `${name}.map.scen`), 'utf8');
      const out = await page.evaluate(
        ({ map, scen, limit, repeat }) => self.bench.runMovingAi(map, scen, limit, repeat),
        { map, scen, limit: options.limit, repeat: options.repeat },
      );
      rows[name] = JSON.parse(out);
    }
    return rows;
  } finally {
    await close();
  }
}
