// A new llama-server must prove itself before it replaces the installed one:
// it loads the tiny test model and generates one token. A build that crashes
// on this CPU, links against a library the machine lacks, or cannot load a
// model fails here, and the previous build stays in place.
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { probeHealth } from '@main/services/backend/run/health-probe';
import { launchProcess } from '@main/services/process/launch';
import { describeExit } from '@main/services/process/exit-record';
import type { BackendKind } from '@shared/contract';
import { makeTestModel } from '../fixtures/make-test-model';
import { BackendBuildError } from './build-error';

export type SmokeResult = { ok: true; ms: number } | { ok: false; reason: string };

const READY_TIMEOUT_MS = 60_000;
const OUTPUT_LINES = 20;

export async function smokeTestServer(
  serverPath: string,
  modelPath: string,
  options: { timeoutMs?: number } = {},
): Promise<SmokeResult> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? READY_TIMEOUT_MS);
  const port = await findFreePort('127.0.0.1');
  const output: string[] = [];
  let exited: string | null = null;
  const child = launchProcess({
    name: 'llama-server (smoke test)',
    command: serverPath,
    args: [
      '-m',
      modelPath,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '-c',
      '256',
      '-t',
      '1',
      '--poll',
      '0',
      '--parallel',
      '1',
    ],
    killGraceMs: 2000,
    output: {
      mode: 'lines',
      onLine: (_stream, line) => {
        output.push(line);
        if (output.length > OUTPUT_LINES) output.shift();
      },
    },
  });
  void child.exited.then((exit) => (exited = describeExit(exit)));
  const failed = (why: string): SmokeResult => ({
    ok: false,
    reason: `${why}${output.length > 0 ? `; its last lines:\n  ${output.slice(-8).join('\n  ')}` : ''}`,
  });
  try {
    while ((await probeHealth(port)) !== 200) {
      if (exited) return failed(`llama-server stopped before it was ready: ${exited}`);
      if (Date.now() > deadline)
        return failed(`llama-server was not ready within ${Math.round((deadline - started) / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const response = await fetch(`http://127.0.0.1:${port}/completion`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hello', n_predict: 1, cache_prompt: false }),
      signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())),
    }).catch((error: unknown) => failed(`the completion request failed: ${(error as Error).message}`));
    if (!(response instanceof Response)) return response;
    if (!response.ok) return failed(`the completion request answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as { tokens_predicted?: number } | null;
    if (body?.tokens_predicted !== 1)
      return failed(`it generated ${body?.tokens_predicted ?? 'no'} token(s) instead of 1`);
    return { ok: true, ms: Date.now() - started };
  } finally {
    await child.stop();
  }
}

/**
 * Throws smoke-failed unless the new server loads the test model and generates a token; the caller installs only after
 * it.
 */
export async function requireSmokePass(
  built: string,
  at: { repoRoot: string; backend: BackendKind; log: (line: string) => void; skip: boolean },
): Promise<void> {
  if (at.skip) {
    at.log('smoke test skipped (--skip-smoke-test): the new build is installed untried');
    return;
  }
  const model = await makeTestModel({ repoRoot: at.repoRoot, variant: 'tiny', log: () => undefined });
  const smoke = await smokeTestServer(built, model.path);
  if (!smoke.ok) {
    throw new BackendBuildError(
      'smoke-failed',
      `the new ${at.backend} llama-server failed its smoke test (load the test model, generate one token), so bin/${at.backend} keeps the build it had: ${smoke.reason}`,
      { backend: at.backend },
    );
  }
  at.log(
    `smoke test passed in ${(smoke.ms / 1000).toFixed(1)} s: the new llama-server loaded the test model and generated a token`,
  );
}
