// One place where answers are requested: resolves the endpoint (managed
// llama-server or a saved link, chat-target.ts), builds the body, the URL and
// the headers (endpoint-request.ts), streams it straight through sse-stream.ts,
// pushes parsed events to the renderer in batches and returns the final state.
// Stop aborts.
// Each stream is reduced here once (@shared/chat/stream-reducer): the result,
// the history's recording and the live runs all get that one state.
import type { CountTokensInput, TokenCount } from '@shared/chat/context-types';
import { continuationEvents, continuedText } from '@shared/chat/continuation';
import { buildChatBody, buildCompletionBody, normalizeMessages } from '@shared/chat/request-body';
import type { ChatSendInput } from '@shared/chat/schemas';
import { initialStreamingMessage, reduceStream } from '@shared/chat/stream-reducer';
import type { AnswerNotice, StreamEvent, StreamingMessage } from '@shared/chat/types';
import type { ChatResult, ServerProps } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { cutByStop, type ServerStop } from '../backend/run/stop-record';
import type { EventSink } from '../events/event-bus';
import { authorOf, resolveTarget, samplingFor, type Target, type TargetSources } from './chat-target';
import { countPromptTokens, endpointProps } from './endpoint-info';
import { endpointRequest } from './endpoint-request';
import { createPromptPrefill } from './prompt-prefill';
import { abortableSleep, DEFAULT_RETRY_POLICY, withRetry, type RetryPolicy } from './retry-stream';
import type { SlotKeeper } from './slot-cache/slot-keeper';
import { streamChat, streamCompletion } from './sse-stream';
import { turnBatches } from './turn-batches';
export type { LocalServer } from './chat-target';
export { readAheadOff } from './prompt-prefill';

export interface ChatServiceDeps extends TargetSources {
  emit: EventSink;
  fetch?: typeof fetch;
  idleTimeoutMs?: number;
  clock?: () => number;
  /** the conversation cache (instant reopen): slots saved when left, restored when asked again */
  slots?: SlotKeeper;
  /** pauses before asking a link again after 429 or a passing 5xx (retry-stream.ts) */
  retryPolicy?: RetryPolicy;
  /** the model log: what a read-ahead had the server read (its prompt lines appear there while the user types) */
  log?: (line: string) => void;
  /**
   * why the local server (or the pool's router, for `endpoint.model`) stopped on its own since `since` (wall clock): a
   * cut answer then says so
   */
  serverStopped?: (endpoint: ChatSendInput['endpoint'], since: number) => Promise<ServerStop | null>;
  /** every request's state after each batch (an agent run's turns too): the live runs follow it */
  streamed?: (requestId: string, state: StreamingMessage) => void;
}

/**
 * How often a streaming answer's connection is read after the first events, and so how often a batch goes to the
 * page, which paints it in the next animation frame: 20 paints a second for any model, on the CPU or a GPU, so text
 * flows. Not more often: measured on a 2-core machine with software compositing, any page's paint of new text costs
 * the browser about 13 ms of CPU (EVA's 1.5 ms more) and a batch costs the host about 2.5 ms, time a model computing
 * on the same cores loses; a read and a message per token would cost more than the model can spare.
 */
export const STREAM_BATCH_MS = 50;

export function createChatService(deps: ChatServiceDeps) {
  const active = new Map<string, AbortController>();
  const clock = deps.clock ?? (() => performance.now());
  const readAhead = createPromptPrefill({
    localServer: deps.localServer,
    answering: () => active.size > 0,
    slots: deps.slots,
    fetch: deps.fetch,
    log: deps.log,
  });

  return {
    /**
     * `observe` sees the reduced state with every batch sent (the history saves the answer from it); `notices`: steps
     * of the send that failed before it (its knowledge query), streamed first so the page shows them with the answer.
     */
    async send(
      input: ChatSendInput,
      observe?: (state: StreamingMessage) => void,
      notices: readonly AnswerNotice[] = [],
    ): Promise<ChatResult> {
      if (active.has(input.requestId))
        throw new AppFailure('bad_request', `request ${input.requestId} is already running`);
      const continued = input.mode === 'chat' && input.continueAnswer ? continuedText(input.messages) : null;
      if (continued && !continued.ok) throw new AppFailure('bad_request', `cannot continue: ${continued.why}`);
      // Registered before any await, so a Stop that arrives while the endpoint is resolved still lands.
      const controller = new AbortController();
      active.set(input.requestId, controller);
      readAhead.cancel();
      let to: Target;
      try {
        to = await resolveTarget(deps, input.endpoint, controller.signal);
      } catch (error) {
        active.delete(input.requestId);
        throw error;
      }
      const started = clock();
      const sentAt = Date.now();
      const api = to.llama ? 'llama' : 'openai';
      const reading = {
        fetch: deps.fetch,
        idleTimeoutMs: deps.idleTimeoutMs,
        readIntervalMs: STREAM_BATCH_MS,
        signal: controller.signal,
      };
      const sampling = samplingFor(to, input.sampling);
      const messages = input.mode === 'chat' ? normalizeMessages(input.messages, input.systemPrompt) : [];
      const cache =
        input.mode === 'chat' && deps.slots && to.slotIdentity
          ? {
              keeper: deps.slots,
              server: { baseUrl: to.baseUrl, apiKey: to.apiKey ?? '', identity: to.slotIdentity },
              conversationId: input.record?.conversationId ?? null,
            }
          : null;
      let idSlot = to.llama ? (input.idSlot ?? -1) : undefined;
      // A restored conversation must be answered from the slot it was put in.
      if (cache)
        idSlot =
          (await cache.keeper.prepare(cache.server, cache.conversationId, messages, input.idSlot ?? null)) ?? idSlot;
      const start = () =>
        input.mode === 'chat'
          ? streamChat({
              ...reading,
              ...endpointRequest(to, 'chat'),
              body: buildChatBody({
                model: to.model,
                messages,
                sampling,
                stream: true,
                idSlot,
                includeUsage: true,
                tools: input.tools,
                structuredOutput: input.structuredOutput,
              }),
            })
          : streamCompletion({
              ...reading,
              ...endpointRequest(to, api),
              body: buildCompletionBody({
                prompt: input.prompt,
                sampling,
                idSlot,
                api,
                model: to.model,
                includeUsage: true,
              }),
            });
      // A link that is rate-limited or briefly down is asked again after a pause; the local server restarts on its own
      // instead.
      const requested =
        input.endpoint.kind === 'link'
          ? withRetry(
              start,
              deps.retryPolicy ?? DEFAULT_RETRY_POLICY,
              {
                sleep: abortableSleep,
                onRetry: ({ status, attempt, of, delayMs }) =>
                  deps.emit('app:notice', {
                    level: 'warning',
                    code: 'link_retry',
                    message: `${to.baseUrl} answered HTTP ${status}; asking again in ${Math.round(delayMs / 1000)} s (${attempt} of ${of})`,
                    details: { status, attempt, of, delayMs },
                  }),
              },
              controller.signal,
            )
          : start();
      // A continued answer streams its saved text first, so every reader (the page, the history) sees the whole answer.
      const answered = continued?.ok ? continuationEvents(continued.text, requested) : requested;
      const events = notices.length > 0 ? noticesFirst(notices, answered) : answered;

      // The first events go out at once (the time to the first token is what the user waits
      // for); after that the connection is read every STREAM_BATCH_MS, and what one read
      // brings travels as one batch. A model sends a token a write, and a read and a message
      // per token cost the host and the page more CPU than the model could spare;
      // the page paints no more often anyway.
      // Who writes the answer is known now; it goes with the first batch, so it costs the page no message of its own.
      const author: StreamEvent = { type: 'author', author: authorOf(input.endpoint, to) };
      let state = reduceStream(initialStreamingMessage(), author);
      let lead: StreamEvent[] = [author];
      try {
        for await (const read of turnBatches(events)) {
          const batch = lead.length > 0 ? [...lead, ...read] : read;
          lead = [];
          for (const event of read) state = reduceStream(state, event);
          observe?.(state);
          deps.streamed?.(input.requestId, state);
          deps.emit('chat:stream', { requestId: input.requestId, events: batch });
        }
      } finally {
        active.delete(input.requestId);
        // Left early (a throw above): the read still under way ends now, and the request with it.
        if (state.status === 'streaming') controller.abort();
        if (cache && input.mode === 'chat') {
          // Only a whole answer leaves the slot holding the conversation as the history will send it next time.
          const asked = continued?.ok ? input.messages.slice(0, -1) : input.messages;
          const held =
            state.status === 'done'
              ? normalizeMessages(
                  [...asked, { role: 'assistant', content: state.content, toolCalls: state.toolCalls }],
                  input.systemPrompt,
                )
              : null;
          cache.keeper.settle(
            cache.server,
            state.slotId ?? (typeof idSlot === 'number' && idSlot >= 0 ? idSlot : 0),
            cache.conversationId,
            held,
          );
        }
      }
      // A cut answer from a local server that died under it says so, and whether it comes back.
      const stop =
        state.status === 'error' && state.error?.code === 'truncated' && input.endpoint.kind === 'local'
          ? await deps.serverStopped?.(input.endpoint, sentAt)
          : null;
      if (stop && state.error)
        state = {
          ...state,
          error: {
            ...state.error,
            message: cutByStop(stop),
            details: {
              ...state.error.details,
              reason: 'server_stopped',
              how: stop.how,
              ...stop.exit,
              ...(stop.worker ? { worker: stop.worker } : {}),
              restarting: stop.restarting,
              ...(stop.restarting ? {} : { action: 'reload' }),
            },
          },
        };
      const { internal: _internal, ...result } = state;
      return { ...result, requestId: input.requestId, elapsedMs: Math.round(clock() - started) };
    },

    stop(requestId: string): { stopped: boolean } {
      const controller = active.get(requestId);
      controller?.abort();
      return { stopped: Boolean(controller) };
    },

    /** What the endpoint says about itself (endpoint-info.ts). */
    props(endpoint: ChatSendInput['endpoint'] = { kind: 'local' }): Promise<ServerProps | null> {
      return endpointProps({ ...deps, fetch: deps.fetch ?? fetch }, endpoint);
    },

    /** The prompt's size as `send` would build it (endpoint-info.ts). */
    countTokens(input: CountTokensInput): Promise<TokenCount> {
      return countPromptTokens({ ...deps, fetch: deps.fetch ?? fetch }, input);
    },

    /** Reads a draft into the local server's KV cache ahead of its send (prompt-prefill.ts). */
    prefill: readAhead.prefill,

    dispose(): void {
      for (const controller of active.values()) controller.abort();
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

async function* noticesFirst(
  notices: readonly AnswerNotice[],
  events: AsyncIterable<StreamEvent>,
): AsyncGenerator<StreamEvent, void, undefined> {
  for (const notice of notices) yield { type: 'notice', notice };
  yield* events;
}
