// Runs a side tool (nvidia-smi, vulkaninfo, clinfo, llama-server --list-devices)
// and hands back its stdout. Errors are data: a missing tool, a non-zero exit or
// a timeout is `ok: false`, which probes treat as "this tool has nothing to say".
import { execFile } from 'node:child_process';

export interface ToolResult {
  ok: boolean;
  stdout: string;
}

// Tool output is a few KiB; the cap only guards against a tool gone wrong.
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/** Run `cmd args` without a shell; never rejects. */
export function runTool(cmd: string, args: string[], timeoutMs: number): Promise<ToolResult> {
  return new Promise((resolve) => {
    try {
      execFile(
        cmd,
        args,
        { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true, encoding: 'utf8' },
        (error, stdout) => resolve({ ok: error === null, stdout: typeof stdout === 'string' ? stdout : '' }),
      );
    } catch {
      // execFile throws synchronously for arguments it cannot pass (a NUL byte, say).
      resolve({ ok: false, stdout: '' });
    }
  });
}
