// What a server's prompt or resource adds to the draft: its words into the
// message box, text resources quoted below them with where they came from,
// images and audio as attachments; what cannot go (binary data, over the cap,
// media the model cannot take) is listed, never dropped in silence.
import type { ServerProps } from '@shared/contract';
import type { McpContentPart } from '@shared/mcp/mcp-content';
import type { Attachment } from './attachments';
import type { Draft } from './chat-store-types';

/** One piece left out, with what the message needs to say why. */
export interface LeftOut {
  name: string;
  reason: 'binary' | 'too_large' | 'no_vision' | 'no_audio';
  mimeType: string | null;
  size: number;
  unit: 'chars' | 'bytes';
  limit: number | null;
}

export interface DraftAddition {
  text: string;
  attachments: Attachment[];
  leftOut: LeftOut[];
}

/** The pieces as draft text and attachments; `props` (the local server's) decides whether images and audio can go. */
export function draftAddition(
  parts: readonly McpContentPart[],
  newId: () => string,
  props: Pick<ServerProps, 'vision' | 'audio'> | null,
): DraftAddition {
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  const leftOut: LeftOut[] = [];
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        if (part.text.trim() !== '') texts.push(part.text);
        break;
      case 'resource-text':
        texts.push(quoteResource(part.uri, part.mimeType, part.text));
        break;
      case 'link':
        texts.push(`${part.name}: ${part.uri}`);
        break;
      case 'image':
      case 'audio': {
        const name = nameOf(part.uri, part.kind);
        if (props && !props[part.kind === 'image' ? 'vision' : 'audio']) {
          leftOut.push({
            name,
            reason: part.kind === 'image' ? 'no_vision' : 'no_audio',
            mimeType: part.mimeType,
            size: part.bytes,
            unit: 'bytes',
            limit: null,
          });
          break;
        }
        attachments.push({
          id: newId(),
          kind: part.kind,
          name,
          dataUrl: part.dataUrl,
          format: part.kind === 'audio' ? part.format : '',
          size: part.bytes,
        });
        break;
      }
      case 'skipped':
        leftOut.push({
          name: nameOf(part.uri, part.mimeType ?? 'data'),
          reason: part.reason,
          mimeType: part.mimeType,
          size: part.size,
          unit: part.unit,
          limit: part.limit,
        });
        break;
    }
  }
  return { text: texts.join('\n\n'), attachments, leftOut };
}

/** A text resource as a quoted block: its address, then the text in a fence no line inside it can close. */
export function quoteResource(uri: string, mimeType: string, text: string): string {
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longestRun + 1);
  const language = mimeType === 'text/markdown' ? 'markdown' : mimeType === 'application/json' ? 'json' : '';
  return `${uri}\n${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/** The draft with the addition: its text after what was typed (or instead of it), its attachments after the others. */
export function withAddition(draft: Draft, addition: DraftAddition, replaceText = false): Draft {
  const typed = replaceText ? '' : draft.text.trimEnd();
  const text = typed === '' ? addition.text : addition.text === '' ? draft.text : `${typed}\n\n${addition.text}`;
  return { text, attachments: [...draft.attachments, ...addition.attachments] };
}

/** The last part of a URI's path, else the URI itself ("demo://x/logo.png" → "logo.png"). */
function nameOf(uri: string | null, fallback: string): string {
  if (!uri) return fallback;
  const last =
    uri
      .replace(/[?#].*$/, '')
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
