// Sample data for the dev-only `?demo` preview: a machine with one GPU, two
// backends and a few recent models. Scenarios: '' (stopped), 'ready', 'starting',
// 'error', 'exposed', 'busy' (ready, and a log line every 150 ms), 'link' (no local
// model; the chat uses a saved remote endpoint), 'novision' (ready, no mmproj),
// 'long' (ready; every answer is ~5,000 tokens of markdown, for scrolling and speed checks).
// Answers stream a canned markdown reply on a timer.
import type { StreamEvent } from '@shared/chat/types';
import type { LogLine } from '@shared/contract';
import { createMemoryPlatform, memoryDefaultSettings, type MemoryPlatform } from './memory-platform';

const MODEL = '/home/eva/models/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf';

export function createDemoPlatform(scenario: string): MemoryPlatform {
  const start = Date.now() - 60_000;
  const log: LogLine[] = ['EVA 0.1.0 started', 'found backends: cuda, cpu'].map((text, index) => ({
    seq: index + 1,
    time: start + index * 10,
    stream: 'app',
    text,
  }));
  const settings = memoryDefaultSettings();
  settings.recentModels = [
    MODEL,
    '/home/eva/models/Llama-3.2-3B-Instruct-Q5_K_M.gguf',
    '/data/gguf/deepseek-r1-distill-qwen-7b-q4_k_m.gguf',
  ];
  // The in-memory disk's sample models (fake-models.ts) show up in My models.
  settings.models = { ...settings.models, folders: ['/home/user/models'] };
  settings.load = {
    ...settings.load,
    modelPath: MODEL,
    mmprojPath: scenario === 'novision' ? '' : '/home/eva/models/mmproj-Qwen2.5-VL-F16.gguf',
  };
  if (scenario === 'link') {
    settings.links = [
      {
        id: 'demo-deepseek',
        name: 'DeepSeek',
        presetId: 'deepseek',
        baseUrl: 'https://api.deepseek.com/v1',
        model: 'deepseek-chat',
      },
      {
        id: 'demo-ollama',
        name: 'Ollama on the NAS',
        presetId: 'ollama',
        baseUrl: 'http://192.168.1.20:11434/v1',
        model: 'qwen2.5:14b',
      },
    ];
    settings.chat = { ...settings.chat, endpoint: { kind: 'link', linkId: 'demo-deepseek' } };
  }
  const platform = createMemoryPlatform({
    chatDelayMs: scenario === 'long' ? 8 : 28,
    downloadStepMs: 700,
    ...(scenario === 'long' ? { chatReply: longReply } : {}),
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
        build: {
          backend: 'cuda',
          llamaCppCommit: 'b6a1e3f2c9d04e5f8a7b6c5d4e3f2a1b0c9d8e7f',
          source: 'https://github.com/ggml-org/llama.cpp',
          cmakeFlags: ['-DGGML_CUDA=ON', '-DLLAMA_CURL=OFF', '-DCMAKE_BUILD_TYPE=Release'],
          builtAt: '2025-11-20T09:14:03Z',
        },
      },
      { kind: 'cpu', serverPath: '/opt/eva/bin/cpu/llama-server', executable: true, build: null },
    ],
  });
  platform.handle('dialog:pick-model', () => ({ ok: true, value: { path: MODEL } }));
  if (scenario === 'busy') {
    let n = 0;
    setInterval(() => {
      platform.appendLog(
        [`slot update_slots: id 0 | task ${n} | prompt processing progress, n_past = ${n * 64}`],
        n % 5 === 0 ? 'stdout' : 'stderr',
      );
      n++;
    }, 150);
  }
  if (scenario === 'link')
    void platform.invoke('link:save', {
      profile: settings.links[0] as (typeof settings.links)[number],
      apiKey: 'demo-key',
    });
  if (
    scenario === 'ready' ||
    scenario === 'starting' ||
    scenario === 'exposed' ||
    scenario === 'busy' ||
    scenario === 'novision' ||
    scenario === 'long'
  ) {
    void platform.invoke('backend:load', {
      ...settings.load,
      port: scenario === 'exposed' ? 8080 : null,
      exposeOnNetwork: scenario === 'exposed',
      ...(scenario === 'exposed' ? { apiKey: 'demo-lan-key' } : {}),
    });
  }
  if (scenario === 'error')
    void platform.invoke('backend:load', { ...settings.load, modelPath: '/home/eva/models/readme.txt' });
  if (scenario !== '')
    setTimeout(
      () =>
        platform.emit('app:notice', {
          level: 'info',
          code: 'demo',
          message: 'Demo mode: nothing here talks to a real llama-server.',
        }),
      300,
    );
  return platform;
}

/** About 5,000 tokens of mixed markdown in batches of 50, like a fast server. */
function longReply(): StreamEvent[][] {
  const paragraph = (n: number): string =>
    n % 7 === 3
      ? `\`\`\`python\ndef step_${n}(x):\n    # keep the loop tight\n    return [v * ${n} for v in x if v % 2]\n\`\`\``
      : n % 5 === 1
        ? `- point ${n}: **bold** and \`code\`\n- the sum $\\sum_{i=1}^{${n}} i = ${(n * (n + 1)) / 2}$`
        : `Paragraph ${n}. ${'The quick brown fox jumps over the lazy dog while the model keeps streaming tokens. '.repeat(4)}`;
  const text = Array.from({ length: 110 }, (_, n) => paragraph(n)).join('\n\n');
  const pieces = text.match(/\s*\S+|\s+/g) ?? [];
  const batches: StreamEvent[][] = [];
  for (let i = 0; i < pieces.length; i += 50)
    batches.push(pieces.slice(i, i + 50).map((piece) => ({ type: 'content', text: piece })));
  return batches;
}
