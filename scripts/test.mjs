// `npm test`: provisions what the tests need (llama-server and whisper-cli CPU
// builds, the tiny test models, Chromium, Xvfb, libXtst and xsetroot from Debian's packages
// when missing), then runs lint, typecheck, build and the three test tiers (unit, integration
// against the real server, e2e in real Chromium), printing each tier's time, and
// ends with one summary line.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ensureBuilt, mustRun, root, run, say } from './lib.mjs';
import { findChromium, provisionTestAssets } from './provision.mjs';

function counts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

await provisionTestAssets();
await mustRun('lint (eslint)', bin('eslint'), ['.']);
await mustRun('lint (import boundaries: dependency-cruiser)', bin('depcruise'), [
  'src',
  'bench',
  'e2e',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
]);
await mustRun('typecheck (main, preload, shared)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']);
await mustRun('typecheck (renderer)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
await ensureBuilt();

// Each tier's time is printed as it ends, so a slow tier shows itself in every run.
const tierTimes = [];
async function tier(label, command, args, options) {
  say(label);
  const started = Date.now();
  const code = await run(command, args, options);
  tierTimes.push(`${label.split(' ')[0]} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  say(`${label}: ${tierTimes.at(-1)}`);
  return code;
}
const vitestTier = (config, report) => [
  bin('vitest'),
  ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, report)}`],
];

const unitCode = await tier(
  'unit tests (vitest.unit.config.ts: no process, no server, no browser)',
  ...vitestTier('vitest.unit.config.ts', 'unit.json'),
);
const integrationCode = await tier(
  'integration tests (vitest.integration.config.ts: real llama-server, workers, MCP servers)',
  ...vitestTier('vitest.integration.config.ts', 'integration.json'),
);
const e2eCode = await tier('e2e tests (Playwright + Chromium on the browser host)', bin('playwright'), ['test'], {
  env: { ...process.env, EVA_CHROMIUM: findChromium() ?? '', PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
});

const vitestCounts = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
});
const unit = counts(join(reports, 'unit.json'), vitestCounts);
const integration = counts(join(reports, 'integration.json'), vitestCounts);
const e2e = counts(join(reports, 'e2e.json'), (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));
const tiers = [
  ['unit', unit, unitCode],
  ['integration', integration, integrationCode],
  ['e2e', e2e, e2eCode],
];
const passed = tiers.reduce((sum, [, c]) => sum + (c?.passed ?? 0), 0);
// A tier whose report is missing counts as one failure, so a crash can never read as green.
const failed = tiers.reduce((sum, [, c, code]) => sum + (c?.failed ?? 1) + (code !== 0 && c && !c.failed ? 1 : 0), 0);
const skipped = tiers.reduce((sum, [, c]) => sum + (c?.skipped ?? 0), 0);
console.log(
  tiers.map(([name, c]) => `${name}: ${c ? `${c.passed} passed, ${c.failed} failed` : 'no report'}`).join('; '),
);
console.log(`times: ${tierTimes.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(tiers.some(([, , code]) => code !== 0) || failed > 0 ? 1 : 0);
