// Backends on disk and GPUs found, as `backend:discover` reports them. Shared by
// the About panel and the load dialog's backend select.
import type { BackendInfo, GpuInfo } from '@shared/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';

export interface DiscoveryState {
  backends: BackendInfo[] | null;
  gpus: GpuInfo[];
  /** why the GPU probe failed (then `gpus` is empty without meaning "no GPU") */
  gpuProbeError?: string;
  loading: boolean;
  error: AppError | null;
}

export interface DiscoveryStore {
  store: StoreApi<DiscoveryState>;
  refresh(): Promise<void>;
}

export function createDiscoveryStore(api: EvaApi): DiscoveryStore {
  const store = createStore<DiscoveryState>()(() => ({ backends: null, gpus: [], loading: false, error: null }));
  let ticket = 0;
  return {
    store,
    refresh: async () => {
      const mine = ++ticket;
      store.setState((state) => ({ ...state, loading: true }), true);
      const result = await api.invoke('backend:discover');
      if (mine !== ticket) return;
      store.setState(
        (state) =>
          result.ok
            ? { ...result.value, loading: false, error: null }
            : { ...state, loading: false, error: result.error },
        true,
      );
    },
  };
}
