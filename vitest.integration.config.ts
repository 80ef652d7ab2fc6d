// The integration tier: tests that run real parts (llama-server, tool workers, MCP
// servers, side binaries, child processes). The global setup refuses to start when the
// provisioned binaries and test models are missing, so a missing one never reads as green.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['src/**/*.integration.test.ts', 'src/**/*.slow.test.ts', 'scripts/**/*.integration.test.ts'],
  },
});
