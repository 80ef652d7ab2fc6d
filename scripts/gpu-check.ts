// The GPU check: the app's own backend code against a real GPU build. CI has no GPU, so this is
// how the CUDA (or Vulkan, OpenCL) path is verified on a machine that has one; a user can run it
// too, to see what EVA does with their GPU.
//
// npm run gpu:check [-- --backend cuda|vulkan|opencl|cpu] [--no-build] [--fit-context N] [--checks
// probe,offload,fit,rpc]
//
// It builds bin/<backend> when it is missing or stale (as `npm run backend:build` does, smoke test
// included), then runs each check through BackendManager, as the app loads a model:
//   probe    the GPUs the build sees (its --list-devices first), with their free memory;
//   offload  the tiny test model with GPU layers 'auto': every layer on the GPU, its buffers there, an answer;
//   fit      a 250M-parameter test model at a large context without flash attention: what does not fit is
//            retried smaller until it runs, and a second load starts from what worked (the load-retry-load
//            cycle). The context is sized from the machine (defaultFitContext) so that a laptop is not asked
//            for more than a quarter of its RAM; --fit-context 4194304 is what ran out on an H200's GPU.
//   rpc      one local RPC worker of the same build: llama-server computes on the worker's device.
// Mesa's software Vulkan device (llvmpipe) takes part only with GGML_VK_VISIBLE_DEVICES=0: ggml-vulkan leaves
// CPU-type devices out otherwise. One JSON line per check on stdout (progress on stderr); the exit code is 1 when any
// check fails.
// Every child goes through one process lifecycle and is stopped at the end; none may be left.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BACKEND_KINDS,
  type BackendKind,
  type BackendStatus,
  type EventName,
  type EventPayloads,
  type GpuInfo,
  type LoadSettings,
} from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { BackendManager } from '@main/services/backend/backend-manager';
import { probeGpus } from '@main/services/backend/gpu/gpu-probe';
import { isHostMemory } from '@main/services/backend/fit/load-report';
import { runTool } from '@main/services/backend/gpu/run-tool';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { isAlive } from '@main/services/process/kill-tree';
import { ensureBackendBuilt } from './backend/ensure-backend';
import { makeTestModel } from './fixtures/make-test-model';

type Figures = Record<string, unknown>;
interface CheckLine extends Figures {
  check: string;
  ok: boolean;
}

/** The largest context the load settings take (settings-schemas.ts). */
const MAX_CONTEXT = 4_194_304;
/**
 * What a token of context costs the slow test model without flash attention: 16 KiB of f16 KV cache, 32 KiB of f32
 * attention scores (16 heads, 512-token batches).
 */
const FIT_BYTES_PER_TOKEN = 48 * 1024;

/**
 * The fit check's context: twice what the roomiest GPU holds, so that it has to give way there, but never more
 * than a quarter of this machine's RAM (what stays on the host must fit there), as a power of two.
 */
function defaultFitContext(gpus: readonly GpuInfo[]): number {
  const vramBytes = Math.max(0, ...gpus.map((gpu) => gpu.freeMiB ?? gpu.totalMiB ?? 0)) * 1024 * 1024;
  const budget = Math.min(vramBytes > 0 ? 2 * vramBytes : Number.POSITIVE_INFINITY, totalmem() / 4);
  const tokens = Math.min(MAX_CONTEXT, Math.max(8192, budget / FIT_BYTES_PER_TOKEN));
  return 2 ** Math.floor(Math.log2(tokens));
}

const { values: cli } = parseArgs({
  args: process.argv.slice(2),
  strict: true,
  options: {
    backend: { type: 'string', default: 'cuda' },
    'no-build': { type: 'boolean', default: false },
    'fit-context': { type: 'string' },
    checks: { type: 'string', default: 'probe,offload,fit,rpc' },
  },
});
if (!(BACKEND_KINDS as readonly string[]).includes(cli.backend))
  throw new Error(`--backend takes one of ${BACKEND_KINDS.join(', ')}`);
const backend = cli.backend as BackendKind;
const fitContextAsked = cli['fit-context'] === undefined ? null : Number(cli['fit-context']);
if (
  fitContextAsked !== null &&
  !(Number.isInteger(fitContextAsked) && fitContextAsked > 0 && fitContextAsked <= MAX_CONTEXT)
)
  throw new Error(`--fit-context takes a whole number of tokens from 1 to ${MAX_CONTEXT}`);
const onGpu = backend !== 'cpu';
const wanted = new Set(cli.checks.split(','));
const repoRoot = process.cwd();
const progress = (line: string) => process.stderr.write(`[gpu-check] ${line}\n`);

const registry = memoryLifecycle();
const notices: string[] = [];
const probe = (serverPath: string | undefined) =>
  probeGpus({ run: (cmd, args, timeoutMs) => runTool(cmd, args, timeoutMs, registry.launch) }, serverPath);
const manager = new BackendManager({
  binDirs: [join(repoRoot, 'bin')],
  registry,
  fitMemoryPath: join(await mkdtemp(join(tmpdir(), 'eva-gpu-check-')), 'fit-memory.json'),
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    if (event === 'app:notice') notices.push((payload as EventPayloads['app:notice']).message);
  },
  probeGpus: probe,
  readyTimeoutMs: 180_000,
  stopGraceMs: 3000,
});

// Ctrl-C (or a kill) stops the servers and workers first: they run in process groups of their own.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping every child`);
    void manager
      .dispose()
      .then(() => registry.stopAll(3000))
      .finally(() => process.exit(130));
  });
}

const lines: CheckLine[] = [];
function report(line: CheckLine): void {
  lines.push(line);
  console.log(JSON.stringify(line));
}

/** Runs one check; a thrown error fails it with the message and the model log's last lines. */
async function check(name: string, body: () => Promise<{ ok: boolean } & Figures>): Promise<void> {
  if (!['build', 'no-orphan'].includes(name) && !wanted.has(name)) return;
  const started = Date.now();
  progress(`${name}…`);
  try {
    const result = await body();
    report({ check: name, ...result, seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    // The model log's last lines, and an RPC worker's own first lines (why it stopped comes before its backtrace).
    const texts = manager.logLines().map((line) => line.text);
    const log = [...texts.filter((text) => text.startsWith('[ggml-rpc-server')).slice(0, 40), ...texts.slice(-25)];
    report({
      check: name,
      ok: false,
      error: (error as Error).message,
      seconds: (Date.now() - started) / 1000,
      logTail: log,
    });
  }
}

const settings = (patch: Partial<LoadSettings>): LoadSettings => ({ ...defaultSettings().load, backend, ...patch });

/** The load, failed unless it is ready on the backend asked for. */
async function load(patch: Partial<LoadSettings>): Promise<BackendStatus> {
  const status = await manager.load(settings(patch));
  if (status.state !== 'ready')
    throw new Error(`the load ended ${status.state}: ${status.error?.message ?? 'no error given'}`);
  if (status.backend !== backend) throw new Error(`it loaded on ${status.backend}, not ${backend}`);
  return status;
}

/** A completion of `tokens` tokens from the running server: what it generated, and at what rate. */
async function answer(tokens: number): Promise<{ tokens: number; tokensPerSecond: number }> {
  const endpoint = manager.localEndpoint();
  if (!endpoint) throw new Error('no local endpoint');
  const response = await fetch(`${endpoint.baseUrl}/completion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
    body: JSON.stringify({ prompt: 'Once upon a time', n_predict: tokens, ignore_eos: true, cache_prompt: false }),
  });
  if (!response.ok) throw new Error(`the completion answered HTTP ${response.status}`);
  const body = (await response.json()) as { tokens_predicted?: number; timings?: { predicted_per_second?: number } };
  if (body.tokens_predicted !== tokens)
    throw new Error(`it generated ${body.tokens_predicted ?? 'no'} tokens instead of ${tokens}`);
  return { tokens, tokensPerSecond: Math.round(body.timings?.predicted_per_second ?? 0) };
}

const deviceBuffers = (status: BackendStatus) =>
  (status.fit?.report.buffers ?? []).filter((buffer) => !isHostMemory(buffer.device));

let serverPath: string | undefined;
await check('build', async () => {
  if (cli['no-build']) return { ok: true, skipped: 'asked not to build (--no-build)' };
  const built = await ensureBackendBuilt({ repoRoot, backend, log: (line) => progress(`build: ${line}`) });
  serverPath = built.serverPath;
  return { ok: true, built: built.built, serverPath: built.serverPath };
});
serverPath ??= join(repoRoot, 'bin', backend, 'llama-server');

await check('probe', async () => {
  const gpus = await probe(serverPath);
  const withFree = gpus.filter((gpu) => gpu.freeMiB !== null);
  return { ok: !onGpu || withFree.length > 0, gpus };
});

await check('offload', async () => {
  const tiny = await makeTestModel({ repoRoot, variant: 'tiny', log: progress });
  const status = await load({ modelPath: tiny.path, contextSize: 4096 });
  const offloaded = status.fit?.report.offloaded ?? null;
  const onDevice = deviceBuffers(status);
  const everyLayer =
    status.estimate !== null && status.gpuLayers === status.estimate.maxLayers && offloaded?.layers === offloaded?.of;
  const ok = onGpu
    ? everyLayer && onDevice.some((buffer) => buffer.kind === 'model')
    : status.gpuLayers === 0 && onDevice.length === 0;
  return {
    ok,
    gpuLayers: status.gpuLayers,
    estimate: status.estimate?.reason,
    offloaded,
    deviceBuffers: onDevice,
    loadMs: status.loadMs,
    answer: await answer(128),
  };
});

await check('fit', async () => {
  const slow = await makeTestModel({ repoRoot, variant: 'slow', log: progress });
  const fitContext = fitContextAsked ?? defaultFitContext(await probe(serverPath));
  const patch: Partial<LoadSettings> = { modelPath: slow.path, contextSize: fitContext, flashAttention: 'off' };
  const first = await load(patch);
  const fit = first.fit;
  if (!fit) throw new Error('the load has no fit report');
  const consistent = fit.report.nCtx === fit.running.contextSize && fit.running.contextSize <= fitContext;
  // A new load of the same model and settings starts from what fit (remembered only when something was
  // retried), with nothing left to retry.
  await manager.stop();
  const again = await load(patch);
  const startsFromFit =
    again.fit?.remembered === fit.changes.length > 0 &&
    again.fit?.changes.length === 0 &&
    again.fit.running.contextSize === fit.running.contextSize;
  return {
    ok: consistent && startsFromFit,
    requested: fit.requested,
    running: fit.running,
    changes: fit.changes.map((change) => change.text),
    estimate: first.estimate?.reason,
    deviceBuffers: deviceBuffers(first),
    serverFit: fit.report.serverFit,
    loadMs: first.loadMs,
    secondLoad: { remembered: again.fit?.remembered, changes: again.fit?.changes.length, loadMs: again.loadMs },
    answer: await answer(32),
  };
});

await check('rpc', async () => {
  const tiny = await makeTestModel({ repoRoot, variant: 'tiny', log: () => undefined });
  const status = await load({
    modelPath: tiny.path,
    contextSize: 4096,
    rpc: { ...defaultSettings().load.rpc, mode: 'local', localWorkers: 1 },
  });
  const workers = status.rpcWorkers ?? [];
  const devices = workers.flatMap((worker) => worker.devices.map((device) => device.name));
  const ok =
    workers.length === 1 &&
    workers[0]!.state === 'ready' &&
    (onGpu ? devices.some((name) => !isHostMemory(name)) : devices.includes('CPU'));
  return {
    ok,
    workers: workers.map(({ endpoint, state, devices: served, modelMiB }) => ({
      endpoint,
      state,
      devices: served,
      modelMiB,
    })),
    answer: await answer(64),
  };
});

await check('no-orphan', async () => {
  const pids = [manager.getStatus().pid, ...(manager.getStatus().rpcWorkers ?? []).map((worker) => worker.pid)].filter(
    (pid): pid is number => pid !== null,
  );
  await manager.dispose();
  await registry.stopAll(3000);
  const alive = pids.filter((pid) => isAlive(pid));
  return { ok: alive.length === 0, stopped: pids.length, alive };
});

if (notices.length > 0) progress(`notices:\n  ${notices.join('\n  ')}`);
const failed = lines.filter((line) => !line.ok).map((line) => line.check);
progress(failed.length === 0 ? `all ${lines.length} checks passed` : `failed: ${failed.join(', ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
