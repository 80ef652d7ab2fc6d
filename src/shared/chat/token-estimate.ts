// A prompt's size when no tokenizer can be asked (hosted APIs, or the local
// server before it answers): chars/3.5 of the text plus a guess per image or
// audio part. The core's `chat:count-tokens` and the renderer's budget agree on it.
import type { ChatMessage } from './types';

/** Characters per token when nothing better is known (mixed English, Chinese and code). */
export const CHARS_PER_TOKEN = 3.5;
/** Template tokens around each message (role markers, separators). */
export const PER_MESSAGE_TOKENS = 4;
/** Image and audio token counts depend on the projector; these are middle-of-the-road guesses. */
export const IMAGE_TOKENS = 768;
export const AUDIO_TOKENS = 512;

/** Tokens of a message's images and audio (the guesses above). */
export function estimateMediaTokens(content: ChatMessage['content']): number {
  if (typeof content === 'string') return 0;
  return content.reduce(
    (sum, part) => sum + (part.type === 'image_url' ? IMAGE_TOKENS : part.type === 'text' ? 0 : AUDIO_TOKENS),
    0,
  );
}

/** chars/3.5 of the text, plus a guess per image or audio part, plus the template's markers. */
export function estimateMessageTokens(message: Pick<ChatMessage, 'content'>): number {
  const text =
    typeof message.content === 'string'
      ? message.content
      : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n');
  return Math.ceil(text.length / CHARS_PER_TOKEN) + estimateMediaTokens(message.content) + PER_MESSAGE_TOKENS;
}
