// The roots EVA offers MCP servers: the tools' workspace, the one folder the
// built-in file tools are confined to, so a filesystem server started without
// its own folder works in the same place.
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

export function workspaceRoots(workspaceDir: string): Root[] {
  if (workspaceDir.trim() === '') return [];
  const dir = resolve(workspaceDir);
  return [{ uri: pathToFileURL(dir).href, name: basename(dir) || dir }];
}
