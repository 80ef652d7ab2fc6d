// `npm run backend:rollback [-- --backend cpu|cuda|vulkan|opencl]`: puts back the
// llama-server set (server, llama-quantize, llama-imatrix, build.json) that the
// last build replaced, kept in bin/<backend>/previous/. The set it replaces is
// kept there in turn, so running it again goes forward.
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { BACKEND_KINDS, type BackendKind } from '@shared/contract';
import { rollBack } from './backend-generations';
import { LLAMA_SERVER_TARGET, LLAMA_SIDE_TARGETS } from './cmake-flags';

const USAGE = `usage: npm run backend:rollback -- [--backend ${BACKEND_KINDS.join('|')}] (default cpu)`;

async function main(): Promise<number> {
  let backend: BackendKind;
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: { backend: { type: 'string', default: 'cpu' }, help: { type: 'boolean', short: 'h', default: false } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (!(BACKEND_KINDS as readonly string[]).includes(values.backend))
      throw new Error(`--backend takes one of ${BACKEND_KINDS.join(', ')}, not "${values.backend}"`);
    backend = values.backend as BackendKind;
  } catch (error) {
    console.error(`[backend] ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const binDir = join(resolve(import.meta.dirname, '..', '..'), 'bin', backend);
  try {
    const restored = await rollBack(binDir, [LLAMA_SERVER_TARGET, ...LLAMA_SIDE_TARGETS]);
    console.log(
      `[backend] bin/${backend}: put back ${restored.join(', ')}; the build it replaced is now in bin/${backend}/previous/`,
    );
    return 0;
  } catch (error) {
    console.error(`[backend] ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
