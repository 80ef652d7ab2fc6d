import { useAppModel, type View } from '../../app-model';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ConnectionState } from '../../platform';
import type { AppState } from './app-store';

export function useAppStore(): AppState {
  return useStore(useAppModel().app.store);
}

export function useView(): [View, (view: View) => void] {
  const { view } = useAppModel();
  return [useStore(view), (next) => view.setState(next, true)];
}

const ALWAYS_OPEN = createStore<ConnectionState>()(() => 'open');

/** 'open' on Electron, where there is no socket to lose. */
export function useConnectionState(): ConnectionState {
  return useStore(useAppModel().connection ?? ALWAYS_OPEN);
}
