// What every ready server of the in-memory platform offers besides its tools:
// two prompts (one without arguments, one with a required and an optional one
// and an embedded text resource), and five resources listed two to a page (text,
// an image, binary data, text over the cap) plus one URI template.
import { MAX_MCP_TEXT_CHARS, type McpContentPart } from '@shared/mcp/mcp-content';
import type { McpPromptContent, McpPromptInfo } from '@shared/mcp/mcp-prompts';
import {
  templateVariables,
  type McpResourceContent,
  type McpResourceInfo,
  type McpResourcePage,
} from '@shared/mcp/mcp-resources';

/** A 1×1 PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PAGE_SIZE = 2;
const NOTE_TEMPLATE = 'note:///{id}';

export function fakePrompts(server: string): McpPromptInfo[] {
  return [
    { server, name: 'summarize', title: 'Summarize', description: 'Summarize the conversation so far', arguments: [] },
    {
      server,
      name: 'review',
      title: 'Code review',
      description: 'Review one file',
      arguments: [
        { name: 'file', description: 'The file to review', required: true },
        { name: 'focus', description: 'What to look at first', required: false },
      ],
    },
  ];
}

export function fakePrompt(
  server: string,
  name: string,
  args: Readonly<Record<string, string>>,
): { ok: true; value: McpPromptContent } | { ok: false; message: string } {
  if (name === 'summarize')
    return {
      ok: true,
      value: {
        server,
        name,
        description: '',
        messages: [{ role: 'user', parts: [{ kind: 'text', text: 'Summarize the conversation so far.' }] }],
      },
    };
  if (name !== 'review') return { ok: false, message: `unknown prompt ${name}` };
  const file = args.file?.trim() ?? '';
  if (file === '') return { ok: false, message: 'Invalid arguments for prompt review: file is required' };
  const focus = args.focus?.trim() ? `, looking at ${args.focus.trim()} first` : '';
  return {
    ok: true,
    value: {
      server,
      name,
      description: 'Review one file',
      messages: [
        { role: 'user', parts: [{ kind: 'text', text: `Please review ${file}${focus}.` }] },
        {
          role: 'user',
          parts: [
            { kind: 'resource-text', uri: `file:///${file}`, mimeType: 'text/plain', text: `contents of ${file}` },
          ],
        },
      ],
    },
  };
}

const RESOURCES: McpResourceInfo[] = [
  {
    uri: 'file:///readme.md',
    name: 'readme.md',
    title: 'Read me',
    description: 'What this project is',
    mimeType: 'text/markdown',
    size: 25,
  },
  { uri: 'file:///logo.png', name: 'logo.png', title: '', description: 'The logo', mimeType: 'image/png', size: 70 },
  {
    uri: 'file:///data.bin',
    name: 'data.bin',
    title: '',
    description: 'Raw data',
    mimeType: 'application/octet-stream',
    size: 4096,
  },
  {
    uri: 'file:///big.log',
    name: 'big.log',
    title: '',
    description: 'A very long log',
    mimeType: 'text/plain',
    size: 3_000_000,
  },
  { uri: 'file:///notes.txt', name: 'notes.txt', title: 'Notes', description: '', mimeType: 'text/plain', size: 11 },
];

export function fakeResourcePage(server: string, cursor: string | undefined): McpResourcePage {
  const start = cursor === undefined ? 0 : Number(cursor);
  const end = start + PAGE_SIZE;
  return {
    server,
    supported: true,
    resources: RESOURCES.slice(start, end),
    templates:
      cursor === undefined
        ? [
            {
              uriTemplate: NOTE_TEMPLATE,
              name: 'Note',
              title: 'Note by number',
              description: 'One note',
              mimeType: 'text/plain',
              variables: templateVariables(NOTE_TEMPLATE),
            },
          ]
        : [],
    nextCursor: end < RESOURCES.length ? String(end) : null,
  };
}

export function fakeResource(server: string, uri: string): McpResourceContent {
  const part = (): McpContentPart => {
    switch (uri) {
      case 'file:///readme.md':
        return { kind: 'resource-text', uri, mimeType: 'text/markdown', text: '# Demo\nA project to try.' };
      case 'file:///logo.png':
        return { kind: 'image', uri, mimeType: 'image/png', dataUrl: `data:image/png;base64,${PIXEL_PNG}`, bytes: 70 };
      case 'file:///data.bin':
        return {
          kind: 'skipped',
          reason: 'binary',
          uri,
          mimeType: 'application/octet-stream',
          size: 4096,
          unit: 'bytes',
          limit: null,
        };
      case 'file:///big.log':
        return {
          kind: 'skipped',
          reason: 'too_large',
          uri,
          mimeType: 'text/plain',
          size: 3_000_000,
          unit: 'chars',
          limit: MAX_MCP_TEXT_CHARS,
        };
      default:
        return {
          kind: 'resource-text',
          uri,
          mimeType: 'text/plain',
          text: uri.startsWith('note:///') ? `Note ${decodeURIComponent(uri.slice(8))}` : 'Some notes.',
        };
    }
  };
  return { server, uri, parts: [part()] };
}
