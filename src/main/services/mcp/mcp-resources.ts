// MCP resources for the composer's picker: one server's list a page at a time
// (`resources/list`, with its URI templates on the first page) and one resource
// read (`resources/read`) into pieces a message can carry.
import {
  templateVariables,
  type McpReadResourceInput,
  type McpResourceContent,
  type McpResourcePage,
} from '@shared/mcp/mcp-resources';
import { askServer, clientOf, type McpClients } from './mcp-ask';
import { resourcePart, type McpResourceContents } from './mcp-content';

export async function listMcpResources(clients: McpClients, server: string, cursor?: string): Promise<McpResourcePage> {
  const client = clientOf(clients, server);
  if (!client.getServerCapabilities()?.resources)
    return { server, supported: false, resources: [], templates: [], nextCursor: null };
  const page = await askServer(server, 'its list of resources', (options) =>
    client.listResources(cursor === undefined ? undefined : { cursor }, options),
  );
  // Templates are optional even for servers with resources: a refusal leaves them out, not the page.
  const templates =
    cursor === undefined
      ? await askServer(server, 'its resource templates', (options) =>
          client.listResourceTemplates(undefined, options),
        ).then(
          (r) => r.resourceTemplates,
          () => [],
        )
      : [];
  return {
    server,
    supported: true,
    resources: page.resources.map((resource) => ({
      uri: resource.uri,
      name: resource.name,
      title: resource.title ?? '',
      description: resource.description ?? '',
      mimeType: resource.mimeType ?? null,
      size: typeof resource.size === 'number' ? resource.size : null,
    })),
    templates: templates.map((template) => ({
      uriTemplate: template.uriTemplate,
      name: template.name,
      title: template.title ?? '',
      description: template.description ?? '',
      mimeType: template.mimeType ?? null,
      variables: templateVariables(template.uriTemplate),
    })),
    nextCursor: page.nextCursor ?? null,
  };
}

export async function readMcpResource(
  clients: McpClients,
  { server, uri }: McpReadResourceInput,
): Promise<McpResourceContent> {
  const client = clientOf(clients, server);
  const result = await askServer(server, `the resource ${uri}`, (options) => client.readResource({ uri }, options));
  return { server, uri, parts: result.contents.map((contents) => resourcePart(contents as McpResourceContents)) };
}
