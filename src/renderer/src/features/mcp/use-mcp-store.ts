import { useAppModel } from '../../app-model';
import { useStore } from '../../lib/store';
import type { McpState } from './mcp-store';

export function useMcpStore(): McpState {
  return useStore(useAppModel().mcp.store);
}
