// Images wired for the core: the images folder, the service, the contract's
// image channels, and the `stablediffusion` tool. core.ts spreads `handlers`
// and registers `toolProvider`.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { InvokeHandlers } from '@shared/contract';
import type { imageChannels } from '@shared/images/image-contract';
import type { ImageSettings } from '@shared/images/image-settings';
import type { EventSink } from '../events/event-bus';
import type { StatFs } from '../models/disk-space';
import type { Launch } from '../process/process-lifecycle';
import { postImageToChat, type ChatHistory } from './image-chat';
import { createImageService } from './image-service';
import { openImageStore } from './image-store';
import { imageToolProvider } from './image-tool';

export interface ImageModuleDeps {
  dataDir: string;
  binDirs: readonly string[];
  launch: Launch;
  emit: EventSink;
  settings: () => ImageSettings;
  history: ChatHistory;
  /** for tests: PATH searched after EVA's builds, a full disk, a quick kill */
  pathVariable?: string;
  statfs?: StatFs;
  killGraceMs?: number;
}

type ImageChannel = keyof typeof imageChannels;

export async function openImages(deps: ImageModuleDeps) {
  const store = openImageStore(join(deps.dataDir, 'images'));
  // A run that died with the app left its part behind: nothing half-written stays.
  await store.sweepParts();
  const service = createImageService({
    binDirs: deps.binDirs,
    pathVariable: deps.pathVariable,
    launch: deps.launch,
    store,
    emit: deps.emit,
    threads: () => deps.settings().threads,
    statfs: deps.statfs,
    killGraceMs: deps.killGraceMs,
  });
  let cliFound = false;
  const status = async () => {
    const current = await service.status();
    cliFound = current.cli !== null;
    return current;
  };
  // The first look only warms `cliFound`; its failure reaches the page through `image:status`.
  const found = status().catch(() => undefined);

  const handlers: Pick<InvokeHandlers, ImageChannel> = {
    'image:status': status,
    'image:generate': async (input) => service.generate({ ...input, source: 'page' }),
    'image:cancel': async ({ jobId }) => service.cancel(jobId),
    'image:list': async () => ({ images: await service.list() }),
    'image:read': async ({ id }) => service.read(id),
    'image:delete': async ({ id }) => ({ deleted: await service.remove(id) }),
    'image:to-chat': async ({ id, conversationId, parentId }) =>
      postImageToChat(deps.history, await service.read(id), { conversationId, parentId }),
  };

  return {
    handlers,
    toolProvider: imageToolProvider({
      service,
      settings: deps.settings,
      cliFound: () => cliFound,
      newJobId: () => `tool-${randomBytes(6).toString('hex')}`,
    }),
    service,
    /** resolves once the first look for sd-cli is done (the tool is offered from then on) */
    ready: found,
    dispose() {
      service.dispose();
    },
  };
}

export type ImagesModule = Awaited<ReturnType<typeof openImages>>;
