// A real stdio MCP server with search tools, for web_search through MCP:
// `node --import tsx search-test-server.ts`. `search` takes `{ q, max_results }`
// (names other than web_search's own, as real search servers use) and answers
// JSON results that echo the arguments it got; `notes` answers plain text.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'eva-test-search', version: '1.0.0' });

server.registerTool(
  'search',
  {
    description: 'Search the test index.',
    inputSchema: { q: z.string(), max_results: z.number().int().max(3).optional() },
    annotations: { readOnlyHint: true },
  },
  async ({ q, max_results }) => ({
    content: [
      {
        type: 'text',
        text: JSON.stringify({
          results: Array.from({ length: max_results ?? 2 }, (_, i) => ({
            title: `Result ${i + 1} for ${q}`,
            url: `https://mcp.example/${i + 1}`,
            content: `args ${JSON.stringify({ q, max_results })}`,
          })),
        }),
      },
    ],
  }),
);

server.registerTool(
  'notes',
  { description: 'Plain text notes.', inputSchema: { query: z.string() } },
  async ({ query }) => ({
    content: [{ type: 'text', text: `No index here; you asked for ${query}.` }],
  }),
);

await server.connect(new StdioServerTransport());
