// What a server's prompt or resource brings into a message, once the core has
// read it: text, images and audio the composer can take, or a note saying why a
// piece was left out (binary data it cannot show the model, or too large). The
// core decodes and caps; the renderer only places the pieces into the draft.

/** Text past this is not put into a message: it would fill a small model's context on its own. */
export const MAX_MCP_TEXT_CHARS = 256 * 1024;
/** Images and audio as large as a file attachment may be (attachments.ts). */
export const MAX_MCP_MEDIA_BYTES = 20 * 1024 * 1024;

/** One piece of a prompt message or of a read resource. */
export type McpContentPart =
  /** the prompt's own words */
  | { kind: 'text'; text: string }
  /** a text resource (embedded in a prompt, or read): quoted in the message with where it came from */
  | { kind: 'resource-text'; uri: string; mimeType: string; text: string }
  | { kind: 'image'; uri: string | null; mimeType: string; dataUrl: string; bytes: number }
  /** `format` as `input_audio` wants it: wav, mp3, ogg, flac */
  | { kind: 'audio'; uri: string | null; mimeType: string; dataUrl: string; bytes: number; format: string }
  /** a `resource_link`: the server names a resource without sending it */
  | { kind: 'link'; uri: string; name: string; mimeType: string | null }
  /** left out: binary the model cannot read, or over the cap; `size` and `limit` are counted in `unit` */
  | {
      kind: 'skipped';
      reason: 'binary' | 'too_large';
      uri: string | null;
      mimeType: string | null;
      size: number;
      unit: 'chars' | 'bytes';
      limit: number | null;
    };

/** The MCP content types the core reads: text/*, JSON, XML, YAML and friends are text; anything else binary. */
export function isTextMime(mimeType: string | null | undefined): boolean {
  if (!mimeType) return false;
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    /\+(json|xml|yaml)$/.test(type) ||
    [
      'application/json',
      'application/xml',
      'application/javascript',
      'application/x-javascript',
      'application/yaml',
      'application/x-yaml',
      'application/toml',
      'application/sql',
      'application/graphql',
      'application/x-sh',
      'image/svg+xml',
    ].includes(type)
  );
}

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif', 'image/bmp']);
const AUDIO_FORMATS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};

/** The image types the composer attaches (attachments.ts), by MIME type. */
export function isAttachableImage(mimeType: string | null | undefined): boolean {
  return IMAGE_MIMES.has((mimeType ?? '').toLowerCase());
}

/** `input_audio`'s format for an audio MIME type, or null when the composer does not take it. */
export function audioFormatOf(mimeType: string | null | undefined): string | null {
  return AUDIO_FORMATS[(mimeType ?? '').toLowerCase()] ?? null;
}
