// One exchange in a history store as the chat saves it: a question, then an
// answer streamed and ended, in a new conversation unless one is given.
import type { ConversationMeta } from '@shared/history/types';
import type { storeOn } from './helpers';

export const endpoint = { kind: 'local' as const, baseUrl: 'http://127.0.0.1:8080', model: 'tiny' };

export async function chat(
  store: ReturnType<typeof storeOn>['store'],
  question: string,
  answer: string,
  parentId: string | null = null,
  conversation?: ConversationMeta,
) {
  const meta =
    conversation ??
    (await store.create({ endpoint, systemPrompt: 'Be kind.', sampling: { temperature: 0.5 }, nCtx: 2048, slotId: 1 }));
  const user = await store.appendMessage(meta.id, { parentId, role: 'user', content: question });
  const streamed = await store.beginStream(meta.id, { parentId: user.id, role: 'assistant', content: '' });
  store.updateStream(meta.id, streamed.id, { content: answer.slice(0, 3), reasoning: 'thinking' });
  const final = await store.endStream(meta.id, streamed.id, { content: answer, timings: { predicted_n: 5 } });
  return { meta, user, answer: final };
}
