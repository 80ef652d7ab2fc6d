import type { BackendStatus } from '@shared/contract';
import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';

export function useBackendStatus(): BackendStatus | null {
  return useStore(useAppModel().status.store);
}
