// One compare store per app model, made when the Compare page first opens: a
// run goes on answering while another page is shown, and the page finds it as
// it left it.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useAppModel, type AppModel } from '../../app-model';
import { createCompareStore, type CompareStore } from './compare-store';

const stores = new WeakMap<AppModel, CompareStore>();

export function compareStoreFor(model: AppModel): CompareStore {
  let store = stores.get(model);
  if (!store) {
    store = createCompareStore({
      api: model.api,
      sampling: () => model.app.store.getState().settings?.chat.sampling,
    });
    stores.set(model, store);
    store.start();
  }
  return store;
}

/** The compare store, with the form's defaults taken from the settings once they are read. */
export function useCompare(): CompareStore {
  const model = useAppModel();
  const store = compareStoreFor(model);
  const settings = useStore(model.app.store, (s) => s.settings);
  useEffect(() => {
    if (settings) store.adopt(settings);
  }, [store, settings]);
  return store;
}
