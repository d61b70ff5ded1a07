// Vite serves index.html and www/ in development and builds a static site into dist/.
// `base: './'` keeps every URL relative, so dist/ works when copied under any sub-path of any static host.
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  build: { outDir: 'dist', target: 'es2022', assetsInlineLimit: 0 },
  server: { port: 5173, strictPort: false },
});
