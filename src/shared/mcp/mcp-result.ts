// How an MCP `tools/call` result becomes a ToolRunResult. The model reads text,
// so every content block becomes text: images and audio become a short note
// (their bytes would only burn context), and the images travel in `details` as
// data URLs for the step card. `isError` is the tool saying it failed, which
// the model must read as a failure.
import { capOutput } from '../tools/output-cap';
import { TOOL_LIMITS } from '../tools/tool-limits';
import { toolError, type ToolRunResult } from '../tools/tool-types';

/** The parts of an MCP content block we read; unknown block types are described, not dropped. */
export type McpContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name?: string; description?: string; mimeType?: string }
  | { type: string; [key: string]: unknown };

/** The parts of a `tools/call` result we read. */
export interface McpCallResult {
  content?: readonly McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  /** pre-2024-11 servers answered with `toolResult` */
  toolResult?: unknown;
}

/** An image the tool returned, for the step card to show. */
export interface McpImage {
  mimeType: string;
  /** `data:<mime>;base64,…`, or null when it was too large to keep */
  dataUrl: string | null;
  bytes: number;
}

/** Images larger than this are noted but not kept as data URLs. */
export const MAX_IMAGE_DATA_URL_BYTES = 2 * 1024 * 1024;

export function mcpResultToToolResult(result: McpCallResult, durationMs: number, maxChars: number = TOOL_LIMITS.maxOutputChars): ToolRunResult {
  const images: McpImage[] = [];
  const parts: string[] = [];
  for (const block of result.content ?? []) parts.push(describeBlock(block, images));
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent, null, 2));
  if (parts.length === 0 && result.toolResult !== undefined) parts.push(typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult, null, 2));

  const capped = capOutput(parts.join('\n'), maxChars);
  const details: Record<string, unknown> = {};
  if (capped.truncated) Object.assign(details, { truncated: true, totalChars: capped.totalChars });
  if (images.length > 0) details.images = images;
  const withDetails = Object.keys(details).length > 0 ? { details } : {};

  if (result.isError === true) {
    const message = capped.text.trim() === '' ? 'the tool reported an error without a message' : firstLine(capped.text);
    return { status: 'error', output: capped.text, error: toolError('tool_failed', message, { reportedByTool: true }), durationMs, ...withDetails };
  }
  return { status: 'ok', output: capped.text, durationMs, ...withDetails };
}

function describeBlock(block: McpContentBlock, images: McpImage[]): string {
  switch (block.type) {
    case 'text':
      return String((block as { text: unknown }).text ?? '');
    case 'image': {
      const { data, mimeType } = block as { data: string; mimeType: string };
      const bytes = base64Bytes(data);
      images.push({ mimeType, bytes, dataUrl: bytes <= MAX_IMAGE_DATA_URL_BYTES ? `data:${mimeType};base64,${data}` : null });
      return `[image ${images.length}: ${mimeType}, ${formatBytes(bytes)}; shown to the user, not to you]`;
    }
    case 'audio': {
      const { data, mimeType } = block as { data: string; mimeType: string };
      return `[audio: ${mimeType}, ${formatBytes(base64Bytes(data))}; not shown]`;
    }
    case 'resource': {
      const resource = (block as { resource: { uri: string; mimeType?: string; text?: string; blob?: string } }).resource;
      if (typeof resource.text === 'string') return `[resource ${resource.uri}]\n${resource.text}`;
      const size = typeof resource.blob === 'string' ? `, ${formatBytes(base64Bytes(resource.blob))}` : '';
      return `[resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType}${size})` : size}; binary, not shown]`;
    }
    case 'resource_link': {
      const link = block as { uri: string; name?: string; description?: string };
      return `[resource link ${link.name ? `${link.name}: ` : ''}${link.uri}]${link.description ? ` ${link.description}` : ''}`;
    }
    default:
      return `[${block.type} content, not shown]`;
  }
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}

function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
