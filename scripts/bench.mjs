// `npm run bench [-- <prefix>]`: provisions and builds what the benchmarks run on
// (the same as `npm test`: the CPU llama-server, the test models, Chromium, the
// built app), then runs bench/run.ts, which prints one JSON object per line.
import { ensureBuilt, bin, run } from './lib.mjs';
import { findChromium, provisionTestAssets } from './provision.mjs';

await provisionTestAssets();
await ensureBuilt();
process.exit(
  await run(bin('tsx'), ['bench/run.ts', ...process.argv.slice(2)], {
    env: { ...process.env, EVA_CHROMIUM: findChromium() ?? '' },
  }),
);
