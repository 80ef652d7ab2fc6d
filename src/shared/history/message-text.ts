// Plain text views of a message: what search indexes, what the list previews,
// what a default title is made of. Attachments contribute no text (a base64
// image is not something anyone searches for).
import type { MessageContent, StoredMessage } from './types';

export function contentText(content: MessageContent): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (const part of content) {
    if (part.type === 'text') text += text ? `\n${part.text}` : part.text;
  }
  return text;
}

/** Everything of a message a user might search for: the answer, its thinking, tool call arguments. */
export function searchableText(message: StoredMessage): string {
  let text = contentText(message.content);
  if (message.reasoning) text += `\n${message.reasoning}`;
  for (const call of message.toolCalls ?? []) text += `\n${call.function.name} ${call.function.arguments}`;
  return text;
}

/** First non-blank line, whitespace collapsed, cut to `max` characters with an ellipsis. */
export function firstLine(text: string, max: number): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const collapsed = line.trim().replace(/\s+/g, ' ');
  if (collapsed.length <= max) return collapsed;
  // Do not cut a surrogate pair in half.
  let cut = max - 1;
  const code = collapsed.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${collapsed.slice(0, cut)}…`;
}

export const PREVIEW_CHARS = 120;
export const TITLE_CHARS = 60;

/** The first user message of the conversation (in write order), if any. */
export function firstUserMessage(messages: Iterable<StoredMessage>): StoredMessage | undefined {
  for (const message of messages) if (message.role === 'user') return message;
  return undefined;
}

export function previewOf(messages: Iterable<StoredMessage>): string {
  const first = firstUserMessage(messages);
  return first ? firstLine(contentText(first.content), PREVIEW_CHARS) : '';
}

/** The title a conversation gets from its first user message until someone renames it. */
export function defaultTitle(text: string): string {
  return firstLine(text, TITLE_CHARS);
}
