// MCP prompts for the composer's slash menu: every ready server's prompts
// (`prompts/list`, all pages; servers that offer none are skipped, a failing
// one is named without hiding the rest), and one prompt fetched with its
// arguments (`prompts/get`), its messages read into pieces a draft can take.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpGetPromptInput, McpPromptContent, McpPromptInfo, McpPromptListing } from '@shared/mcp/mcp-prompts';
import { toAppError } from '@shared/errors';
import { askServer, clientOf, type McpClients } from './mcp-ask';
import { promptContentPart } from './mcp-content';

/** A server listing more pages than this is not listing prompts any more. */
const MAX_PAGES = 20;

export async function listMcpPrompts(clients: McpClients): Promise<McpPromptListing> {
  const ready = clients.statuses().flatMap((status) => {
    const client = status.state === 'ready' ? clients.client(status.name) : null;
    return client && client.getServerCapabilities()?.prompts ? [{ server: status.name, client }] : [];
  });
  const settled = await Promise.allSettled(ready.map(({ server, client }) => serverPrompts(server, client)));
  const listing: McpPromptListing = { prompts: [], failures: [] };
  settled.forEach((outcome, index) => {
    const server = ready[index]?.server ?? '';
    if (outcome.status === 'fulfilled') listing.prompts.push(...outcome.value);
    else listing.failures.push({ server, message: toAppError(outcome.reason).message });
  });
  return listing;
}

async function serverPrompts(server: string, client: Client): Promise<McpPromptInfo[]> {
  const prompts: McpPromptInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await askServer(server, 'its list of prompts', (options) =>
      client.listPrompts(cursor === undefined ? undefined : { cursor }, options),
    );
    for (const prompt of result.prompts) {
      if (typeof prompt.name !== 'string' || prompt.name.trim() === '') continue;
      prompts.push({
        server,
        name: prompt.name,
        title: prompt.title ?? '',
        description: prompt.description ?? '',
        arguments: (prompt.arguments ?? []).map((arg) => ({
          name: arg.name,
          description: arg.description ?? '',
          required: arg.required === true,
        })),
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return prompts;
}

export async function getMcpPrompt(clients: McpClients, input: McpGetPromptInput): Promise<McpPromptContent> {
  const client = clientOf(clients, input.server);
  const result = await askServer(input.server, `the prompt "${input.name}"`, (options) =>
    client.getPrompt({ name: input.name, arguments: input.arguments ?? {} }, options),
  );
  return {
    server: input.server,
    name: input.name,
    description: result.description ?? '',
    messages: result.messages.map((message) => ({
      role: message.role === 'assistant' ? 'assistant' : 'user',
      parts: [promptContentPart(message.content)],
    })),
  };
}
