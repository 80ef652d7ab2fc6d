import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { ParametersState, ParametersStore } from './parameters-store';

export function useParametersStore(): ParametersState & { actions: ParametersStore } {
  const { conventions } = useAppModel();
  return { ...useStore(conventions.store), actions: conventions };
}
