// MCP resources as the composer's picker sees them: one server's list a page at
// a time (`mcp:resources`), its URI templates, and one resource read
// (`mcp:read-resource`) into pieces a message can carry.
import { z } from 'zod';
import type { McpContentPart } from './mcp-content';

/** One resource a server lists. */
export interface McpResourceInfo {
  uri: string;
  name: string;
  /** the server's display title; '' when it gives none */
  title: string;
  description: string;
  mimeType: string | null;
  /** bytes, when the server says */
  size: number | null;
}

/** A parameterised resource (`demo://resource/{id}`): the user fills the variables, then it is read like any other. */
export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: string | null;
  /** the `{name}`s in the template, in order */
  variables: string[];
}

/** One page of a server's resources; the templates come with the first page only. */
export interface McpResourcePage {
  server: string;
  /** false: the server offers no resources at all (nothing else is set then) */
  supported: boolean;
  resources: McpResourceInfo[];
  templates: McpResourceTemplateInfo[];
  /** pass back as `cursor` for the next page; null on the last */
  nextCursor: string | null;
}

/** A resource as read: each of its contents, decoded and capped. */
export interface McpResourceContent {
  server: string;
  uri: string;
  parts: McpContentPart[];
}

const serverName = z.string().min(1).max(200);
const uri = z.string().min(1).max(8192);

/** `mcp:resources` input. */
export const McpListResourcesSchema = z
  .object({ server: serverName, cursor: z.string().max(8192).optional() })
  .strict();
/** `mcp:read-resource` input. */
export const McpReadResourceSchema = z.object({ server: serverName, uri }).strict();
export type McpReadResourceInput = z.infer<typeof McpReadResourceSchema>;

// RFC 6570 as far as resource templates use it: `{var}` (escaped) and `{+var}` (reserved characters kept).
const EXPRESSION = /\{([+#./;?&]?)([A-Za-z0-9_.,%]+)\}/g;

/** The variable names of a URI template, each once, in order. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    for (const name of (match[2] ?? '').split(',')) if (name !== '' && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The URI with every variable filled in; `{+var}` keeps `/` and `:`, the rest is percent-encoded. */
export function expandUriTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(EXPRESSION, (_whole, operator: string, names: string) => {
    const parts = names.split(',').map((name) => values[name] ?? '');
    const encode = operator === '+' || operator === '#' ? encodeURI : encodeURIComponent;
    const joined = parts.map(encode).join(',');
    return operator === '+' || operator === '' ? joined : `${operator}${joined}`;
  });
}
