// A chat record as the renderer sends it with a question, numbered for inbox tests.
import type { ChatRecord } from '@shared/chat/schemas';

export const heldRecord = (n: number, patch: Partial<ChatRecord> = {}): ChatRecord => ({
  conversationId: `conv-${n}`,
  parentId: null,
  answerId: `a${n}`,
  question: { id: `q${n}`, content: `question ${n}` },
  create: { systemPrompt: 'be brief' },
  ...patch,
});
