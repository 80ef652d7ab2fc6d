// A real stdio MCP server for the tests, started as a child process:
// `node --import tsx stdio-test-server.ts [label]`. Writes only JSON-RPC to
// stdout; a line on stderr at start-up lets tests check the stderr tail.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createTestMcpServer } from './test-mcp-tools';

const label = process.argv[2] ?? 'stdio';
if (process.env.EVA_TEST_MCP_FAIL_START) {
  process.stderr.write(`refusing to start: ${process.env.EVA_TEST_MCP_FAIL_START}\n`);
  process.exit(3);
}
process.stderr.write(`test MCP server "${label}" starting (pid ${process.pid})\n`);
await createTestMcpServer(label).connect(new StdioServerTransport());
