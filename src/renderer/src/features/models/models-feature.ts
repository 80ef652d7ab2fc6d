// The models feature's stores (the library, Discover, downloads, the file browser),
// built once per app model. They live outside the load dialog so a download goes on,
// and stays listed, after the dialog closes. Held in a WeakMap keyed by the model
// rather than added to app-model.ts: the feature stays self-contained and every
// test's model gets its own.
import type { AppModel } from '../../app-model';
import { createDownloadsStore, type DownloadsStore } from './downloads-store';
import { createFileBrowserStore, type FileBrowserStore } from './file-browser-store';
import { createHubStore, type HubStore } from './hub-store';
import { createLibraryStore, type LibraryStore } from './library-store';

export interface ModelsFeature {
  library: LibraryStore;
  downloads: DownloadsStore;
  hub: HubStore;
  browser: FileBrowserStore;
  /** Subscribe to download events and fetch the list and the downloads; returns the teardown. */
  start(): () => void;
}

export function createModelsFeature({ api, app }: Pick<AppModel, 'api' | 'app'>): ModelsFeature {
  const library = createLibraryStore({ api, app });
  const hub = createHubStore(api);
  const downloads = createDownloadsStore({
    api,
    onDone: () => {
      void library.refresh();
      void hub.refreshFiles();
    },
  });
  const browser = createFileBrowserStore(api);
  return {
    library,
    downloads,
    hub,
    browser,
    start: () => {
      const stop = downloads.start();
      void library.refresh();
      return stop;
    },
  };
}

const models = new WeakMap<Pick<AppModel, 'api' | 'app'>, ModelsFeature>();

/** The models feature of this app model, built on first use. */
export function modelsFeatureOf(app: Pick<AppModel, 'api' | 'app'>): ModelsFeature {
  let found = models.get(app);
  if (!found) models.set(app, (found = createModelsFeature(app)));
  return found;
}
