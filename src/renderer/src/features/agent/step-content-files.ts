// What the step card does with a tool's binary content: data URLs decoded
// by hand (the page's CSP allows no fetch of data: URLs), saved through a Blob
// behind a temporary, detached link (Electron shows its save dialog, a browser
// saves to Downloads), and file names made from what the content says it is.
import type { ToolContent } from '@shared/tools/tool-types';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
};

/** The bytes of a `data:…;base64,` URL. */
export function dataUrlBytes(dataUrl: string): Uint8Array<ArrayBuffer> {
  const comma = dataUrl.indexOf(',');
  const binary = atob(comma === -1 ? '' : dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A base64 data URL's bytes read as UTF-8 text (a blob the server labelled text/plain, say). */
export function dataUrlText(dataUrl: string): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(dataUrlBytes(dataUrl));
}

/** A name to save an item under: the resource's own last path segment when it has one, else `<kind>-<n>.<ext>`. */
export function contentFileName(item: ToolContent, index: number): string {
  const mimeType = item.mimeType ?? '';
  const extension = EXTENSIONS[mimeType.toLowerCase()] ?? (mimeType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin');
  if (item.kind === 'resource' || item.kind === 'resource_link') {
    const last = safeName(decodeSegment(item.uri.split(/[?#]/, 1)[0]?.split('/').filter(Boolean).at(-1) ?? ''));
    if (last !== '' && !/^[a-z]+:$/i.test(last)) return /\.[a-z0-9]{1,8}$/i.test(last) ? last : `${last}.${extension}`;
    return `resource-${index + 1}.${extension}`;
  }
  return `${item.kind}-${index + 1}.${extension}`;
}

export function saveDataUrl(dataUrl: string, fileName: string, doc: Document = document): void {
  const comma = dataUrl.indexOf(',');
  const type = dataUrl.slice(5, comma === -1 ? 5 : comma).replace(/;base64$/, '');
  const url = URL.createObjectURL(new Blob([dataUrlBytes(dataUrl)], { type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  // Clicked without joining the document: the page-wide outbound-link guard (a capture
  // listener on the document) would otherwise take the click for a link to confirm.
  link.click();
  // Revoked later: some engines read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `service@tool` → `service`; built-in tools have no server. */
export function serverOfTool(tool: string | null): string | null {
  if (!tool) return null;
  const at = tool.indexOf('@');
  return at > 0 ? tool.slice(0, at) : null;
}

/** Text-like types whose bytes can be shown rather than saved. */
export function isTextType(mimeType: string | null): boolean {
  if (!mimeType) return false;
  const type = mimeType.split(';', 1)[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    /\+(json|xml|yaml)$/.test(type) ||
    [
      'application/json',
      'application/xml',
      'application/yaml',
      'application/x-yaml',
      'application/javascript',
      'application/toml',
    ].includes(type)
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// No path separators, control characters or characters Windows refuses in a name.
function safeName(name: string): string {
  const cleaned = [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('');
  return cleaned.replace(/^\.+/, '').slice(0, 120);
}
