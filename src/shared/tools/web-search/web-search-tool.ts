// The `web_search` tool as the model sees it. Offered only while a provider is
// set up (and has its key): a tool that can only fail would cost every prompt
// its description for nothing. It asks by default, since the query leaves the
// machine; the approval card says which service and host receive it.
import type { ToolDescriptor } from '../tool-types';

export const WEB_SEARCH_TOOL_NAME = 'web_search';
export const WEB_SEARCH_MAX_COUNT = 10;
export const WEB_SEARCH_DEFAULT_COUNT = 5;

export function webSearchToolDescriptor(providerName: string): ToolDescriptor {
  return {
    name: WEB_SEARCH_TOOL_NAME,
    // Short: the tool list is part of every agent prompt, and small models have small contexts.
    description: `Search the web (${providerName}): titles, URLs and snippets. Cite the URLs you use.`,
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 400, description: 'What to search for' },
        count: {
          type: 'integer',
          minimum: 1,
          maximum: WEB_SEARCH_MAX_COUNT,
          description: `How many results (default ${WEB_SEARCH_DEFAULT_COUNT})`,
        },
      },
      required: ['query'],
    },
    risk: 'read',
    defaultPolicy: 'ask',
    enabledByDefault: true,
    source: 'builtin',
  };
}
