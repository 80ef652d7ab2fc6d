// `npm run backend:build [-- --backend cpu|cuda|vulkan|opencl] [--force] [--portable] [--only llama-server|whisper-cli]`
// builds bin/<backend>/llama-server (with llama-quantize and llama-imatrix, two
// more targets of the same build) from the llama.cpp that node-llama-cpp ships,
// and bin/<backend>/whisper-cli from the whisper.cpp that nodejs-whisper ships.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BACKEND_KINDS, type BackendKind } from '@shared/contract';
import { BackendBuildError } from './build-error';
import { ensureBackendBuilt } from './ensure-backend';
import { ensureWhisperBuilt } from './whisper-backend';

const TARGETS = ['llama-server', 'whisper-cli'] as const;
type Target = (typeof TARGETS)[number];

const USAGE = `usage: npm run backend:build -- [--backend ${BACKEND_KINDS.join('|')}] [--force] [--portable] [--only ${TARGETS.join('|')}]
  --backend   which llama-server (+ llama-quantize, llama-imatrix) and whisper-cli to build into bin/<backend>/ (default cpu)
  --force     rebuild even when the binary is current
  --portable  no tuning for this machine's CPU/GPU (GGML_NATIVE=OFF), for packaging
  --only      build just this one (llama-server brings llama-quantize and llama-imatrix with it; default: all)`;

function parseCli(argv: string[]): { backend: BackendKind; force: boolean; portable: boolean; targets: Target[]; help: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      backend: { type: 'string', default: 'cpu' },
      force: { type: 'boolean', default: false },
      portable: { type: 'boolean', default: false },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (!(BACKEND_KINDS as readonly string[]).includes(values.backend)) throw new Error(`--backend takes one of ${BACKEND_KINDS.join(', ')}, not "${values.backend}"`);
  if (values.only !== undefined && !(TARGETS as readonly string[]).includes(values.only)) throw new Error(`--only takes one of ${TARGETS.join(', ')}, not "${values.only}"`);
  const targets = values.only === undefined ? [...TARGETS] : [values.only as Target];
  return { backend: values.backend as BackendKind, force: values.force, portable: values.portable, targets, help: values.help };
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
      signal: controller.signal,
      log: (line: string) => console.log(`[backend] ${line}`),
    };
    if (cli.targets.includes('llama-server')) await ensureBackendBuilt(options);
    if (cli.targets.includes('whisper-cli')) await ensureWhisperBuilt(options);
    return 0;
  } catch (error) {
    console.error(`[backend] ${(error as Error).message}`);
    if (error instanceof BackendBuildError) {
      if (error.details.logTail?.length) console.error(`[backend] last ${error.details.logTail.length} lines of ${error.details.logFile}:\n${error.details.logTail.join('\n')}`);
      if (error.code === 'aborted') return 130;
    }
    return 1;
  }
}

process.exitCode = await main();
