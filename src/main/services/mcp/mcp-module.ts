// The MCP area: the servers of `<data>/mcp.json` (their tools offered to the
// agent through the tool registry), the mcp:* handlers, and new roots sent to
// the servers whenever the tools' workspace setting changes.
import type { ChannelsOf } from '@shared/contract';
import type { AreaModule } from '../area-module';
import type { SettingsModule } from '../settings/settings-module';
import { mcpHandlers } from './mcp-handlers';
import { openMcpManager, type McpManagerOptions } from './mcp-manager';

export async function openMcp(
  deps: McpManagerOptions & { followSettings: SettingsModule['follow'] },
): Promise<AreaModule<ChannelsOf<'mcp'>>> {
  const manager = await openMcpManager(deps);
  deps.followSettings(async (patch) => {
    if (patch.tools) await manager.syncRoots();
  });
  return { handlers: mcpHandlers(manager), dispose: () => manager.dispose() };
}
