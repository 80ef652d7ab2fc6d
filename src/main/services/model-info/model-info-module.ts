// The Model info page's handlers (EVA's 模型信息) wired for the core: GGUF files
// read and kept by read-model-file.ts, searched a page at a time, and the local
// server's /props and /slots.
import type { AreaModule } from '../area-module';
import type { modelInfoChannels } from '@shared/model-info/model-info-contract';
import { fetchLiveServer, type LiveServerDeps } from './fetch-live-server';
import { searchTensors, searchVocab } from './model-info-search';
import { createModelFileCache } from './read-model-file';

type ModelInfoChannel = keyof typeof modelInfoChannels;

export function openModelInfo(deps: LiveServerDeps): AreaModule<ModelInfoChannel> {
  const files = createModelFileCache();
  return {
    handlers: {
      'model-info:read': async ({ path }) => (await files.get(path)).info,
      'model-info:tensors': async ({ path, ...page }) => searchTensors((await files.get(path)).tensors, page),
      'model-info:vocab': async ({ path, ...page }) => searchVocab((await files.get(path)).vocab, page),
      'model-info:live': async () => fetchLiveServer(deps),
    },
    dispose() {},
  };
}
