import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { LogState } from './log-store';

export function useLogStore(): LogState {
  return useStore(useAppModel().log.store);
}
