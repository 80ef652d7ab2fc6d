// Optional background naming of a conversation by the model, after its first
// answer (EVA names conversations by their first question; this is the
// "renamed by the model" setting). It never overrides a title the user typed.
import type { ChatSendInput } from '@shared/chat/schemas';
import { stripThinkBlocks } from '@shared/chat/think-tags';
import type { ChatResult } from '@shared/contract';
import { contentText, defaultTitle, TITLE_CHARS } from '@shared/history/message-text';
import { storedContent } from './chat-recorder';
import type { HistoryStore } from './history-store';

const TITLE_PROMPT =
  'Write a title of at most six words for a conversation that begins with the message below. Reply with the title only, in the language of the message.';

/**
 * The model's reply as a title: first non-empty line, no quotes, "Title:" prefix or trailing period; '' when nothing
 * usable is left.
 */
export function cleanTitle(reply: string): string {
  const line = stripThinkBlocks(reply)
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return '';
  const bare = line
    .replace(/^(?:#+\s*)?(?:title|标题)\s*[:：]\s*/i, '')
    .replace(/^["'“”‘’«»*`]+|["'“”‘’«»*`]+$/g, '')
    .replace(/[.。]+$/, '')
    .trim();
  return bare.length > TITLE_CHARS ? `${bare.slice(0, TITLE_CHARS - 1).trimEnd()}…` : bare;
}

/** How a title is asked for: the chat area's own send. */
export type TitleSend = (input: ChatSendInput) => Promise<ChatResult>;

export interface AutoTitleDeps {
  history: HistoryStore;
  send: TitleSend;
  enabled: () => boolean;
  onRenamed: (conversationId: string) => void;
}

/** After a recorded first exchange: ask for a title and apply it unless the user renamed the conversation meanwhile. */
export async function nameConversation(
  deps: AutoTitleDeps,
  input: ChatSendInput,
  result: ChatResult,
): Promise<string | null> {
  if (
    input.mode !== 'chat' ||
    !input.record?.question ||
    input.record.parentId !== null ||
    result.status !== 'done' ||
    !deps.enabled()
  )
    return null;
  const { conversationId } = input.record;
  const question = contentText(storedContent(input.record.question.content));
  const reply = await deps.send({
    mode: 'chat',
    requestId: `title-${conversationId}`,
    endpoint: input.endpoint,
    systemPrompt: TITLE_PROMPT,
    messages: [{ role: 'user', content: question.slice(0, 4000) }],
    sampling: { max_tokens: 32, temperature: 0.2 },
    idSlot: null,
  });
  const title = cleanTitle(reply.content);
  if (title === '' || reply.status !== 'done') return null;
  const { meta } = await deps.history.open(conversationId);
  if (meta.title !== defaultTitle(question)) return null;
  await deps.history.rename(conversationId, title);
  deps.onRenamed(conversationId);
  return title;
}
