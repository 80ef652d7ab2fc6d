// Integration tests need the real llama-server and the tiny test model. They are
// provisioned by `npm test` (scripts/test.mjs) before vitest starts; when vitest is
// run alone we refuse loudly instead of skipping, so a missing binary never looks green.
import { existsSync } from 'node:fs';
import { testAssets } from './test-assets';
import { killLeftoverServers } from './leftover-servers';

export default function setup(): () => void {
  // The test servers of this run are listed under this id (leftover-servers.ts); the workers inherit it.
  process.env.EVA_TEST_RUN_ID = String(process.pid);
  const missing = [testAssets.llamaServer, testAssets.rpcWorker, testAssets.tinyModel].filter(
    (file) => !existsSync(file),
  );
  if (missing.length > 0) {
    throw new Error(
      `test assets missing: ${missing.join(', ')} — run \`npm test\` (it builds them) or \`npm run backend:build && npm run test:model\``,
    );
  }
  return () => {
    const killed = killLeftoverServers();
    if (killed > 0) console.warn(`[eva] killed ${killed} test llama-server(s) a failing test left running`);
  };
}
