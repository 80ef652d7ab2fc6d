import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { SettingsState } from './settings-store';

export function useSettingsStore(): SettingsState {
  return useStore(useAppModel().app.store);
}
