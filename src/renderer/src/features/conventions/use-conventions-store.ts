import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { ConventionsState, ConventionsStore } from './conventions-store';

export function useConventionsStore(): ConventionsState & { actions: ConventionsStore } {
  const { conventions } = useAppModel();
  return { ...useStore(conventions.store), actions: conventions };
}
