// A server's whole tool list: `tools/list` page by page, up to a bound a looping cursor cannot pass.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpToolInfo } from '@shared/tools/mcp-tool-name';

const MAX_TOOL_PAGES = 50;

/** `tools/list`, every page; tools without a usable name are skipped. */
export async function listAllTools(client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    for (const tool of result.tools) {
      if (typeof tool.name !== 'string' || tool.name.trim() === '') continue;
      tools.push({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema as McpToolInfo['inputSchema'],
        annotations: tool.annotations,
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}
