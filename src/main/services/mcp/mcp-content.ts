// The pieces of a prompt message or a read resource, as MCP sends them, turned
// into what a message can carry (shared/mcp/mcp-content.ts): text as text, a
// text resource sent as base64 decoded, images and audio as data URLs, and the
// rest (binary the model cannot read, or over the caps) named and left out.
import {
  audioFormatOf,
  isAttachableImage,
  isTextMime,
  MAX_MCP_MEDIA_BYTES,
  MAX_MCP_TEXT_CHARS,
  type McpContentPart,
} from '@shared/mcp/mcp-content';

/** `resources/read` contents, and a prompt's embedded `resource`. */
export interface McpResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** One content block of a prompt message (text, image, audio, resource, resource_link). */
export function promptContentPart(content: unknown): McpContentPart {
  const block = (content ?? {}) as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      return capText({ kind: 'text', text: String(block.text ?? '') }, null, null);
    case 'image':
    case 'audio':
      return mediaPart(String(block.data ?? ''), typeof block.mimeType === 'string' ? block.mimeType : null, null);
    case 'resource':
      return resourcePart((block.resource ?? {}) as McpResourceContents);
    case 'resource_link':
      return {
        kind: 'link',
        uri: String(block.uri ?? ''),
        name: String(block.name ?? block.uri ?? ''),
        mimeType: typeof block.mimeType === 'string' ? block.mimeType : null,
      };
    default:
      return {
        kind: 'skipped',
        reason: 'binary',
        uri: null,
        mimeType: typeof block.type === 'string' ? block.type : null,
        size: 0,
        unit: 'bytes',
        limit: null,
      };
  }
}

/** One entry of a resource's contents. */
export function resourcePart(resource: McpResourceContents): McpContentPart {
  const uri = String(resource.uri ?? '');
  const mimeType = typeof resource.mimeType === 'string' && resource.mimeType !== '' ? resource.mimeType : null;
  if (typeof resource.text === 'string')
    return capText(
      { kind: 'resource-text', uri, mimeType: mimeType ?? 'text/plain', text: resource.text },
      uri,
      mimeType,
    );
  const blob = typeof resource.blob === 'string' ? resource.blob : '';
  // Text sent as base64 is still text; its cap is in bytes, checked before decoding so a huge blob never becomes a
  // string.
  if (isTextMime(mimeType)) {
    const bytes = base64Bytes(blob);
    if (bytes > MAX_MCP_TEXT_CHARS)
      return {
        kind: 'skipped',
        reason: 'too_large',
        uri,
        mimeType,
        size: bytes,
        unit: 'bytes',
        limit: MAX_MCP_TEXT_CHARS,
      };
    return {
      kind: 'resource-text',
      uri,
      mimeType: mimeType ?? 'text/plain',
      text: Buffer.from(blob, 'base64').toString('utf8'),
    };
  }
  return mediaPart(blob, mimeType, uri);
}

function mediaPart(data: string, mimeType: string | null, uri: string | null): McpContentPart {
  const bytes = base64Bytes(data);
  const format = audioFormatOf(mimeType);
  if (!isAttachableImage(mimeType) && format === null)
    return { kind: 'skipped', reason: 'binary', uri, mimeType, size: bytes, unit: 'bytes', limit: null };
  if (bytes > MAX_MCP_MEDIA_BYTES)
    return {
      kind: 'skipped',
      reason: 'too_large',
      uri,
      mimeType,
      size: bytes,
      unit: 'bytes',
      limit: MAX_MCP_MEDIA_BYTES,
    };
  const dataUrl = `data:${mimeType};base64,${data}`;
  return format === null
    ? { kind: 'image', uri, mimeType: mimeType ?? '', dataUrl, bytes }
    : { kind: 'audio', uri, mimeType: mimeType ?? '', dataUrl, bytes, format };
}

function capText<P extends Extract<McpContentPart, { kind: 'text' | 'resource-text' }>>(
  part: P,
  uri: string | null,
  mimeType: string | null,
): P | McpContentPart {
  if (part.text.length <= MAX_MCP_TEXT_CHARS) return part;
  return {
    kind: 'skipped',
    reason: 'too_large',
    uri,
    mimeType: mimeType ?? 'text/plain',
    size: part.text.length,
    unit: 'chars',
    limit: MAX_MCP_TEXT_CHARS,
  };
}

/** Decoded size of base64 text, without decoding it. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/[^A-Za-z0-9+/=_-]/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}
