// What the tests and the benchmarks run on, provisioned when missing: Debian's
// Chromium, Xvfb, libXtst, xsetroot, podman, runc, busybox and openssh; the CPU llama-server (with llama-quantize,
// llama-imatrix and llama-tts) and whisper-cli built from source; the tiny random-weight test models
// (a TTS voice among them, and a medium one for the workshop). Each step says what it does.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ensureCpuBackend, mustRun, root, say } from './lib.mjs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  if (process.env.EVA_CHROMIUM && existsSync(process.env.EVA_CHROMIUM)) return process.env.EVA_CHROMIUM;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/**
 * Debian packages the tests use: Chromium (e2e), Xvfb + libXtst (the mouse/keyboard tool under a virtual display),
 * x11-xserver-utils (xsetroot draws the screenshot tests' pattern), podman + runc + busybox-static (the container
 * sandbox tests: runc runs where crun cannot, busybox makes their image without a registry), openssh (the SSH
 * sandbox tests) and a Chinese font. Installed here, once, before any test: two test files installing at once would
 * race for apt's lock.
 */
function missingDebianPackages() {
  if (process.platform !== 'linux') return [];
  const wanted = [
    ...(findChromium() ? [] : ['chromium']),
    'xvfb',
    'libxtst6',
    'x11-xserver-utils',
    'podman',
    'runc',
    'busybox-static',
    'openssh-server',
    'openssh-client',
    // Chinese glyphs, so the Chinese pages' screenshots (docs/) show text instead of empty boxes.
    'fonts-wqy-microhei',
  ];
  return wanted.filter((pkg) => {
    try {
      return !execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).includes('install ok installed');
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
  await mustRun(`apt-get install ${missing.join(' ')}`, ...apt(['install', '-y', '-qq', ...missing]), {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * llama-quantize and llama-imatrix (the workshop's tests), the RPC worker ggml-rpc-server (the RPC tests) and
 * llama-tts (the neural voice's tests) beside bin/cpu/llama-server. A bin/cpu built before they were part of the
 * backend build lacks them; the backend build then compiles the missing targets (seconds while
 * .cache/llama.cpp/build-cpu is kept, a full build where it was deleted; a new llama-tts is installed only once it
 * speaks with the tiny test voice), or everything again where build.json's flags predate -DGGML_RPC=ON.
 */
async function ensureQuantizeTools() {
  const exe = (name) => (process.platform === 'win32' ? `${name}.exe` : name);
  const missing = ['llama-quantize', 'llama-imatrix', 'ggml-rpc-server', 'llama-tts'].filter(
    (name) => !existsSync(join(root, 'bin', 'cpu', exe(name))),
  );
  if (missing.length === 0) return;
  const buildDirKept = existsSync(join(root, '.cache', 'llama.cpp', 'build-cpu', 'CMakeCache.txt'));
  const cost = buildDirKept
    ? 'an incremental build in the kept .cache/llama.cpp/build-cpu, well under a minute'
    : 'no build dir is kept, so a full build: about 8 minutes on 2 cores';
  await mustRun(
    `bin/cpu lacks ${missing.join(' and ')}: building ${missing.length > 1 ? 'them' : 'it'} (${cost})`,
    bin('tsx'),
    ['scripts/backend/build-backend.ts', '--backend', 'cpu', '--only', 'llama-server'],
  );
}

/** The whisper-cli the voice tests run (bin/cpu), built from the whisper.cpp inside nodejs-whisper when missing. */
async function ensureWhisperCli() {
  if (existsSync(join(root, 'bin', 'cpu', process.platform === 'win32' ? 'whisper-cli.exe' : 'whisper-cli'))) return;
  await mustRun('no bin/cpu/whisper-cli found: building it from source (about 1.5–2 minutes on 2 cores)', bin('tsx'), [
    'scripts/backend/build-backend.ts',
    '--backend',
    'cpu',
    '--only',
    'whisper-cli',
  ]);
}

/**
 * convert_hf_to_gguf.py in bin/convert, its Python environment in .cache/convert-venv (set up once, minutes) and the
 * tiny Hugging Face folder the convert tests use.
 */
async function ensureConvertAssets() {
  await mustRun(
    'provisioning Hugging Face → GGUF conversion (bin/convert, its Python environment in .cache/convert-venv, the tiny Hugging Face folder)',
    bin('tsx'),
    ['scripts/fixtures/convert-test-assets.ts'],
  );
}

/**
 * The real sd-cli the image tests run (bin/cpu/sd-cli). Its source is on no package registry, and a CI machine has no
 * internet: it is built only from a stable-diffusion.cpp source directory named by EVA_SD_SOURCE (with its ggml
 * submodule); otherwise the tests that need it are left out, each named "real sd-cli", and the stand-in tests still
 * run.
 */
async function ensureSdCli() {
  if (existsSync(join(root, 'bin', 'cpu', process.platform === 'win32' ? 'sd-cli.exe' : 'sd-cli'))) return;
  const source = process.env.EVA_SD_SOURCE;
  if (!source)
    return say(
      'no bin/cpu/sd-cli and no EVA_SD_SOURCE: the "real sd-cli" image tests will be skipped (the stand-in ones run). To run them: EVA_SD_SOURCE=<stable-diffusion.cpp source dir> npm test, or npm run backend:build -- --sd where the internet is reachable',
    );
  await mustRun(`building bin/cpu/sd-cli from ${source} (about 5 minutes on 2 cores)`, bin('tsx'), [
    'scripts/backend/build-backend.ts',
    '--backend',
    'cpu',
    '--only',
    'sd-cli',
    '--source',
    source,
  ]);
}

export async function provisionTestAssets() {
  await ensureSystemPackages();
  await ensureCpuBackend();
  await ensureQuantizeTools();
  await ensureWhisperCli();
  await ensureSdCli();
  await mustRun('provisioning the tiny test model', bin('tsx'), ['scripts/fixtures/make-test-model.ts']);
  await mustRun(
    'provisioning the tiny model trained for 16K tokens (Compare puts it beside the tiny one)',
    bin('tsx'),
    ['scripts/fixtures/make-test-model.ts', '--variant', 'long'],
  );
  await mustRun(
    'provisioning the speculative decoding pair (the tiny model as the draft of a target with identity layers)',
    bin('tsx'),
    ['scripts/fixtures/make-speculative-pair.ts'],
  );
  await mustRun('provisioning the medium test model (the workshop tests cancel a quantization of it)', bin('tsx'), [
    'scripts/fixtures/make-test-model.ts',
    '--variant',
    'medium',
  ]);
  await mustRun('provisioning the tiny whisper model (voice tests)', bin('tsx'), [
    'scripts/fixtures/make-whisper-model.ts',
  ]);
  await mustRun('provisioning the tiny Qwen3-TTS model and its mmproj (neural voice tests)', bin('tsx'), [
    'scripts/fixtures/make-tts-model.ts',
  ]);
  await ensureConvertAssets();
  await mustRun(
    'provisioning the Python MCP SDK (.cache/mcp-venv, for the MCP tests against a Python server)',
    bin('tsx'),
    ['scripts/fixtures/make-python-mcp.ts'],
  );
}
