// What the load dialog needs while it is closed, so the dialog itself can be fetched the first time it opens: the
// models feature running (a download goes on and stays listed), and a model dropped anywhere on the page opening the
// dialog with it.
import { useAppModel } from '../../app-model';
import { pickPatch } from '../models/pick-patch';
import { useLibrary, useLibraryRunning } from '../models/use-library';
import { usePageModelDrop } from '../models/use-model-drop';
import { useStore } from 'zustand';

/** Puts a dropped model's path in the form, on the local tab. */
export function useTakeDroppedModel(): (path: string) => void {
  const { load } = useAppModel();
  const { library } = useLibrary();
  return (path) => {
    load.setTab('local');
    load.edit(pickPatch(path, library.store.getState().listing));
  };
}

export function LoadWatch() {
  const { load } = useAppModel();
  const open = useStore(load.store, (state) => state.open);
  useLibraryRunning();
  usePageModelDrop(!open, () => load.open('local'), useTakeDroppedModel());
  return null;
}
