import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './aliases.config.ts';

export default defineConfig({
  resolve: { alias: IMPORT_ALIASES },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Integration tests start real llama-server processes; two cores do not like many at once.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/test-support/global-setup.ts'],
    setupFiles: ['./src/test-support/chinese-catalog.ts'],
  },
});
