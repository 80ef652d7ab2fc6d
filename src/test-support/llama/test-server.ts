// Starts the real llama-server for integration tests through the project's
// supervisor, on a free loopback port, and resolves once it both printed its
// "listening on" line and answers /health with 200 (the HTTP listener can come
// up before the model has finished loading).
import { classifyServerLine } from '@main/services/backend/run/readiness';
import { probeHealth } from '@main/services/backend/run/health-probe';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { launchProcess } from '@main/services/process/launch';
import { testAssets } from '@test-support/test-assets';
import { forgetServer, noteServer } from '../leftover-servers';

export interface TestServerOptions {
  /** default: bin/cpu/llama-server */
  serverPath?: string;
  /** default: .cache/models/tiny-llama.gguf */
  modelPath?: string;
  /**
   * appended after `-m <model> --host 127.0.0.1 --port <free> -c 2048 --jinja -t 1 --poll 0`; a repeated flag overrides
   */
  extraArgs?: readonly string[];
  readyTimeoutMs?: number;
}

export interface TestServer {
  /** http://127.0.0.1:<port> (no /v1) */
  baseUrl: string;
  port: number;
  /** the server's output so far, newest last (bounded) */
  logTail(): string[];
  stop(): Promise<void>;
}

const LOG_LINES = 200;

// One thread that sleeps instead of spinning between tokens: the tiny model needs no more, and on a
// two-core CI machine spinning llama-server threads starve the test process and skew its timings.
const QUIET_CPU = ['-t', '1', '--poll', '0'];

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = await findFreePort('127.0.0.1');
  const modelPath = options.modelPath ?? testAssets.tinyModel;
  const args = [
    '-m',
    modelPath,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '-c',
    '2048',
    '--jinja',
    ...QUIET_CPU,
    ...(options.extraArgs ?? []),
  ];
  const log: string[] = [];
  let listening = false;
  let fatal: string | null = null;
  const child = launchProcess({
    name: 'llama-server (test)',
    command: options.serverPath ?? testAssets.llamaServer,
    args,
    killGraceMs: 2000,
    output: {
      mode: 'lines',
      onLine: (_stream, line) => {
        log.push(line);
        if (log.length > LOG_LINES) log.shift();
        const kind = classifyServerLine(line);
        if (kind.kind === 'listening') listening = true;
        if (kind.kind === 'fatal') fatal ??= kind.message;
      },
    },
  });
  const server: TestServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    logTail: () => [...log],
    stop: async () => {
      await child.stop();
      if (child.pid !== null) forgetServer(child.pid);
    },
  };
  // Listed until stopped: the global teardown kills it if a failing test never stops it (leftover-servers.ts).
  if (child.pid !== null) noteServer(child.pid);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (child.hasExited() || fatal !== null) {
      await child.stop();
      const exit = await child.exited;
      throw new Error(
        `llama-server did not start (${fatal ?? exit.spawnError ?? `exit ${exit.code ?? exit.signal}`}):\n${log.slice(-20).join('\n')}`,
      );
    }
    if (listening && (await probeHealth(port, 1000)) === 200) return server;
    if (Date.now() > deadline) {
      await child.stop();
      throw new Error(
        `llama-server was not ready within ${options.readyTimeoutMs ?? 30_000} ms:\n${log.slice(-20).join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
