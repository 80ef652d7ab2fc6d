// The baseline of the workshop benchmark: llama-quantize run the way a user would
// run it by hand, with the app's arguments (tool-args.ts), as a plain spawn (no
// supervisor, no progress reader, output to /dev/null), timed from spawn to exit.
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { quantizeArgs } from '@main/services/workshop/tool-args';

export interface DirectQuantize {
  binary: string;
  modelPath: string;
  type: string;
}

/** One llama-quantize run into `outputPath`: wall time and the size it wrote. */
export async function runQuantizeDirect(
  quantize: DirectQuantize,
  outputPath: string,
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const child = spawn(
    quantize.binary,
    quantizeArgs({
      modelPath: quantize.modelPath,
      outputPath,
      type: quantize.type,
      allowRequantize: false,
      imatrixPath: null,
    }),
    { stdio: 'ignore' },
  );
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const ms = performance.now() - started;
  const bytes = await stat(outputPath).then(
    (info) => info.size,
    () => 0,
  );
  if (exit.code !== 0 || bytes === 0)
    throw new Error(`llama-quantize ${quantize.modelPath} → ${outputPath} failed (exit ${exit.code ?? exit.signal})`);
  return { ms, bytes };
}
