// The composer's knowledge toggle: which sends look passages up, and with what
// text. Only a plain chat does (a completion has no question), and it asks with
// its last user message. The core and the in-memory platform both ask this one function.
import type { ChatSendInput } from '../chat/schemas';
import type { ChatMessage } from '../chat/types';

/** The question a send looks knowledge up with; null: the toggle is off, it is no plain chat, or it asks nothing. */
export function knowledgeQuestion(
  input: ChatSendInput,
  settings: { knowledge: { useInChat: boolean } },
): string | null {
  if (input.mode !== 'chat' || !settings.knowledge.useInChat) return null;
  const question = lastUserText(input.messages);
  return question === '' ? null : question;
}

/** The text of the last user message, its parts' texts joined; '' when there is none. */
function lastUserText(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content.trim();
    return message.content
      .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
      .join(' ')
      .trim();
  }
  return '';
}
