// `npm run backend:build [-- --backend cpu|cuda|vulkan|opencl] [--force] [--portable] [--only
// llama-server|whisper-cli|convert|sd-cli] [--sd [--source DIR]]`
// builds bin/<backend>/llama-server (with llama-quantize, llama-imatrix, the RPC worker ggml-rpc-server and
// llama-tts, more targets of the same build) from the llama.cpp that node-llama-cpp ships,
// and bin/<backend>/whisper-cli from the whisper.cpp that nodejs-whisper ships,
// and installs that llama.cpp's convert_hf_to_gguf.py into bin/convert/; with
// --sd also bin/<backend>/sd-cli from stable-diffusion.cpp (the pinned commit
// through git, or a source directory with --source: no registry carries that
// source, so it is not part of the default build).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BACKEND_KINDS, type BackendKind } from '@shared/contract';
import { BackendBuildError } from './build-error';
import { SD_CPP_COMMIT } from './sd-source';
import { ensureConvertScript } from './convert-script';
import { ensureBackendBuilt } from './ensure-backend';
import { ensureWhisperBuilt } from './whisper-backend';
import { ensureSdBuilt } from './sd-backend';

const TARGETS = ['llama-server', 'whisper-cli', 'convert', 'sd-cli'] as const;
type Target = (typeof TARGETS)[number];
/** What a build without --only makes; sd-cli only with --sd. */
const DEFAULT_TARGETS: readonly Target[] = TARGETS.filter((target) => target !== 'sd-cli');

const USAGE = `usage: npm run backend:build -- [--backend ${BACKEND_KINDS.join('|')}] [--force] [--portable] [--only ${TARGETS.join('|')}]
  --backend   which llama-server (+ llama-quantize, llama-imatrix, ggml-rpc-server, llama-tts) and whisper-cli to build into bin/<backend>/ (default cpu)
  --force     rebuild even when the binary is current
  --portable  no tuning for this machine's CPU/GPU (GGML_NATIVE=OFF), for packaging
  --only      build just this one (llama-server brings llama-quantize, llama-imatrix, ggml-rpc-server, llama-tts with it; convert copies
              convert_hf_to_gguf.py and what it imports into bin/convert/, no compiling; default: all but sd-cli)
  --sd        also build sd-cli (text to image) from stable-diffusion.cpp ${SD_CPP_COMMIT.slice(0, 8)}, fetched with git
  --source    build sd-cli from this stable-diffusion.cpp source directory (with its ggml submodule): no network needed
  --skip-smoke-test  install a new llama-server without first loading the test model with it (a build for another machine)
A new llama-server replaces the installed one only after it loads the test model and generates a token (a new
llama-tts only after it speaks with the tiny test voice); the one it
replaces is kept in bin/<backend>/previous/, and npm run backend:rollback [-- --backend …] puts it back.`;

function parseCli(argv: string[]): {
  backend: BackendKind;
  force: boolean;
  portable: boolean;
  targets: Target[];
  sdSource: string | undefined;
  skipSmokeTest: boolean;
  help: boolean;
} {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      backend: { type: 'string', default: 'cpu' },
      force: { type: 'boolean', default: false },
      portable: { type: 'boolean', default: false },
      only: { type: 'string' },
      sd: { type: 'boolean', default: false },
      source: { type: 'string' },
      'skip-smoke-test': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (!(BACKEND_KINDS as readonly string[]).includes(values.backend))
    throw new Error(`--backend takes one of ${BACKEND_KINDS.join(', ')}, not "${values.backend}"`);
  if (values.only !== undefined && !(TARGETS as readonly string[]).includes(values.only))
    throw new Error(`--only takes one of ${TARGETS.join(', ')}, not "${values.only}"`);
  if (values.source !== undefined && !values.sd && values.only !== 'sd-cli')
    throw new Error('--source names a stable-diffusion.cpp source: use it with --sd or --only sd-cli');
  const targets =
    values.only !== undefined
      ? [values.only as Target]
      : values.sd
        ? [...DEFAULT_TARGETS, 'sd-cli' as const]
        : [...DEFAULT_TARGETS];
  return {
    backend: values.backend as BackendKind,
    force: values.force,
    portable: values.portable,
    targets,
    sdSource: values.source,
    skipSmokeTest: values['skip-smoke-test'],
    help: values.help,
  };
}

async function main(): Promise<number> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`[backend] ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (cli.help) {
    console.log(USAGE);
    return 0;
  }
  // Ctrl-C stops cmake and every compiler under it, and still releases the build lock.
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort());
  try {
    const options = {
      repoRoot: resolve(import.meta.dirname, '..', '..'),
      backend: cli.backend,
      force: cli.force,
      portable: cli.portable,
      skipSmokeTest: cli.skipSmokeTest,
      signal: controller.signal,
      log: (line: string) => console.log(`[backend] ${line}`),
    };
    if (cli.targets.includes('llama-server')) await ensureBackendBuilt(options);
    if (cli.targets.includes('whisper-cli')) await ensureWhisperBuilt(options);
    if (cli.targets.includes('sd-cli')) await ensureSdBuilt({ ...options, sourceDir: cli.sdSource });
    if (cli.targets.includes('convert'))
      await ensureConvertScript({ repoRoot: options.repoRoot, force: options.force, log: options.log });
    return 0;
  } catch (error) {
    console.error(`[backend] ${(error as Error).message}`);
    if (error instanceof BackendBuildError) {
      if (error.details.logTail?.length)
        console.error(
          `[backend] last ${error.details.logTail.length} lines of ${error.details.logFile}:\n${error.details.logTail.join('\n')}`,
        );
      if (error.code === 'aborted') return 130;
    }
    return 1;
  }
}

process.exitCode = await main();
