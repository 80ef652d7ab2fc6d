// One images store per app model: a generation goes on, and the page and the
// chat's pictures show it, whichever of them is on screen. The store reaches the
// chat and the settings through the app model, not through their features.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { AppModel } from '../../app-model';
import { useAppModel } from '../../app-model';
import { createImagesStore, type ChatTarget, type ImagesStore } from './images-store';

const stores = new WeakMap<AppModel, ImagesStore>();

/** Where a picture goes in the chat: after the last message of the open conversation (a new one when none is open). */
export function chatTargetOf(model: Pick<AppModel, 'chat'>): ChatTarget {
  return {
    where: () => {
      const conversation = model.chat.conversation.getState();
      return {
        conversationId: conversation.id,
        parentId: conversation.items.at(-1)?.id ?? null,
        answering: conversation.activeRequestId !== null,
      };
    },
    show: (conversationId) => model.chat.open(conversationId),
  };
}

export function imagesStoreFor(model: AppModel): ImagesStore {
  let store = stores.get(model);
  if (!store) {
    store = createImagesStore({
      api: model.api,
      saveSettings: (images) => model.app.updateSettings({ images }),
      chat: chatTargetOf(model),
    });
    stores.set(model, store);
    store.start();
  }
  return store;
}

/** The images store, with the template and files taken from the settings once they are read. */
export function useImages(): ImagesStore {
  const model = useAppModel();
  const store = imagesStoreFor(model);
  const settings = useStore(model.app.store, (s) => s.settings?.images ?? null);
  useEffect(() => {
    if (settings) store.adopt(settings);
  }, [store, settings]);
  return store;
}
