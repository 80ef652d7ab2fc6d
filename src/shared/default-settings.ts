import type { AppSettings } from './contract';

/** The settings a fresh install starts with; shared so every host and fake agrees. */

export function defaultSettings(): AppSettings {
  return {
    version: 1,
    language: 'auto',
    hideToTrayOnClose: true,
    recentModels: [],
    load: {
      modelPath: '',
      backend: 'auto',
      contextSize: 4096,
      gpuLayers: 'auto',
      threads: 0,
      batchSize: 2048,
      parallel: 1,
      port: null,
      exposeOnNetwork: false,
      apiKey: '',
      jinja: true,
      reasoningFormat: 'auto',
      flashAttention: 'auto',
      loraPath: '',
      mmprojPath: '',
      mlock: false,
      noMmap: false,
      metrics: true,
      slots: true,
    },
  };
}
