// The limits and checks of what tools return besides text (ToolContent). A
// step is saved whole in the history and pushed to every page, so binary data
// is capped per item and per step; what is over is dropped with its size kept,
// and the card says so. Saved steps come back from files an import may have
// crafted: `shownContent` keeps only items the step card can show safely.
import type { ToolContent } from './tool-types';

/** One image, audio clip or binary resource larger than this is dropped (its type and size are kept). */
export const MAX_CONTENT_ITEM_BYTES = 4 * 1024 * 1024;
/** All binary data of one step together; items past it are dropped. */
export const MAX_STEP_CONTENT_BYTES = 8 * 1024 * 1024;
/**
 * All of one run's steps together: the run's result and a reopened conversation cross the
 * browser host's WebSocket as one frame (64 MB), and every page holds them in memory.
 */
export const MAX_RUN_CONTENT_BYTES = 16 * 1024 * 1024;
/** The text of an embedded resource kept for the step card (the model's copy is capped with the output). */
export const MAX_RESOURCE_TEXT_CHARS = 256 * 1024;
/** Content items kept per step; a tool answering with thousands of links gets the first ones shown. */
export const MAX_CONTENT_ITEMS = 100;

/** Image types a vision model takes as `image_url` parts. */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif']);

export function isModelImageType(mimeType: string): boolean {
  return MODEL_IMAGE_TYPES.has(mimeType.toLowerCase());
}

/** Decoded size of base64 text, without decoding it. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Hands out the per-step budget in the order items arrive. */
export class ContentBudget {
  private used = 0;

  constructor(
    private readonly perItem: number = MAX_CONTENT_ITEM_BYTES,
    private readonly perStep: number = MAX_STEP_CONTENT_BYTES,
  ) {}

  /** true when `bytes` more may be kept (and counts them) */
  take(bytes: number): boolean {
    if (bytes > this.perItem || this.used + bytes > this.perStep) return false;
    this.used += bytes;
    return true;
  }
}

/** The content with data past the budget dropped (type and size kept), in order. */
export function keepWithin(content: readonly ToolContent[], budget: ContentBudget): ToolContent[] {
  return content.map((item) => {
    if (item.kind === 'resource_link') return item;
    if (item.kind === 'resource' && item.text !== undefined) {
      if (budget.take(item.text.length)) return item;
      const { text: _dropped, ...rest } = item;
      return { ...rest, dataUrl: null };
    }
    if (item.dataUrl === null || item.dataUrl === undefined) return item;
    return budget.take(item.bytes) ? item : { ...item, dataUrl: null };
  });
}

// A MIME type as it may appear inside a data URL: no spaces, quotes or angle brackets.
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isMimeType(value: unknown): value is string {
  return typeof value === 'string' && MIME.test(value);
}

/** `data:<mimeType>;base64,<data>` for exactly this type, or false. */
export function isDataUrlOf(value: unknown, mimeType: string): value is string {
  if (typeof value !== 'string') return false;
  const prefix = `data:${mimeType};base64,`;
  return value.startsWith(prefix) && BASE64.test(value.slice(prefix.length));
}

/** The items of a saved or received step the card may show: well-formed, data URLs of their own declared type. */
export function shownContent(value: unknown): ToolContent[] {
  if (!Array.isArray(value)) return [];
  const out: ToolContent[] = [];
  for (const item of value.slice(0, MAX_CONTENT_ITEMS)) {
    const shown = shownItem(item);
    if (shown) out.push(shown);
  }
  return out;
}

function shownItem(item: unknown): ToolContent | null {
  if (typeof item !== 'object' || item === null) return null;
  const value = item as Record<string, unknown>;
  const bytes = typeof value.bytes === 'number' && Number.isFinite(value.bytes) && value.bytes >= 0 ? value.bytes : 0;
  const text = (key: string): string | null => (typeof value[key] === 'string' ? (value[key] as string) : null);
  switch (value.kind) {
    case 'image':
    case 'audio': {
      const mimeType = value.mimeType;
      if (!isMimeType(mimeType) || !mimeType.toLowerCase().startsWith(`${value.kind}/`)) return null;
      const dataUrl = isDataUrlOf(value.dataUrl, mimeType) ? value.dataUrl : null;
      return { kind: value.kind, mimeType, bytes, dataUrl };
    }
    case 'resource': {
      const uri = text('uri');
      if (uri === null) return null;
      const mimeType = isMimeType(value.mimeType) ? value.mimeType : null;
      const shown: ToolContent = { kind: 'resource', uri, mimeType, bytes };
      if (typeof value.text === 'string') shown.text = value.text.slice(0, MAX_RESOURCE_TEXT_CHARS);
      else shown.dataUrl = mimeType !== null && isDataUrlOf(value.dataUrl, mimeType) ? value.dataUrl : null;
      return shown;
    }
    case 'resource_link': {
      const uri = text('uri');
      if (uri === null) return null;
      return {
        kind: 'resource_link',
        uri,
        name: text('name'),
        description: text('description'),
        mimeType: isMimeType(value.mimeType) ? value.mimeType : null,
      };
    }
    default:
      return null;
  }
}
