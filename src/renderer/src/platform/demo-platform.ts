// Sample data for the dev-only `?demo` preview: a machine with one GPU, two
// backends and a few recent models. Scenarios: '' (stopped), 'ready', 'starting',
// 'error', 'exposed', 'busy' (ready, and a log line every 150 ms).
import type { LogLine } from '../../../shared/contract';
import { createMemoryPlatform, memoryDefaultSettings, type MemoryPlatform } from './memory-platform';

const MODEL = '/home/eva/models/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf';

export function createDemoPlatform(scenario: string): MemoryPlatform {
  const start = Date.now() - 60_000;
  const log: LogLine[] = ['EVA 0.1.0 started', 'found backends: cuda, cpu'].map((text, index) => ({ seq: index + 1, time: start + index * 10, stream: 'app', text }));
  const settings = memoryDefaultSettings();
  settings.recentModels = [MODEL, '/home/eva/models/Llama-3.2-3B-Instruct-Q5_K_M.gguf', '/data/gguf/deepseek-r1-distill-qwen-7b-q4_k_m.gguf'];
  settings.load = { ...settings.load, modelPath: MODEL };
  const platform = createMemoryPlatform({
    settings,
    log,
    loadDelayMs: scenario === 'starting' ? 3_600_000 : 2500,
    appInfo: { version: '0.1.0', host: 'browser', dataDir: '/home/eva/.local/share/eva', canPickFiles: true },
    gpus: [{ name: 'NVIDIA GeForce RTX 4090', totalMiB: 24_564, freeMiB: 23_720, source: 'nvidia-smi' }],
    backends: [
      {
        kind: 'cuda',
        serverPath: '/opt/eva/bin/cuda/llama-server',
        executable: true,
        build: { backend: 'cuda', llamaCppCommit: 'b6a1e3f2c9d04e5f8a7b6c5d4e3f2a1b0c9d8e7f', source: 'https://github.com/ggml-org/llama.cpp', cmakeFlags: ['-DGGML_CUDA=ON', '-DLLAMA_CURL=OFF', '-DCMAKE_BUILD_TYPE=Release'], builtAt: '2025-11-20T09:14:03Z' },
      },
      { kind: 'cpu', serverPath: '/opt/eva/bin/cpu/llama-server', executable: true, build: null },
    ],
  });
  platform.handle('dialog:pick-model', () => ({ ok: true, value: { path: MODEL } }));
  if (scenario === 'busy') {
    let n = 0;
    setInterval(() => {
      platform.appendLog([`slot update_slots: id 0 | task ${n} | prompt processing progress, n_past = ${n * 64}`], n % 5 === 0 ? 'stdout' : 'stderr');
      n++;
    }, 150);
  }
  if (scenario === 'ready' || scenario === 'starting' || scenario === 'exposed' || scenario === 'busy') {
    void platform.invoke('backend:load', { ...settings.load, port: scenario === 'exposed' ? 8080 : null, exposeOnNetwork: scenario === 'exposed' });
  }
  if (scenario === 'error') void platform.invoke('backend:load', { ...settings.load, modelPath: '/home/eva/models/readme.txt' });
  if (scenario !== '') setTimeout(() => platform.emit('app:notice', { level: 'info', code: 'demo', message: 'Demo mode: nothing here talks to a real llama-server.' }), 300);
  return platform;
}
