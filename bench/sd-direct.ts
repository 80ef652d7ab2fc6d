// The baseline of the image benchmark: sd-cli run the way a user would run it by
// hand, with the app's arguments (sd-args.ts), as a plain spawn (no supervisor,
// no progress reader, output to /dev/null), timed from spawn to exit.
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { sdArgs, type SdRun } from '@main/services/images/sd-args';

/** One sd-cli run writing `run.outputPath`: wall time and the PNG's size. */
export async function runSdDirect(binary: string, run: SdRun): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const child = spawn(binary, sdArgs(run), { stdio: 'ignore' });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const ms = performance.now() - started;
  const bytes = await stat(run.outputPath).then(
    (info) => info.size,
    () => 0,
  );
  if (exit.code !== 0 || bytes === 0)
    throw new Error(`sd-cli → ${run.outputPath} failed (exit ${exit.code ?? exit.signal})`);
  return { ms, bytes };
}
