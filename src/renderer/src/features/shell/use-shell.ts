// The shell's own state: which page is shown, and whether the host is reachable.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useAppModel, type View } from '../../app-model';
import type { ConnectionState } from '../../platform';

export function useView(): [View, (view: View) => void] {
  const { view } = useAppModel();
  return [useStore(view), (next) => view.setState(next, true)];
}

/** Electron has no socket to lose. */
export const ALWAYS_OPEN = createStore<ConnectionState>()(() => 'open');

/** 'open' on Electron, where there is no socket to lose. */
export function useConnectionState(): ConnectionState {
  return useStore(useAppModel().connection ?? ALWAYS_OPEN);
}
