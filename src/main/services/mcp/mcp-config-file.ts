// `<data>/mcp.json`: the MCP servers in the file format other MCP clients use,
// so users can copy a config in or out. Its own file rather than a settings
// key: a hand edit that breaks it must not reset every other setting, the
// tokens in `env`/`headers` stay in a 0600 file, and the MCP service is its
// only writer, so every change reconnects. A broken file is left untouched and
// reported; its servers are not started until the user saves a fixed config.
import { readFile } from 'node:fs/promises';
import {
  emptyMcpConfig,
  formatMcpConfig,
  parseMcpConfigText,
  type McpConfig,
  type McpConfigIssue,
} from '@shared/mcp/mcp-config';
import { writeFileAtomic } from '../fs/atomic-write';

export interface LoadedMcpConfig {
  config: McpConfig;
  /** what the editor starts with: the file as written (so a broken one can be fixed), or the formatted config */
  text: string;
  issues: McpConfigIssue[];
}

export async function readMcpConfigFile(path: string): Promise<LoadedMcpConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { config: emptyMcpConfig(), text: formatMcpConfig(emptyMcpConfig()), issues: [] };
    return {
      config: emptyMcpConfig(),
      text: '',
      issues: [{ path: '', message: `could not read ${path}: ${(error as Error).message}` }],
    };
  }
  const parsed = parseMcpConfigText(text.replace(/^\uFEFF/, ''));
  return parsed.ok
    ? { config: parsed.config, text, issues: [] }
    : { config: emptyMcpConfig(), text, issues: parsed.issues };
}

export async function writeMcpConfigFile(path: string, config: McpConfig): Promise<string> {
  const text = formatMcpConfig(config);
  await writeFileAtomic(path, text, 0o600);
  return text;
}
