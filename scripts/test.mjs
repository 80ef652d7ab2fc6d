// `npm test`: provisions what the tests need (llama-server and whisper-cli CPU
// builds, the tiny test models, Chromium, Xvfb, libXtst and xsetroot from Debian's packages
// when missing), then runs lint, typecheck, build, vitest (unit + integration
// against the real server) and Playwright (e2e in real Chromium), and ends with
// one summary line.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ensureBuilt, ensureCpuBackend, mustRun, root, run, say } from './lib.mjs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium() {
  if (process.env.EVA_CHROMIUM && existsSync(process.env.EVA_CHROMIUM)) return process.env.EVA_CHROMIUM;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Debian packages the tests use: Chromium (e2e), Xvfb + libXtst (the mouse/keyboard tool under a virtual display), x11-xserver-utils (xsetroot draws the screenshot tests' pattern). */
function missingDebianPackages() {
  if (process.platform !== 'linux') return [];
  const wanted = [...(findChromium() ? [] : ['chromium']), 'xvfb', 'libxtst6', 'x11-xserver-utils'];
  return wanted.filter((pkg) => {
    try {
      return !execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes('install ok installed');
    } catch {
      return true;
    }
  });
}

async function ensureSystemPackages() {
  if (process.platform !== 'linux') {
    if (!findChromium()) {
      console.error('[eva] no Chromium found: install one, or set EVA_CHROMIUM to its path');
      process.exit(1);
    }
    return;
  }
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  if (!existsSync('/usr/bin/apt-get')) {
    console.error(`[eva] missing system packages (${missing.join(', ')}) and no apt-get to install them`);
    process.exit(1);
  }
  const isRoot = process.getuid?.() === 0;
  const apt = (args) => (isRoot ? ['apt-get', args] : ['sudo', ['-n', 'apt-get', ...args]]);
  say(`installing Debian packages the tests need: ${missing.join(', ')}`);
  await mustRun('apt-get update', ...apt(['update', '-qq']));
  await mustRun(`apt-get install ${missing.join(' ')}`, ...apt(['install', '-y', '-qq', ...missing]), { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** The whisper-cli the voice tests run (bin/cpu), built from the whisper.cpp inside nodejs-whisper when missing. */
async function ensureWhisperCli() {
  if (existsSync(join(root, 'bin', 'cpu', process.platform === 'win32' ? 'whisper-cli.exe' : 'whisper-cli'))) return;
  await mustRun('no bin/cpu/whisper-cli found: building it from source (about 1.5–2 minutes on 2 cores)', bin('tsx'), ['scripts/backend/build-backend.ts', '--backend', 'cpu', '--only', 'whisper-cli']);
}

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

await ensureSystemPackages();
await ensureCpuBackend();
await ensureWhisperCli();
await mustRun('provisioning the tiny test model', bin('tsx'), ['scripts/fixtures/make-test-model.ts']);
await mustRun('provisioning the tiny whisper model (voice tests)', bin('tsx'), ['scripts/fixtures/make-whisper-model.ts']);
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
