import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { Toast } from './notice-list';

export function useToasts(): { toasts: readonly Toast[]; dismiss: (id: number) => void } {
  const { notices } = useAppModel();
  return { toasts: useStore(notices.store), dismiss: notices.dismiss };
}
