// A real stdio MCP server written with the TypeScript SDK, for the tests of what
// a server may ask EVA during a tool call: `details` asks the user a question
// (elicitInput), `summarize` asks the user's model for an answer (createMessage).
// Each tool says in its result what it got. Its Python twin is python/ask_server.py.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'ts-ask', version: '1.0.0' });
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

server.registerTool('details', { description: 'Asks the user for their name and age.' }, async () => {
  const result = await server.server.elicitInput({
    message: 'Who are you?',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', description: 'Your name' },
        age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
        subscribe: { type: 'boolean', title: 'Send news?', default: false },
      },
      required: ['name', 'age'],
    },
  });
  if (result.action !== 'accept') return text(`the user chose ${result.action}`);
  const { name, age, subscribe } = result.content ?? {};
  return text(`accepted: name=${String(name)} age=${String(age)} subscribe=${String(subscribe ?? false)}`);
});

server.registerTool(
  'summarize',
  { description: "Asks the user's model to summarize a text.", inputSchema: { text: z.string() } },
  async ({ text: input }) => {
    try {
      const result = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${input}` } }],
        maxTokens: 64,
        systemPrompt: 'You summarize.',
      });
      const content = Array.isArray(result.content) ? result.content[0] : result.content;
      return text(`model ${result.model} said: ${content?.type === 'text' ? content.text : String(content?.type)}`);
    } catch (error) {
      return text(`sampling failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
);

await server.connect(new StdioServerTransport());
