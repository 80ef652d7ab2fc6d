// The unit tier: every test that starts no process and no browser (in-process
// loopback stand-ins are fine). The loop to run while working (`npm run test:unit`);
// no llama-server needed, so no global setup.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    exclude: ['**/node_modules/**', '**/*.integration.test.ts', '**/*.slow.test.ts'],
    globalSetup: [],
    setupFiles: ['./src/test-support/unit-tier-guard.ts'],
  },
});
