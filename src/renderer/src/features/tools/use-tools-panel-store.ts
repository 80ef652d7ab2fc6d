import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { ToolsPanelState, ToolsPanelStore } from './tools-panel-store';

export function useToolsPanelStore(): ToolsPanelState & { actions: ToolsPanelStore } {
  const { toolsPanel } = useAppModel();
  return { ...useStore(toolsPanel.store), actions: toolsPanel };
}
