// Images and audio attached to a user message, and how they become OpenAI
// content parts: images as `image_url` data URLs, audio as `input_audio`
// (base64 without the data-URL prefix, plus its format).
import type { ContentPart } from '@shared/chat/types';
import type { ServerProps } from '@shared/contract';

export type AttachmentKind = 'image' | 'audio';

export interface Attachment {
  id: string;
  kind: AttachmentKind;
  name: string;
  /** data:<mime>;base64,<data> */
  dataUrl: string;
  /** for audio: wav, mp3, ogg or flac */
  format: string;
  size: number;
  /** a screenshot's pixel size, and the screen's (or region's) size before downscaling */
  image?: { width: number; height: number; originalWidth: number; originalHeight: number };
}

/** Bigger files would make a request of tens of MB; the contract allows 64 MB per part. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

const IMAGE_TYPES = /^image\/(png|jpe?g|webp|gif|bmp)$/i;
const IMAGE_EXT = /\.(png|jpe?g|webp|gif|bmp)$/i;
const AUDIO_FORMATS: Record<string, string> = {
  wav: 'wav',
  wave: 'wav',
  'x-wav': 'wav',
  mpeg: 'mp3',
  mp3: 'mp3',
  ogg: 'ogg',
  flac: 'flac',
  'x-flac': 'flac',
};
const AUDIO_EXT = /\.(wav|mp3|ogg|oga|flac)$/i;

/** What a file is to the chat, by MIME type, else by extension; null when we do not take it. */
export function classifyFile(name: string, mime: string): { kind: AttachmentKind; format: string } | null {
  if (IMAGE_TYPES.test(mime) || (mime === '' && IMAGE_EXT.test(name))) return { kind: 'image', format: '' };
  const sub = /^audio\/([\w.+-]+)$/i.exec(mime)?.[1]?.toLowerCase();
  if (sub !== undefined && AUDIO_FORMATS[sub]) return { kind: 'audio', format: AUDIO_FORMATS[sub] };
  const ext = AUDIO_EXT.exec(name)?.[1]?.toLowerCase();
  if (ext !== undefined) return { kind: 'audio', format: ext === 'oga' ? 'ogg' : ext };
  if (IMAGE_EXT.test(name) && mime === 'application/octet-stream') return { kind: 'image', format: '' };
  return null;
}

export type AttachVerdict = 'ok' | 'no_vision' | 'no_audio' | 'too_large' | 'unsupported';

/**
 * Whether a file may be attached. The local server says what it takes (`chat:props`);
 * for a link endpoint, or before props are known, we let the server decide.
 */
export function attachVerdict(
  file: { name: string; type: string; size: number },
  props: Pick<ServerProps, 'vision' | 'audio'> | null,
): AttachVerdict {
  const kind = classifyFile(file.name, file.type);
  if (!kind) return 'unsupported';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'too_large';
  if (props && kind.kind === 'image' && !props.vision) return 'no_vision';
  if (props && kind.kind === 'audio' && !props.audio) return 'no_audio';
  return 'ok';
}

/** The base64 payload of a data URL. */
export function dataUrlPayload(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? '' : dataUrl.slice(comma + 1);
}

/** The user's text and attachments as message content: a plain string when there is nothing attached. */
export function toContent(text: string, attachments: readonly Attachment[]): string | ContentPart[] {
  if (attachments.length === 0) return text;
  const parts: ContentPart[] = [];
  if (text.trim() !== '') parts.push({ type: 'text', text });
  for (const attachment of attachments) {
    if (attachment.kind === 'image') parts.push({ type: 'image_url', image_url: { url: attachment.dataUrl } });
    else
      parts.push({
        type: 'input_audio',
        input_audio: { data: dataUrlPayload(attachment.dataUrl), format: attachment.format },
      });
  }
  return parts;
}

/** Media parts of a message, for thumbnails in the list. */
export interface MediaPart {
  kind: AttachmentKind;
  /** the image's data URL; '' for audio, which the page's CSP will not play from data: */
  src: string;
  format: string;
}

export function mediaOf(content: string | readonly ContentPart[]): MediaPart[] {
  if (typeof content === 'string') return [];
  return content.flatMap((part): MediaPart[] =>
    part.type === 'image_url'
      ? [{ kind: 'image', src: part.image_url.url, format: '' }]
      : part.type === 'input_audio'
        ? [{ kind: 'audio', src: '', format: part.input_audio.format }]
        : [],
  );
}

/** Read a File as a data URL (the browser's FileReader). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}
