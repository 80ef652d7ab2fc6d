import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { LoadState, LoadStore } from './load-store';

export function useLoadStore(): LoadState & { actions: LoadStore } {
  const { load } = useAppModel();
  return { ...useStore(load.store), actions: load };
}
