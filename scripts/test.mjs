// `npm test`: provisions what the tests need (llama-server, with llama-tts beside it, and whisper-cli CPU
// builds, the tiny test models, Chromium, Xvfb, libXtst and xsetroot from Debian's packages
// when missing), then runs lint, typecheck, build and the three test tiers (unit, integration
// against the real server, e2e in real Chromium), printing each tier's time, and
// ends with one summary line.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ensureBuilt, root, run, say } from './lib.mjs';
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

// Each step's time is printed as it ends, so a slow step shows itself in every run.
const stepTimes = [];
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(0)} s`;

/** Runs a check with its output held back, so two checks at once never interleave their lines. */
function check(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (code) => {
      stepTimes.push(`${label.split(' (')[0]} ${seconds(started)}`);
      say(`${label}: ${code === 0 ? 'ok' : `failed (exit ${code})`}, ${stepTimes.at(-1)}`);
      process.stdout.write(Buffer.concat(output));
      resolve(code);
    };
    child.on('error', (error) => (output.push(Buffer.from(`${error.message}\n`)), done(127)));
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/** Runs checks one after another, stopping at the first that fails; resolves with its exit code (0: all passed). */
async function inTurn(...checks) {
  for (const [label, command, args] of checks) {
    const code = await check(label, command, args);
    if (code !== 0) return code;
  }
  return 0;
}

// eslint and tsc each use one core: on two cores the checks run in two lanes of about equal length (measured: eslint
// 99 s and the renderer's tsc 47 s; Prettier 13 s, depcruise 18 s, the core's tsc 59 s and the renderer tests' 54 s).
say('lint and typecheck');
const checkCodes = await Promise.all([
  inTurn(
    ['lint (eslint)', bin('eslint'), ['.']],
    ['typecheck (renderer)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']],
  ),
  inTurn(
    ['lint (format: prettier)', bin('prettier'), ['--check', '.']],
    [
      'lint (import boundaries: dependency-cruiser)',
      bin('depcruise'),
      ['src', 'bench', 'e2e', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    ],
    ['typecheck (main, preload, shared)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
    ['typecheck (renderer tests)', bin('tsc'), ['-p', 'tsconfig.web-tests.json', '--noEmit']],
  ),
]);
const checkFailed = checkCodes.find((code) => code !== 0);
if (checkFailed !== undefined) process.exit(checkFailed);
const buildStarted = Date.now();
await ensureBuilt();
stepTimes.push(`build ${seconds(buildStarted)}`);

const tierTimes = [];
async function tier(label, command, args, options) {
  say(label);
  const started = Date.now();
  const code = await run(command, args, options);
  tierTimes.push(`${label.split(' ')[0]} ${seconds(started)}`);
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
console.log(`times: ${[...stepTimes, ...tierTimes].join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(tiers.some(([, , code]) => code !== 0) || failed > 0 ? 1 : 0);
