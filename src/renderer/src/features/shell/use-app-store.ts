import { useAppModel, type View } from '../../app-model';
import { useStore } from '../../lib/store';
import type { ConnectionState } from '../../platform';
import type { AppState } from './app-store';

export function useAppStore(): AppState {
  return useStore(useAppModel().app.store);
}

export function useView(): [View, (view: View) => void] {
  const { view } = useAppModel();
  return [useStore(view), view.set];
}

const ALWAYS_OPEN = { get: (): ConnectionState => 'open', set: () => {}, subscribe: () => () => {} };

/** 'open' on Electron, where there is no socket to lose. */
export function useConnectionState(): ConnectionState {
  return useStore(useAppModel().connection ?? ALWAYS_OPEN);
}
