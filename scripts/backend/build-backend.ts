// `npm run backend:build [-- --backend cpu|cuda|vulkan|opencl] [--force] [--portable]`
// builds bin/<backend>/llama-server from the llama.cpp that node-llama-cpp ships.
import { ensureBackendBuilt } from './ensure-backend';
import { BACKEND_KINDS, type BackendKind } from '../../src/shared/contract';
import { resolve } from 'node:path';

function parseArgs(argv: string[]): { backend: BackendKind; force: boolean; portable: boolean } {
  let backend: BackendKind = 'cpu';
  const at = argv.indexOf('--backend');
  if (at >= 0) {
    const value = argv[at + 1];
    if (!value || !(BACKEND_KINDS as readonly string[]).includes(value)) {
      throw new Error(`--backend takes one of ${BACKEND_KINDS.join(', ')}`);
    }
    backend = value as BackendKind;
  }
  return { backend, force: argv.includes('--force'), portable: argv.includes('--portable') };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  try {
    const options = parseArgs(process.argv.slice(2));
    await ensureBackendBuilt({ repoRoot: resolve(import.meta.dirname, '..', '..'), ...options, log: (line) => console.log(`[backend] ${line}`) });
  } catch (error) {
    console.error(`[backend] ${(error as Error).message}`);
    process.exit(1);
  }
}
