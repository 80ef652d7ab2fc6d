// How an MCP `tools/call` result becomes a ToolRunResult. The model reads text,
// so every content block becomes text: images, audio and binary resources a
// short note with their type and size (their bytes would only burn context;
// a model that can see gets the images apart, agent-transcript.ts). The blocks
// themselves travel as `content` for the step card and the history, capped
// (tool-content.ts). `isError` is the tool saying it failed, which the model
// must read as a failure.
import { capOutput } from '../tools/output-cap';
import {
  base64Bytes,
  ContentBudget,
  formatBytes,
  isMimeType,
  MAX_CONTENT_ITEMS,
  MAX_RESOURCE_TEXT_CHARS,
} from '../tools/tool-content';
import { TOOL_LIMITS } from '../tools/tool-limits';
import { toolError, type ToolContent, type ToolRunResult } from '../tools/tool-types';

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

export function mcpResultToToolResult(
  result: McpCallResult,
  durationMs: number,
  maxChars: number = TOOL_LIMITS.maxOutputChars,
): ToolRunResult {
  const reader = new BlockReader();
  const parts = (result.content ?? []).map((block) => reader.describe(block));
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  if (parts.length === 0 && result.toolResult !== undefined)
    parts.push(typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult, null, 2));

  const capped = capOutput(parts.join('\n'), maxChars);
  const extras: Pick<ToolRunResult, 'details' | 'content'> = {};
  if (capped.truncated) extras.details = { truncated: true, totalChars: capped.totalChars };
  if (reader.content.length > 0) extras.content = reader.content;

  if (result.isError === true) {
    const message = capped.text.trim() === '' ? 'the tool reported an error without a message' : firstLine(capped.text);
    return {
      status: 'error',
      output: capped.text,
      error: toolError('tool_failed', message, { reportedByTool: true }),
      durationMs,
      ...extras,
    };
  }
  return { status: 'ok', output: capped.text, durationMs, ...extras };
}

/** Reads blocks in order, numbering images and audio as the model's notes name them, within one step's budget. */
class BlockReader {
  readonly content: ToolContent[] = [];
  private readonly budget = new ContentBudget();
  private images = 0;
  private audio = 0;

  describe(block: McpContentBlock): string {
    switch (block.type) {
      case 'text':
        return String((block as { text: unknown }).text ?? '');
      case 'image':
      case 'audio': {
        const kind = block.type;
        const { data, mimeType } = block as { data: string; mimeType: string };
        const type =
          isMimeType(mimeType) && mimeType.toLowerCase().startsWith(`${kind}/`) ? mimeType : `${kind}/unknown`;
        const bytes = base64Bytes(String(data ?? ''));
        const kept = type !== `${kind}/unknown` && this.keep(bytes);
        this.add({
          kind,
          mimeType: type,
          bytes,
          dataUrl: kept ? `data:${type};base64,${String(data).replace(/\s/g, '')}` : null,
        });
        const n = kind === 'image' ? ++this.images : ++this.audio;
        return `[${kind} ${n}: ${type}, ${formatBytes(bytes)}${kept ? '' : '; too large to keep, dropped'}]`;
      }
      case 'resource': {
        const resource = (block as { resource: { uri: string; mimeType?: string; text?: string; blob?: string } })
          .resource ?? { uri: '' };
        const uri = String(resource.uri ?? '');
        const declared = isMimeType(resource.mimeType) ? resource.mimeType : null;
        if (typeof resource.text === 'string') {
          const bytes = new TextEncoder().encode(resource.text).length;
          const shown = resource.text.slice(0, MAX_RESOURCE_TEXT_CHARS);
          this.add(
            this.keep(shown.length)
              ? { kind: 'resource', uri, mimeType: declared, bytes, text: shown }
              : { kind: 'resource', uri, mimeType: declared, bytes, dataUrl: null },
          );
          return `[resource ${uri}]\n${resource.text}`;
        }
        const blob = typeof resource.blob === 'string' ? resource.blob : '';
        const bytes = base64Bytes(blob);
        const mimeType = declared ?? 'application/octet-stream';
        const kept = this.keep(bytes);
        this.add({
          kind: 'resource',
          uri,
          mimeType,
          bytes,
          dataUrl: kept ? `data:${mimeType};base64,${blob.replace(/\s/g, '')}` : null,
        });
        return `[resource ${uri} (${mimeType}, ${formatBytes(bytes)}); binary, not shown${kept ? '' : '; too large to keep, dropped'}]`;
      }
      case 'resource_link': {
        const link = block as { uri: string; name?: string; description?: string; mimeType?: string };
        this.add({
          kind: 'resource_link',
          uri: String(link.uri ?? ''),
          name: link.name ?? null,
          description: link.description ?? null,
          mimeType: isMimeType(link.mimeType) ? link.mimeType : null,
        });
        return `[resource link ${link.name ? `${link.name}: ` : ''}${link.uri}]${link.description ? ` ${link.description}` : ''}`;
      }
      default:
        return `[${block.type} content, not shown]`;
    }
  }

  private keep(bytes: number): boolean {
    return this.content.length < MAX_CONTENT_ITEMS && this.budget.take(bytes);
  }

  private add(item: ToolContent): void {
    if (this.content.length < MAX_CONTENT_ITEMS) this.content.push(item);
  }
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}
