import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { McpState } from './mcp-store';

export function useMcpStore(): McpState {
  return useStore(useAppModel().mcp.store);
}
