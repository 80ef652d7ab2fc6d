// Words for a tool's risk, policy and purpose, shared by the Tools panel and the approval card.
import type { MessageKey, Translate } from '../../i18n';
import type { BuiltinToolName } from '@shared/tools/builtin-tools';
import type { KNOWLEDGE_TOOL_NAME } from '@shared/knowledge/knowledge-tool';
import type { WEB_SEARCH_TOOL_NAME } from '@shared/tools/web-search/web-search-tool';
import type { ToolPolicy } from '@shared/tools/tool-types';

const RISKS: Record<string, MessageKey> = {
  read: 'tools.risk.read',
  write: 'tools.risk.write',
  exec: 'tools.risk.exec',
  control: 'tools.risk.control',
  network: 'tools.risk.network',
};

/** The risk badge's words; an unknown risk (from a newer core) shows as sent. */
export function riskLabel(t: Translate, risk: string): string {
  const key = RISKS[risk];
  return key ? t(key) : risk;
}

export const POLICY_KEYS: Record<ToolPolicy, MessageKey> = {
  allow: 'tools.policy.allow',
  ask: 'tools.policy.ask',
  deny: 'tools.policy.deny',
};

/** Built-in tools described for the user (the core's descriptions are written for the model, in English). */
const BUILTIN_DESCRIPTIONS: Record<
  BuiltinToolName | typeof KNOWLEDGE_TOOL_NAME | typeof WEB_SEARCH_TOOL_NAME,
  MessageKey
> = {
  answer: 'tools.describe.answer',
  calculator: 'tools.describe.calculator',
  execute_command: 'tools.describe.execute_command',
  read_file: 'tools.describe.read_file',
  write_file: 'tools.describe.write_file',
  edit_file: 'tools.describe.edit_file',
  list_files: 'tools.describe.list_files',
  web_fetch: 'tools.describe.web_fetch',
  controller: 'tools.describe.controller',
  knowledge: 'tools.describe.knowledge',
  web_search: 'tools.describe.web_search',
};

/** What a tool does in the UI's language; an MCP server's tool (or one from a newer core) keeps its own description. */
export function toolDescription(t: Translate, tool: { name: string; source: string; description: string }): string {
  const key =
    tool.source === 'builtin' && Object.hasOwn(BUILTIN_DESCRIPTIONS, tool.name)
      ? BUILTIN_DESCRIPTIONS[tool.name as keyof typeof BUILTIN_DESCRIPTIONS]
      : undefined;
  return key ? t(key) : tool.description;
}
