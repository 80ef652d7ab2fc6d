// Runs a side tool (nvidia-smi, vulkaninfo, clinfo, llama-server --list-devices)
// through the process lifecycle and hands back its stdout. Errors are data: a
// missing tool, a non-zero exit or a timeout is `ok: false`, which probes treat
// as "this tool has nothing to say".
import { launchProcess } from '../../process/launch';
import type { Launch } from '../../process/process-lifecycle';

export interface ToolResult {
  ok: boolean;
  stdout: string;
}

// Tool output is a few KiB; the cap only guards against a tool gone wrong.
const MAX_OUTPUT_CHARS = 4 * 1024 * 1024;

/** Run `cmd args` without a shell; never rejects. */
export async function runTool(
  cmd: string,
  args: string[],
  timeoutMs: number,
  launch: Launch = launchProcess,
): Promise<ToolResult> {
  const proc = launch({
    name: 'probe',
    command: cmd,
    args,
    timeoutMs,
    killGraceMs: 500,
    output: { mode: 'capture', maxChars: MAX_OUTPUT_CHARS, streams: 'stdout' },
  });
  const exit = await proc.exited;
  return { ok: exit.why === 'exited' && exit.code === 0, stdout: proc.captured().text };
}
