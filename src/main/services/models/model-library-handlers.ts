// The contract's models:* and hub:* handlers: the model files on disk, and the
// Hugging Face search and downloads that add to them.
import type { ChannelsOf, InvokeHandlers } from '@shared/contract';
import type { ModelLibrary } from './model-library-service';

export function modelLibraryHandlers(models: ModelLibrary): Pick<InvokeHandlers, ChannelsOf<'models' | 'hub'>> {
  return {
    'models:list': async () => models.list(),
    'models:set-folders': async ({ folders }) => models.setFolders(folders),
    'models:browse': async (input) => models.browse(input?.path, input?.files),
    'hub:search': async ({ query, limit }) => models.search(query, limit),
    'hub:files': async ({ repo }) => models.files(repo),
    'hub:download': async (input) => models.download(input),
    'hub:cancel': async ({ id }) => models.cancel(id),
    'hub:downloads': async () => models.downloads(),
  };
}
