// One short call of the container runtime program (kill, rm, ps) through the
// one launcher, with a time limit: a hung daemon must not hang a tool call.
import { launchProcess } from '../../process/launch';
import type { Launch } from '../../process/process-lifecycle';

export interface RuntimeCall {
  runtime: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** main passes the lifecycle's; a tool worker starts it directly, as it does its shell commands */
  launch?: Launch;
}

export interface RuntimeAnswer {
  ok: boolean;
  output: string;
}

export async function callRuntime(call: RuntimeCall): Promise<RuntimeAnswer> {
  const proc = (call.launch ?? launchProcess)({
    name: 'container-runtime',
    command: call.runtime,
    args: call.args,
    env: call.env,
    output: { mode: 'capture', maxChars: 20_000 },
    timeoutMs: call.timeoutMs ?? 15_000,
    killGraceMs: 1000,
  });
  const exit = await proc.exited;
  return { ok: exit.code === 0, output: exit.spawnError ?? proc.captured().text };
}

/** The runtime's own environment: ours plus what the settings add. */
export function runtimeEnv(extra: Record<string, string>, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...base, ...extra };
}
