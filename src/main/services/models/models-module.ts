// The models area: the model files on disk (the library folders, the file
// browser, a dropped file stored), and the Hugging Face search and downloads
// that add to them. A fit verdict needs the backend a load would use.
import { freemem } from 'node:os';
import type { ChannelsOf } from '@shared/contract';
import type { AreaModule } from '../area-module';
import type { EventSink } from '../events/event-bus';
import type { BackendManager } from '../backend/backend-manager';
import { orderBackends } from '../backend/backend-choice';
import { createModelLibrary, type ModelLibrary, type ModelLibraryDeps } from './model-library-service';

export interface ModelsModule extends AreaModule<ChannelsOf<'models'>> {
  /** the browser host stores dropped files through it */
  library: ModelLibrary;
}

export function openModels(
  deps: Omit<ModelLibraryDeps, 'machineRoom' | 'emitDownload'> & { backend: BackendManager; emit: EventSink },
): ModelsModule {
  const library = createModelLibrary({
    ...deps,
    emitDownload: (state) => deps.emit('models:download', state),
    machineRoom: async () => {
      const { backends, gpus } = await deps.backend.discover();
      const executable = backends.filter((backend) => backend.executable).map((backend) => backend.kind);
      const [first = 'cpu'] = orderBackends(deps.settings.get().load.backend, executable);
      return { backend: first, gpus: first === 'cpu' ? [] : gpus, freeRamBytes: freemem() };
    },
  });
  return {
    library,
    handlers: {
      'models:list': async () => library.list(),
      'models:set-folders': async ({ folders, downloadFolder }) => library.setFolders(folders, downloadFolder),
      'models:browse': async (input) => library.browse(input?.path, { files: input?.files, hidden: input?.hidden }),
      'models:search-hub': async ({ query, limit }) => library.search(query, limit),
      'models:hub-files': async ({ repo }) => library.files(repo),
      'models:start-download': async (input) => library.download(input),
      'models:cancel-download': async ({ id }) => library.cancel(id),
      'models:downloads': async () => library.downloads(),
    },
    // Parts stay on disk: the next start of the same download resumes them.
    dispose: () => library.dispose(),
  };
}
