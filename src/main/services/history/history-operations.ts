// What the history area does, behind its handlers (history-module.ts): the
// history store (history-store.ts) with its notices turned into app notices,
// every change announced (coalesced) so list views refetch, and the recorder
// that saves a send carrying a `record` from the stream the chat area hands it
// (it records; it never sends).
import { exportFileName } from '@shared/history/export-file-name';
import { join } from 'node:path';
import type { ChatRecord as ChatSendRecord, ChatSendInput } from '@shared/chat/schemas';
import type { ChatResult } from '@shared/contract';
import type { EventSink } from '../events/event-bus';
import type { SlotKeeper } from '../chat/slot-cache/slot-keeper';
import { nameConversation, type TitleSend } from './auto-title';
import { runRecorded, type AgentOutcome } from './agent-recording';
import { createChatRecorder, recordSend, type AnswerFields, type SendRecording } from './chat-recorder';
import { HistoryStore, type ExportSelection } from './history-store';
import { inboxFileName, recoverHeldQuestions } from './inbox-recovery';
import { QuestionInbox } from './question-inbox';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { CheckpointKeeper } from '@shared/chat/compaction';
import type { StructuredOutput } from '@shared/chat/structured-output';
import type { ToolSelection } from '@shared/tools/tool-selection';
import type { HistoryNotice, NewMessage } from '@shared/history/types';
import { errorText } from '@shared/errors';

export interface HistoryDeps {
  historyDir: string;
  emit: EventSink;
  /** how long changes are gathered before one `history:changed` goes out */
  changeDelayMs?: number;
  /** whether the model names new conversations (settings.chat.autoTitle) */
  autoTitle?: () => boolean;
  /** the conversation cache (instant reopen), told when a conversation is left or deleted; tests leave it out */
  slots?: Pick<SlotKeeper, 'leave' | 'forget' | 'forgetAll'>;
  /** the store's own timings, for tests */
  store?: { streamSaveMs?: number; trashGraceMs?: number; indexFlushMs?: number };
}

export function historyOperations(deps: HistoryDeps) {
  const store = new HistoryStore({
    historyDir: deps.historyDir,
    notify: (notice) => deps.emit('app:notice', notice),
    ...deps.store,
  });
  const titlesOf = async (ids: readonly string[]): Promise<string[]> => {
    const list = await store.list();
    return ids.map((id) => list.find((summary) => summary.id === id)?.title ?? '');
  };
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const announce = (ids: Iterable<string>): void => {
    for (const id of ids) changed.add(id);
    timer ??= setTimeout(() => {
      timer = null;
      const conversationIds = [...changed];
      changed.clear();
      deps.emit('history:changed', { conversationIds });
    }, deps.changeDelayMs ?? 100);
  };
  /** Runs a change and announces it. */
  const changing = async <T>(
    ids: readonly string[] | ((value: T) => readonly string[]),
    work: Promise<T>,
  ): Promise<T> => {
    const value = await work;
    announce(typeof ids === 'function' ? ids(value) : ids);
    return value;
  };

  // Questions a crash caught before their conversation was written: back in place before anything lists it.
  const inboxName = inboxFileName(`${Date.now().toString(36)}-${process.pid}`);
  const notify = (notice: HistoryNotice) => deps.emit('app:notice', notice);
  // `list` and `open` wait for this, so it never rejects: a recovery that broke off is said, and what it did not put
  // back stays in its inbox for the next start.
  const recovered = recoverHeldQuestions(store, deps.historyDir, inboxName, notify)
    .then((ids) => announce(ids))
    .catch((error: unknown) =>
      notify({
        level: 'error',
        code: 'history_unreadable',
        message: `The questions left from when EVA last stopped could not be put back (${errorText(error)}); they are kept for the next start.`,
      }),
    );
  const recorder = createChatRecorder({
    history: store,
    inbox: new QuestionInbox(join(deps.historyDir, inboxName)),
    onSaveFailed: (conversationId, message) =>
      deps.emit('app:notice', {
        level: 'error',
        code: 'history_write_failed',
        message: `This conversation could not be saved (${message}). The answer is still shown; copy what you need to keep.`,
      }),
    onMetaFailed: (conversationId, message) =>
      notify({
        level: 'warning',
        code: 'history_write_failed',
        conversationId,
        message: `The answer was saved, but this conversation's settings after it could not be (${message}); they are saved again with the next answer.`,
      }),
    onChanged: (conversationId) => announce([conversationId]),
  });

  return {
    store,
    /**
     * Starts recording a send (null when it asks not to be): the question is durable at once, the answer is saved from
     * the states `observe` gets; `answer`: what it is saved with from its first byte (its citations).
     */
    recordSend(input: ChatSendInput, answer?: AnswerFields): SendRecording | null {
      return recordSend(recorder, input, answer);
    },
    /** After a recorded send: the model names a new conversation in the background, with the chat area's `send`. */
    nameAfter(send: TitleSend, input: ChatSendInput, result: ChatResult): void {
      void nameConversation(
        { history: store, send, enabled: deps.autoTitle ?? (() => false), onRenamed: (id) => announce([id]) },
        input,
        result,
        // A title is a nicety: without one the conversation keeps its first question's, which is on screen already.
      ).catch(() => undefined);
    },
    /**
     * An agent run, saved like a chat exchange: the question now, its steps as they come, the answer when the run ends;
     * or resumed from its saved steps.
     */
    runAgent<I extends { record?: ChatSendRecord; resume?: boolean }, O extends AgentOutcome>(
      run: Parameters<typeof runRecorded<I, O>>[1],
      input: I,
    ): Promise<O> {
      return runRecorded(recorder, run, input);
    },
    /** The summaries standing in for older messages, as the chat area's planner finds and keeps them (compaction). */
    checkpoints: {
      inPlace: (saved) => store.checkpoints.inPlace(saved),
      add: (conversationId, entry) => changing([conversationId], store.checkpoints.add(conversationId, entry)),
    } satisfies CheckpointKeeper,
    /** `ids`: only those conversations, for a page patching its list (history:changed names them). */
    list: async (ids?: readonly string[]) => {
      await recovered;
      const all = await store.list();
      if (!ids) return { conversations: all };
      const wanted = new Set(ids);
      return { conversations: all.filter((summary) => wanted.has(summary.id)) };
    },
    open: async (id: string) => {
      await recovered;
      return store.open(id);
    },
    create: (init: Parameters<HistoryStore['create']>[0]) => changing((meta) => [meta.id], store.create(init)),
    /** a finished message another feature adds (a picture put into the chat), announced like any change */
    appendMessage: (conversationId: string, message: NewMessage) =>
      changing([conversationId], store.appendMessage(conversationId, message)),
    selectBranch: (conversationId: string, messageId: string) => store.selectBranch(conversationId, messageId),
    rename: (id: string, title: string) => changing([id], store.rename(id, title)),
    pin: (id: string, pinned: boolean) => changing([id], store.setPinned(id, pinned)),
    /** the conversation's own system prompt and sampling ('' and {}: it follows the defaults) */
    setConventions: (id: string, systemPrompt: string, sampling: Record<string, unknown>) =>
      store.updateMeta(id, { systemPrompt, sampling }),
    /** what a send does when the conversation no longer fits (null: follow the settings) */
    setOverflow: (id: string, overflow: OverflowPolicy | null) =>
      store.updateMeta(id, { overflow: overflow ?? undefined }),
    /** which tools the conversation leaves out (null: it offers every switched-on tool) */
    setToolSelection: (id: string, toolSelection: ToolSelection | null) =>
      store.updateMeta(id, { toolSelection: toolSelection ?? undefined }),
    /** the JSON schema the conversation's answers must fit (null: free text) */
    setStructuredOutput: (id: string, structuredOutput: StructuredOutput | null) =>
      store.updateMeta(id, { structuredOutput: structuredOutput ?? undefined }),
    delete: (ids: readonly string[]) => changing(ids, store.delete(ids)),
    clear: () => changing((receipt) => receipt.conversationIds, store.clearAll()),
    undoDelete: async (token: string) => ({ restored: await changing((ids) => ids, store.undoDelete(token)) }),
    search: (query: string, limit?: number) => store.search(query, { limit }),
    async export(selection: ExportSelection, format: 'markdown' | 'json') {
      const stamp = new Date().toISOString().slice(0, 10);
      const titles = selection === 'all' ? [] : await titlesOf(selection);
      const name = exportFileName(selection === 'all' ? { all: true } : { titles }, stamp);
      return format === 'json'
        ? { text: await store.exportJson(selection), fileName: `${name}.json`, mime: 'application/json' }
        : { text: await store.exportMarkdown(selection), fileName: `${name}.md`, mime: 'text/markdown' };
    },
    import: async (text: string) => ({
      created: await changing((metas) => metas.map((meta) => meta.id), store.importFile(text)),
    }),
    async dispose(): Promise<void> {
      await recovered;
      if (timer) clearTimeout(timer);
      await store.close();
    },
  };
}

export type HistoryOperations = ReturnType<typeof historyOperations>;
