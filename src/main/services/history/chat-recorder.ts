// Saves a chat exchange into the history while it streams: the question at
// once, the answer as `partial` from the first byte (refreshed by the store at
// least every second) and finalised with its status when the stream ends.
// A failing disk never costs the user the answer on screen: saving problems
// become notices, and the chat goes on.
import { fromLegacy } from '@shared/chat/request-body';
import type { ChatRecord, ChatSendInput } from '@shared/chat/schemas';
import type { ChatMessage, StreamingMessage } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import { AppFailure, toAppError } from '@shared/errors';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import { endpointNamedBy } from '@shared/history/answer-author';
import type { MessageContent, MessagePatch, MessageStatus, MetaPatch, StoredMessage } from '@shared/history/types';
import type { HistoryStore } from './history-store';
import type { QuestionInbox } from './question-inbox';

export interface ChatRecorderDeps {
  history: HistoryStore;
  /** holds each question from the moment it arrives until its conversation has it */
  inbox?: QuestionInbox;
  /** a save failed: tell the user (the answer itself still reaches the screen) */
  onSaveFailed: (conversationId: string, message: string) => void;
  /**
   * the conversation's settings after an answer (its cache slot, its endpoint's name) could not be saved; the answer
   * itself was, and the next answer's save tries them again
   */
  onMetaFailed?: (conversationId: string, message: string) => void;
  /** the conversation's list entry changed (new message, new title) */
  onChanged: (conversationId: string) => void;
}

/** Observes one stream; `finish` writes the final answer. */
export interface RecordedExchange {
  onState(state: StreamingMessage): void;
  finish(result: ChatResult): Promise<void>;
  /** the final answer of something that is not one stream (an agent run) */
  end(patch: MessagePatch): Promise<void>;
  /**
   * an agent run's steps so far, saved with its answer as they come (a crash keeps them, and Continue resumes after
   * them)
   */
  steps(steps: readonly AgentStep[]): void;
  fail(partial: StreamingMessage | null, error: unknown): Promise<void>;
}

export function storedContent(content: ChatMessage['content']): MessageContent {
  return typeof content === 'string' ? content : content.map(fromLegacy);
}

export function storedStatus(status: StreamingMessage['status']): MessageStatus {
  if (status === 'stopped' || status === 'error') return status;
  return 'complete';
}

/** The answer fields of a stream state as the history keeps them. */
export function answerPatch(
  state: Pick<
    StreamingMessage,
    'content' | 'reasoning' | 'toolCalls' | 'timings' | 'usage' | 'notices' | 'author' | 'schemaCheck'
  >,
): MessagePatch {
  const patch: MessagePatch = { content: state.content };
  if (state.reasoning) patch.reasoning = state.reasoning;
  if (state.toolCalls.length > 0) patch.toolCalls = state.toolCalls;
  if (state.timings) patch.timings = { ...state.timings } as unknown as Record<string, number>;
  // A hosted API's only figures: kept so they come back when the conversation is reopened.
  if (state.usage) patch.usage = { ...state.usage };
  // A failed step of the send (its knowledge query) stays said under the answer when it is reopened.
  if (state.notices && state.notices.length > 0) patch.notices = state.notices.map((notice) => ({ ...notice }));
  // The answer names its own endpoint and model: a later load of another model does not relabel it.
  if (state.author) patch.author = { ...state.author };
  // How it stood against its conversation's JSON schema: a reopened answer says so without checking again.
  if (state.schemaCheck) patch.schemaCheck = state.schemaCheck;
  return patch;
}

/** What the core knows of an answer before it streams: the knowledge-base passages its prompt was given. */
export type AnswerFields = Pick<MessagePatch, 'citations'>;

export function createChatRecorder(deps: ChatRecorderDeps) {
  const { history } = deps;
  // Settings an answer's save could not write, per conversation: merged under the next answer's, so they are retried.
  const unsavedMeta = new Map<string, MetaPatch>();

  async function saveMeta(conversationId: string, fresh: MetaPatch | null): Promise<void> {
    const meta = { ...unsavedMeta.get(conversationId), ...fresh };
    if (Object.keys(meta).length === 0) return;
    try {
      await history.updateMeta(conversationId, meta);
      unsavedMeta.delete(conversationId);
    } catch (error) {
      unsavedMeta.set(conversationId, meta);
      deps.onMetaFailed?.(conversationId, toAppError(error).message);
    }
  }

  /** Saves the question (and the conversation, when new) and opens a new answer under it. */
  async function openNew(record: ChatRecord, answer: AnswerFields): Promise<void> {
    const { conversationId } = record;
    let answerParent = record.parentId;
    if (record.create) await history.create(record.create, conversationId);
    if (record.question) {
      const question: StoredMessage = await history.appendMessage(conversationId, {
        id: record.question.id,
        parentId: record.parentId,
        role: 'user',
        content: storedContent(record.question.content),
      });
      answerParent = question.id;
      deps.inbox?.settle(question.id);
    }
    await history.beginStream(conversationId, {
      ...answer,
      id: record.answerId,
      parentId: answerParent,
      role: 'assistant',
      content: '',
    });
  }

  /** The open answer's stream: updates in memory, one final write. */
  function exchangeFor(record: ChatRecord): RecordedExchange {
    const { conversationId } = record;
    let streamOpen = true;
    const end = async (patch: MessagePatch): Promise<void> => {
      if (!streamOpen) return;
      streamOpen = false;
      try {
        await history.endStream(conversationId, record.answerId, patch);
      } catch (error) {
        deps.onSaveFailed(conversationId, toAppError(error).message);
      }
      deps.onChanged(conversationId);
    };

    return {
      onState(state) {
        if (!streamOpen) return;
        try {
          history.updateStream(conversationId, record.answerId, answerPatch(state));
        } catch {
          // The stream's session is gone (the conversation was deleted meanwhile): nothing left to save into.
          streamOpen = false;
        }
      },
      end,
      steps(steps) {
        if (!streamOpen) return;
        try {
          history.updateStream(conversationId, record.answerId, { extra: { agent: { steps: [...steps] } } });
        } catch {
          streamOpen = false;
        }
      },
      async finish(result) {
        const patch: MessagePatch = { ...answerPatch(result), status: storedStatus(result.status) };
        if (result.error) patch.error = savedError(result.error);
        await end(patch);
        await saveMeta(conversationId, metaAfter(record, result));
      },
      async fail(partial, error) {
        const patch: MessagePatch = {
          ...(partial ? answerPatch(partial) : {}),
          status: 'error',
          error: { code: 'request_failed', message: toAppError(error).message },
        };
        await end(patch);
      },
    };
  }

  return {
    /** Makes the question durable now (one synchronous append), before anything else happens. */
    hold(record: ChatRecord): void {
      deps.inbox?.hold(record);
    },
    /**
     * Saves the question and opens the answer (with `answer`'s fields from the start), or with
     * `continues` reopens the saved answer `record.answerId` to grow in place (Continue); null when
     * nothing could be saved (a notice says why).
     */
    /** The completed steps of the run saved as `record.answerId`, which a resumed run goes on from. */
    async savedSteps(record: ChatRecord): Promise<AgentStep[]> {
      const opened = await history.open(record.conversationId);
      const answer = opened.messages.find((message) => message.id === record.answerId);
      const steps = (answer?.extra?.agent as { steps?: unknown } | undefined)?.steps;
      if (answer?.role !== 'assistant' || !Array.isArray(steps))
        throw new AppFailure(
          'bad_request',
          `cannot resume: ${record.answerId} is not the saved answer of an agent run`,
        );
      return steps.filter(isSavedStep);
    },
    async begin(record: ChatRecord, answer: AnswerFields = {}, continues = false): Promise<RecordedExchange | null> {
      try {
        if (continues) await history.resumeStream(record.conversationId, record.answerId);
        else await openNew(record, answer);
      } catch (error) {
        deps.onSaveFailed(record.conversationId, toAppError(error).message);
        return null;
      }
      deps.onChanged(record.conversationId);
      return exchangeFor(record);
    },
  };
}

export type ChatRecorder = ReturnType<typeof createChatRecorder>;

/** The longest a question waits to be saved while the server has not answered yet (the inbox holds it meanwhile). */
export const SAVE_DELAY_MS = 250;

/** One send being recorded: the chat area hands it the stream's state and then the outcome. */
export interface SendRecording {
  /** the stream's reduced state after each batch */
  observe(state: StreamingMessage): void;
  finish(result: ChatResult): Promise<void>;
  /** the send threw (no stream, or it broke off): what had arrived is saved with the error */
  fail(error: unknown): Promise<void>;
}

/**
 * Starts recording a send that asks to be recorded (null otherwise): the question is made durable now, before the
 * request goes out. The history writes run beside the request, not before it, so saving never delays the first token.
 */
export function recordSend(
  recorder: ChatRecorder,
  input: ChatSendInput,
  answer: AnswerFields = {},
): SendRecording | null {
  if (input.mode !== 'chat' || !input.record) return null;
  let exchange: RecordedExchange | null = null;
  let latest: StreamingMessage | null = null;
  const record = input.record;
  recorder.hold(record);
  // The disk work waits until the first words arrive (at most SAVE_DELAY_MS): while the server
  // reads the prompt, every core is its, and the first token is what the user waits for.
  let go: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (go = resolve));
  const timer = setTimeout(go, SAVE_DELAY_MS);
  const beginning = started
    .then(() => recorder.begin(record, answer, input.continueAnswer === true))
    .then((opened) => {
      exchange = opened;
      if (latest) opened?.onState(latest);
      return opened;
    });
  let kicked = false;
  const settled = () => {
    clearTimeout(timer);
    go();
  };
  return {
    observe(state) {
      latest = state;
      // After this turn of the event loop, so the first words go out to the window before any disk work.
      if (!kicked) {
        kicked = true;
        setTimeout(go, 0);
      }
      exchange?.onState(state);
    },
    async finish(result) {
      settled();
      await (await beginning)?.finish(result);
    },
    async fail(error) {
      settled();
      await (await beginning)?.fail(latest, error);
    },
  };
}

/**
 * What an answer tells its conversation's meta: the slot it used, and for a conversation this exchange created
 * before any model had answered (a link's), the model that did.
 */
function metaAfter(record: ChatRecord, result: ChatResult): MetaPatch | null {
  const patch: MetaPatch = {};
  if (result.slotId !== null) patch.slotId = result.slotId;
  const created = record.create?.endpoint;
  if (created && result.author) {
    const named = endpointNamedBy(created, result.author);
    if (named !== created) patch.endpoint = named;
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * A failed answer's error as saved: its code and sentence, and its details where they name a precise cause (a schema
 * the server refused), so a reopened answer says it in the page's language; a response body is never kept.
 */
function savedError(error: NonNullable<ChatResult['error']>): NonNullable<MessagePatch['error']> {
  const { body: _body, ...details } = error.details ?? {};
  return typeof details.reason === 'string'
    ? { code: error.code, message: error.message, details }
    : { code: error.code, message: error.message };
}

/** A saved step as the history holds it (written by this app; checked only for the fields resuming reads). */
function isSavedStep(value: unknown): value is AgentStep {
  const step = value as Partial<AgentStep> | null;
  return (
    typeof step === 'object' &&
    step !== null &&
    typeof step.index === 'number' &&
    typeof step.kind === 'string' &&
    typeof step.output === 'string'
  );
}
