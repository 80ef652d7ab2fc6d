// `npm test`: provisions what the tests need (llama-server and whisper-cli CPU
// builds, the tiny test models, Chromium, Xvfb, libXtst and xsetroot from Debian's packages
// when missing), then runs lint, typecheck, build, vitest (unit + integration
// against the real server) and Playwright (e2e in real Chromium), and ends with
// one summary line.
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
await mustRun('lint (import boundaries: dependency-cruiser)', bin('depcruise'), ['src', 'bench', 'e2e', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
await mustRun('typecheck (main, preload, shared)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']);
await mustRun('typecheck (renderer)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
await ensureBuilt();

say('unit and integration tests (vitest, real llama-server)');
const vitestCode = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`]);

say('end-to-end tests (Playwright + Chromium on the browser host)');
const e2eCode = await run(bin('playwright'), ['test'], { env: { ...process.env, EVA_CHROMIUM: findChromium() ?? '', PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') } });

const vitest = counts(join(reports, 'vitest.json'), (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }));
const e2e = counts(join(reports, 'e2e.json'), (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }));
const passed = (vitest?.passed ?? 0) + (e2e?.passed ?? 0);
// A suite whose report is missing counts as one failure, so a crash can never read as green.
const failed = (vitest?.failed ?? 1) + (e2e?.failed ?? 1) + (vitestCode !== 0 && !vitest?.failed ? 1 : 0) + (e2eCode !== 0 && !e2e?.failed ? 1 : 0);
const skipped = (vitest?.skipped ?? 0) + (e2e?.skipped ?? 0);
console.log(`vitest: ${vitest ? `${vitest.passed} passed, ${vitest.failed} failed` : 'no report'}; e2e: ${e2e ? `${e2e.passed} passed, ${e2e.failed} failed` : 'no report'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitestCode !== 0 || e2eCode !== 0 || failed > 0 ? 1 : 0);
