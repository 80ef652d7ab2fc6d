// The knowledge module when the knowledge base could not be opened (its database
// or its folder failed): the app starts without it, a notice says why once, every
// knowledge:* call answers that reason, the `knowledge` tool is not offered and a
// chat goes without passages.
import type { EventName, EventPayloads, InvokeHandlers } from '@shared/contract';
import type { ChatSendInput } from '@shared/chat/schemas';
import { AppFailure } from '@shared/errors';
import { knowledgeChannels } from '@shared/knowledge/knowledge-contract';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import type { ToolProvider } from '../tools/tool-registry';
import type { Embedder } from './embedder';
import type { KnowledgeService } from './knowledge-service';

type KnowledgeChannel = keyof typeof knowledgeChannels;

/** What the core gets from openKnowledge. */
export interface KnowledgeModule {
  handlers: Pick<InvokeHandlers, KnowledgeChannel>;
  toolProvider: ToolProvider;
  augmentChat(input: ChatSendInput): Promise<ChatSendInput>;
  withKnowledge(input: ChatSendInput): Promise<{ input: ChatSendInput; citations: KnowledgeHit[] }>;
  /** settings.knowledge changed: a queue waiting for an embedder goes on with the new one */
  settingsChanged(): void;
  /** null when the knowledge base could not be opened */
  service: KnowledgeService | null;
  embedder: Embedder;
  dispose(): Promise<void>;
}

export function unavailableKnowledge(
  cause: Error,
  embedder: Embedder,
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void,
): KnowledgeModule {
  const message = `The knowledge base could not be opened (${cause.message}); EVA started without it. Check that the data folder is writable, then restart EVA.`;
  emit('app:notice', { level: 'error', code: 'knowledge_unavailable', message, details: { error: cause.message } });
  const refuse = async (): Promise<never> => {
    throw new AppFailure('internal', message, { reason: 'knowledge_unavailable' });
  };
  const handlers = Object.fromEntries(
    Object.keys(knowledgeChannels).map((channel) => [channel, refuse]),
  ) as unknown as KnowledgeModule['handlers'];
  return {
    handlers,
    toolProvider: { descriptors: () => [], run: refuse },
    augmentChat: async (input) => input,
    withKnowledge: async (input) => ({ input, citations: [] }),
    settingsChanged: () => {},
    service: null,
    embedder,
    dispose: () => embedder.stop(),
  };
}
