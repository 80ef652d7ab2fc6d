// The unit tier: every test that starts no process and no browser (in-process
// loopback stand-ins are fine). The loop to run while working (`npm run test:unit`);
// no llama-server needed, so no global setup.
//
// Three projects, so the loop stays under two minutes on two cores: most of a file's
// time went to importing its modules again and building a new jsdom, not to its tests.
// - `node`: plain Node tests share their worker's module cache (isolate off). Main and
//   shared code keeps no state at import (dependencies are passed in), so a file sees
//   the same modules it would see alone; what a file stubs on `vi` is restored after it.
// - `dom`: the jsdom files share one jsdom per worker too; unit-dom-reset.ts empties the
//   document and storage after each file, and the stores are built per test, not at import.
// - `electron`: the files that mock the `electron` module (src/main/electron, src/preload)
//   get a fresh module graph each, so one file's stand-in never reaches another's.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

const tierExcludes = ['**/node_modules/**', '**/*.integration.test.ts', '**/*.slow.test.ts'];
const domFiles = ['src/**/*.test.tsx'];
const electronMockFiles = ['src/main/electron/**/*.test.ts', 'src/preload/**/*.test.ts'];

// Each project lists its own files: `extends: true` would add the base's `include` to theirs.
const { include: _all, ...shared } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...shared,
    globalSetup: [],
    setupFiles: ['./src/test-support/unit-tier-guard.ts', './src/test-support/chinese-catalog.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...tierExcludes, ...domFiles, ...electronMockFiles],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: domFiles,
          exclude: tierExcludes,
          isolate: false,
          setupFiles: ['./src/test-support/unit-dom-reset.ts', './src/test-support/chinese-catalog.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'electron', include: electronMockFiles, exclude: tierExcludes },
      },
    ],
  },
});
