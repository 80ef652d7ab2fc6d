import { useAppModel } from '../../app-model';
import { useStore } from '../../lib/store';
import type { DiscoveryState } from './discovery-store';

export function useDiscovery(): DiscoveryState {
  return useStore(useAppModel().discovery.store);
}
