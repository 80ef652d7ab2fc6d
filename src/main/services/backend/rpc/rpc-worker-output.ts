// What the RPC workers' memory is, read from text: a worker's own start lines
// ("  CPU: AMD EPYC (15995 MiB, 14800 MiB free)", printed once it first flushes
// its output) and llama-server's load lines, which name each worker's device
// by its endpoint ("using device RPC0 (127.0.0.1:50052) … - 7869 MiB free",
// "RPC0[127.0.0.1:50052] model buffer size = 25.49 MiB"); and whether a worker
// itself took a connection, the one sign that it, and not another program, holds
// its port. Pure.
import type { RpcWorkerDevice } from '@shared/contract';

const WORKER_DEVICE = /^ {2}(\S+): (.*) \((\d+) MiB, (\d+) MiB free\)$/;
const SERVER_DEVICE = /using device RPC\d+ \((\S+)\) \([^)]*\) - (\d+) MiB free/;
const SERVER_MODEL_BUFFER = /\bRPC\d+\[(\S+)\] model buffer size =\s*([\d.]+) MiB/;
/** llama-server's abort when a worker vanishes mid-request (ggml-rpc.cpp RPC_STATUS_ASSERT). */
const SERVER_LOST_WORKER = /Remote RPC server crashed or returned malformed response/;

/** A frame of ggml's backtrace after an abort: "/path/ggml-rpc-server(+0x11db3cb)[0x562c1588f3cb]". */
const BACKTRACE_FRAME = /\([^()]*\+0x[0-9a-f]+\)\s*\[0x[0-9a-f]+\]\s*$/i;
/** How ggml, CUDA and the C++ runtime say why a process stops. */
const ERROR_WORDS = /error|fatal|abort|assert|failed|out of memory|terminate called|what\(\)/i;
const SAID_MAX_CHARS = 300;
/**
 * ggml-rpc-server prints nothing once it listens (its banner comes before the bind, and stdout is flushed only
 * when it accepts a connection); this line, flushed after each accept on its own listening socket, is the first
 * thing it says that only a worker holding the port can say.
 */
const WORKER_ACCEPTED = /^Accepted client connection$/;

/** Whether this line of a worker's output says it accepted a connection on its port. */
export function isWorkerAcceptLine(line: string): boolean {
  return WORKER_ACCEPTED.test(line.trim());
}

/**
 * The worker's own last word before it ended: its last line that is not a backtrace frame, when that
 * line says what went wrong ("…/ggml-cuda/fattn.cu:759: fatal error"); null when it printed none (a kill).
 */
export function workerErrorLine(lines: readonly string[]): string | null {
  const last = lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !BACKTRACE_FRAME.test(line))
    .at(-1);
  return last !== undefined && ERROR_WORDS.test(last) ? last.slice(0, SAID_MAX_CHARS) : null;
}

/** A device line of ggml-rpc-server's start banner, or null. */
export function parseWorkerDeviceLine(line: string): RpcWorkerDevice | null {
  const match = WORKER_DEVICE.exec(line);
  if (!match) return null;
  return { name: match[1]!, description: match[2]!, totalMiB: Number(match[3]), freeMiB: Number(match[4]) };
}

/** What one llama-server line says about a worker, by endpoint. */
export type ServerRpcFact =
  { endpoint: string; freeMiB: number } | { endpoint: string; modelMiB: number } | { lostWorker: true };

export function parseServerRpcLine(line: string): ServerRpcFact | null {
  const device = SERVER_DEVICE.exec(line);
  if (device) return { endpoint: device[1]!, freeMiB: Number(device[2]) };
  const buffer = SERVER_MODEL_BUFFER.exec(line);
  if (buffer) return { endpoint: buffer[1]!, modelMiB: Number(buffer[2]) };
  if (SERVER_LOST_WORKER.test(line)) return { lostWorker: true };
  return null;
}
