import { useAppModel } from '../../app-model';
import { useStore } from '../../lib/store';
import type { ToolsPanelState, ToolsPanelStore } from './tools-panel-store';

export function useToolsPanelStore(): ToolsPanelState & { actions: ToolsPanelStore } {
  const { toolsPanel } = useAppModel();
  return { ...useStore(toolsPanel.store), actions: toolsPanel };
}
