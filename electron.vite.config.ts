import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { IMPORT_ALIASES } from './aliases.config.ts';

export default defineConfig({
  main: {
    resolve: { alias: IMPORT_ALIASES },
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          host: resolve(import.meta.dirname, 'src/main/host/serve.ts'),
          eva: resolve(import.meta.dirname, 'src/main/cli/eva.ts'),
          'tool-worker': resolve(import.meta.dirname, 'src/main/workers/tool-worker.ts'),
          'extract-worker': resolve(import.meta.dirname, 'src/main/workers/extract-worker.ts'),
          'process-guardian': resolve(import.meta.dirname, 'src/main/workers/process-guardian.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: IMPORT_ALIASES },
    build: {
      // A sandboxed preload can require nothing but electron: bundle zod & co. into it.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react()],
    resolve: { alias: IMPORT_ALIASES },
    build: {
      // electron-vite leaves the renderer unminified; the page parses every byte of its first chunk before it can
      // show the composer, so it is minified like any web page.
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
});
