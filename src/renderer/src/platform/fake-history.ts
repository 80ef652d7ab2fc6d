// The history channels of the in-memory platform: conversations held in a Map,
// with the same tree rules as the real store (shared/history/tree.ts), so the
// chat store's branch logic is testable without a core. Durability is the real
// store's business and is tested there.
import type { ChatRecord } from '@shared/chat/schemas';
import type { ChatResult, InvokeChannel } from '@shared/contract';
import { conversationsToMarkdown } from '@shared/history/markdown';
import { contentText, defaultTitle, previewOf } from '@shared/history/message-text';
import { parseImport, toExportJson } from '@shared/history/transfer';
import { buildTree, newestLeafUnder, pathTo, resolveActiveLeaf } from '@shared/history/tree';
import type { CheckpointKeeper } from '@shared/chat/compaction';
import { checkpointInPlace, coverOf, holdingCheckpoints } from '@shared/history/checkpoints';
import {
  HISTORY_FORMAT_VERSION,
  type ConversationMeta,
  type ConversationSummary,
  type StoredMessage,
  type SummaryCheckpoint,
} from '@shared/history/types';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import type { Result } from './types';
import { listOrder } from '@shared/history/list-order';
import { foldCase, mergeSearchHits, titleHit } from '@shared/history/search-hits';
import { type FakeHandler, ok } from './fake-handler';
import { errorText } from '@shared/errors';

type HistoryChannel = Extract<InvokeChannel, `history:${string}`>;

interface Held {
  meta: ConversationMeta;
  messages: Map<string, StoredMessage>;
}

export interface FakeHistory {
  handlers: { [C in HistoryChannel]: FakeHandler<C> };
  /** what the core's recorder would save for a finished `chat:send`, with the passages its prompt was given */
  record(record: ChatRecord, result: ChatResult, citations?: readonly KnowledgeHit[]): void;
  /** the summary checkpoints, by the shared rules (@shared/history/checkpoints), held beside the conversations */
  checkpoints: CheckpointKeeper;
}

const missing = (id: string): Result<never> => ({
  ok: false,
  error: { code: 'not_found', message: `Conversation ${id} does not exist.` },
});

export function createFakeHistory(
  now: () => number,
  newId: () => string,
  changed: (ids: string[]) => void,
): FakeHistory {
  const conversations = new Map<string, Held>();
  const trash = new Map<string, Held[]>();
  const summaries = new Map<string, SummaryCheckpoint[]>();
  const treeOf = (held: Held) => buildTree([...held.messages.values()]);

  const summary = ({ meta, messages }: Held): ConversationSummary => ({
    id: meta.id,
    title: meta.title,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    pinned: meta.pinned,
    messageCount: messages.size,
    preview: previewOf(messages.values()),
  });
  const add = (held: Held, message: Omit<StoredMessage, 'createdAt' | 'updatedAt'>): void => {
    const t = now();
    held.messages.set(message.id, { ...message, createdAt: t, updatedAt: t });
    held.meta = { ...held.meta, updatedAt: t, messageCount: held.messages.size };
    if (!held.meta.title && message.role === 'user')
      held.meta = { ...held.meta, title: defaultTitle(contentText(message.content)) };
  };
  const withHeld = <T>(id: string, work: (held: Held) => T): Result<T> => {
    const held = conversations.get(id);
    return held ? ok(work(held)) : missing(id);
  };
  const create = (
    init: Partial<ConversationMeta>,
    messages: StoredMessage[] = [],
    id: string = newId(),
  ): ConversationMeta => {
    const t = now();
    const meta: ConversationMeta = {
      title: '',
      endpoint: { kind: 'local', baseUrl: '', model: '' },
      systemPrompt: '',
      sampling: {},
      nCtx: null,
      slotId: null,
      pinned: false,
      ...init,
      id,
      createdAt: t,
      updatedAt: t,
      messageCount: messages.length,
      activeLeafId: null,
      activeSetAt: 0,
      version: HISTORY_FORMAT_VERSION,
    };
    conversations.set(meta.id, { meta, messages: new Map(messages.map((m) => [m.id, m])) });
    changed([meta.id]);
    return meta;
  };
  const remove = (ids: readonly string[]) => {
    const token = newId();
    trash.set(
      token,
      ids.flatMap((id) => conversations.get(id) ?? []),
    );
    for (const id of ids) conversations.delete(id);
    changed([...ids]);
    return ok({ token, conversationIds: [...ids], purgeAt: now() + 15_000 });
  };

  const handlers: FakeHistory['handlers'] = {
    'history:list': (input) =>
      ok({
        conversations: [...conversations.values()]
          .map(summary)
          .filter((s) => !input?.ids || input.ids.includes(s.id))
          .sort(listOrder),
      }),
    'history:leave': () => ok({}),
    'history:open': (input) =>
      withHeld(input.id, ({ meta, messages }) => {
        const tree = buildTree([...messages.values()]);
        const activeLeafId = resolveActiveLeaf(tree, meta);
        const checkpoints = holdingCheckpoints(tree, summaries.get(meta.id) ?? []);
        return {
          meta,
          messages: [...messages.values()],
          activeLeafId,
          activePath: pathTo(tree, activeLeafId).map((m) => m.id),
          readOnly: false,
          notices: [],
          ...(checkpoints.length > 0 ? { checkpoints } : {}),
        };
      }),
    'history:create': (input) => ok(create(input ?? {})),
    'history:select-branch': (input) =>
      withHeld(input.conversationId, (held) => {
        const tree = buildTree([...held.messages.values()]);
        held.meta = { ...held.meta, activeLeafId: newestLeafUnder(tree, input.messageId), activeSetAt: now() };
        const activeLeafId = resolveActiveLeaf(tree, held.meta);
        return { activeLeafId, activePath: pathTo(tree, activeLeafId).map((m) => m.id) };
      }),
    'history:rename': (input) =>
      withHeld(
        input.id,
        (held) => ((held.meta = { ...held.meta, title: input.title.trim() }), changed([input.id]), held.meta),
      ),
    'history:pin': (input) =>
      withHeld(
        input.id,
        (held) => ((held.meta = { ...held.meta, pinned: input.pinned }), changed([input.id]), held.meta),
      ),
    'history:set-conventions': (input) =>
      withHeld(
        input.id,
        (held) => (
          (held.meta = { ...held.meta, systemPrompt: input.systemPrompt, sampling: input.sampling }),
          held.meta
        ),
      ),
    'history:set-overflow': (input) =>
      withHeld(input.id, (held) => {
        const { overflow: _old, ...meta } = held.meta;
        held.meta = input.overflow === null ? meta : { ...meta, overflow: input.overflow };
        return held.meta;
      }),
    'history:set-tool-selection': (input) =>
      withHeld(input.id, (held) => {
        const { toolSelection: _old, ...meta } = held.meta;
        held.meta = input.toolSelection === null ? meta : { ...meta, toolSelection: input.toolSelection };
        return held.meta;
      }),
    'history:set-structured-output': (input) =>
      withHeld(input.id, (held) => {
        const { structuredOutput: _old, ...meta } = held.meta;
        held.meta = input.structuredOutput === null ? meta : { ...meta, structuredOutput: input.structuredOutput };
        return held.meta;
      }),
    'history:delete': (input) => remove(input.ids),
    'history:clear': () => remove([...conversations.keys()]),
    'history:undo-delete': (input) => {
      const batch = trash.get(input.token) ?? [];
      trash.delete(input.token);
      for (const held of batch) conversations.set(held.meta.id, held);
      changed(batch.map((held) => held.meta.id));
      return ok({ restored: batch.map((held) => held.meta.id) });
    },
    'history:search': (input) => {
      // The core's rule (mergeSearchHits) over a scan of the held texts instead of its index.
      const needle = foldCase(input.query.trim());
      if (!needle) return ok({ hits: [], truncated: false });
      const held = [...conversations.values()];
      const summaryOf = (id: string) => conversations.get(id)?.meta;
      const titleHits = held.flatMap(({ meta }) => titleHit(meta, foldCase(meta.title), needle) ?? []);
      const messageMatches = held.flatMap(({ meta, messages }) => {
        for (const message of messages.values()) {
          const text = contentText(message.content);
          const start = foldCase(text).indexOf(needle);
          if (start >= 0)
            return [
              {
                conversationId: meta.id,
                messageId: message.id,
                snippet: text,
                matches: [{ start, end: start + needle.length }],
              },
            ];
        }
        return [];
      });
      return ok(mergeSearchHits(titleHits, messageMatches, summaryOf, input.limit ?? 50, false));
    },
    'history:export': (input) => {
      const chosen =
        input.ids === 'all' ? [...conversations.values()] : input.ids.flatMap((id) => conversations.get(id) ?? []);
      const exported = chosen.map(({ meta, messages }) => ({ meta, messages: [...messages.values()] }));
      return input.format === 'json'
        ? ok({ text: toExportJson(exported, now()), fileName: 'eva-history.json', mime: 'application/json' })
        : ok({ text: conversationsToMarkdown(exported), fileName: 'eva-history.md', mime: 'text/markdown' });
    },
    'history:import': (input) => {
      try {
        return ok({ created: parseImport(input.text, now()).map((c) => create(c.meta, c.messages)) });
      } catch (error) {
        return {
          ok: false,
          error: { code: 'bad_request', message: errorText(error) },
        };
      }
    },
  };

  const checkpoints: CheckpointKeeper = {
    inPlace: async ({ conversationId, ids }) => {
      const held = conversations.get(conversationId);
      return held ? checkpointInPlace(treeOf(held), summaries.get(conversationId) ?? [], ids) : null;
    },
    add: async (conversationId, entry) => {
      const held = conversations.get(conversationId);
      const cover = held ? coverOf(treeOf(held), entry.upToId) : null;
      if (!cover) throw new Error(`Message ${entry.upToId} does not exist.`);
      const checkpoint: SummaryCheckpoint = { id: newId(), ...cover, ...entry, createdAt: now() };
      summaries.set(conversationId, [...(summaries.get(conversationId) ?? []), checkpoint]);
      changed([conversationId]);
      return checkpoint;
    },
  };

  return {
    handlers,
    checkpoints,
    record(record, result, citations = []) {
      if (record.create && !conversations.has(record.conversationId)) create(record.create, [], record.conversationId);
      const held = conversations.get(record.conversationId);
      if (!held) return;
      if (record.question)
        add(held, {
          id: record.question.id,
          parentId: record.parentId,
          role: 'user',
          content: record.question.content as StoredMessage['content'],
          status: 'complete',
        });
      const status = result.status === 'stopped' || result.status === 'error' ? result.status : 'complete';
      if (result.slotId !== null) held.meta = { ...held.meta, slotId: result.slotId };
      add(held, {
        id: record.answerId,
        parentId: record.question?.id ?? record.parentId,
        role: 'assistant',
        content: result.content,
        reasoning: result.reasoning || undefined,
        status,
        ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}),
        ...(citations.length > 0 ? { citations: [...citations] } : {}),
      });
      changed([record.conversationId]);
    },
  };
}
