import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { DiscoveryState } from './discovery-store';

export function useDiscovery(): DiscoveryState {
  return useStore(useAppModel().discovery.store);
}
