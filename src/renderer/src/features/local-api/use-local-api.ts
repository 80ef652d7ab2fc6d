// One Local API store per app model, made when the page first opens: its
// events keep the status and the log current while another page is shown.
import { useAppModel, type AppModel } from '../../app-model';
import { createLocalApiStore, type LocalApiStore } from './local-api-store';

const stores = new WeakMap<AppModel, LocalApiStore>();

export function localApiStoreFor(model: AppModel): LocalApiStore {
  let store = stores.get(model);
  if (!store) {
    store = createLocalApiStore({
      api: model.api,
      app: {
        settings: () => model.app.store.getState().settings,
        updateSettings: (patch) => model.app.updateSettings(patch),
      },
    });
    stores.set(model, store);
    store.start();
  }
  return store;
}

export function useLocalApi(): LocalApiStore {
  return localApiStoreFor(useAppModel());
}
