// Puts a picture into a conversation as an answer carrying the image (see
// shared/images/chat-image.ts), creating the conversation when there is none
// yet. The history announces the change; the page then reopens it.
import type { ChatImage } from '@shared/images/chat-image';
import { chatImageText, MAX_CHAT_IMAGE_BYTES } from '@shared/images/chat-image';
import type { GeneratedImage } from '@shared/images/image-types';
import type { ConversationMeta, NewConversation, NewMessage, StoredMessage } from '@shared/history/types';

export interface ChatHistory {
  create(init: NewConversation): Promise<ConversationMeta>;
  appendMessage(conversationId: string, message: NewMessage): Promise<StoredMessage>;
}

export async function postImageToChat(
  history: ChatHistory,
  image: GeneratedImage,
  where: { conversationId: string | null; parentId: string | null },
): Promise<{ conversationId: string; messageId: string }> {
  const conversationId =
    where.conversationId ?? (await history.create({ title: image.record.params.prompt.slice(0, 80) })).id;
  const extra: { image: ChatImage } = {
    image: { record: image.record, dataUrl: image.record.bytes <= MAX_CHAT_IMAGE_BYTES ? image.dataUrl : null },
  };
  const message = await history.appendMessage(conversationId, {
    parentId: where.conversationId === null ? null : where.parentId,
    role: 'assistant',
    content: chatImageText(image.record),
    extra,
  });
  return { conversationId, messageId: message.id };
}
