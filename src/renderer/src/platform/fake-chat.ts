// The chat and link channels of the in-memory platform: a canned answer
// (demo-reply.ts) streamed on a timer (or all at once when the delay is 0), Stop,
// server props, and the link profiles of fake-links.ts.
import type { ChatRecord } from '@shared/chat/schemas';
import type { AnswerAuthor, StreamEvent, Timings } from '@shared/chat/types';
import type { AppSettings, BackendStatus, ChatResult, EventPayloads, InvokeInput, ServerProps } from '@shared/contract';
import { estimateMessageTokens } from '@shared/chat/token-estimate';
import { initialStreamingMessage, reduceStream } from '@shared/chat/stream-reducer';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import type { Timers } from '../lib/timers';
import { demoReply } from './demo-reply';
import { createFakeLinks } from './fake-links';
import { type FakeHandler, ok } from './fake-handler';

type ChatChannel =
  | 'chat:send'
  | 'chat:stop'
  | 'chat:props'
  | 'chat:count-tokens'
  | 'chat:prefill'
  | 'chat:check-schema'
  | 'runs:live'
  | 'link:list'
  | 'link:save'
  | 'link:delete'
  | 'link:test';

const JSON_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

export interface FakeChatOptions {
  /** ms between batches; 0 streams everything at once */
  chatDelayMs?: number;
  /** the events of an answer, in batches; defaults to a short markdown answer */
  chatReply?: (input: InvokeInput<'chat:send'>) => StreamEvent[][];
  props?: Partial<ServerProps>;
}

interface FakeChatDeps {
  state: { settings: AppSettings; status: BackendStatus };
  emit: <E extends 'chat:stream'>(event: E, payload: EventPayloads[E]) => void;
  timers: Timers;
  now: () => number;
  options: FakeChatOptions;
  /** saves a finished exchange that asked to be recorded */
  record?: (record: ChatRecord, result: ChatResult, citations?: readonly KnowledgeHit[]) => void;
  /** the knowledge base's passages for a plain chat (the composer's toggle), announced as the core does */
  cite?: (input: InvokeInput<'chat:send'>) => KnowledgeHit[];
}

export function createFakeChat({ state, emit, timers, now, options, record, cite }: FakeChatDeps): {
  [C in ChatChannel]: FakeHandler<C>;
} {
  const running = new Map<string, () => void>();

  const send: FakeHandler<'chat:send'> = (input) =>
    new Promise((resolve) => {
      const endpoint = input.endpoint;
      if (endpoint.kind === 'local' && state.status.state !== 'ready') {
        resolve({
          ok: false,
          error: {
            code: 'no_model_loaded',
            message: 'no local model is loaded: load one first, or switch to a link endpoint',
          },
        });
        return;
      }
      if (endpoint.kind === 'link' && !state.settings.links.some((link) => link.id === endpoint.linkId)) {
        resolve({
          ok: false,
          error: { code: 'link_not_found', message: `no saved endpoint with id ${endpoint.linkId}` },
        });
        return;
      }
      const citations = cite?.(input) ?? [];
      // Who answers comes first, as the core sends it: the loaded model, or the link profile's model and name.
      const link = endpoint.kind === 'link' ? state.settings.links.find((l) => l.id === endpoint.linkId) : undefined;
      const author: AnswerAuthor = link
        ? { kind: 'link', model: link.model, linkId: link.id, linkName: link.name }
        : { kind: 'local', model: endpoint.kind === 'local' ? (endpoint.model ?? state.status.model?.name ?? '') : '' };
      const reply = (options.chatReply ?? demoReply)(input);
      const [first = [], ...rest] = reply;
      const batches = [[{ type: 'author', author } as const, ...first], ...rest];
      const started = now();
      let message = initialStreamingMessage();
      let index = 0;
      let timer: unknown = null;
      const push = (events: StreamEvent[]): void => {
        for (const event of events) message = reduceStream(message, event);
        emit('chat:stream', { requestId: input.requestId, events });
      };
      const end = (last: StreamEvent[]): void => {
        running.delete(input.requestId);
        push(last);
        const { internal: _internal, ...rest } = message;
        const result: ChatResult = { ...rest, requestId: input.requestId, elapsedMs: now() - started };
        if (input.mode === 'chat' && input.record) record?.(input.record, result, citations);
        resolve(ok(result));
      };
      const finish = (): void => {
        const elapsed = Math.max(1, now() - started);
        const predicted = reply.length;
        const timings: Timings = {
          prompt_n: 42,
          prompt_ms: 21,
          prompt_per_second: 2000,
          predicted_n: predicted,
          predicted_ms: elapsed,
          predicted_per_second: (predicted * 1000) / elapsed,
        };
        const local = endpoint.kind === 'local';
        end([
          ...(local ? [{ type: 'timings', timings } as const, { type: 'slot', slotId: 0 } as const] : []),
          { type: 'finish', reason: 'stop' },
          { type: 'done' },
        ]);
      };
      running.set(input.requestId, () => {
        if (timer !== null) timers.clearTimeout(timer);
        end([{ type: 'stopped' }]);
      });
      const delay = options.chatDelayMs ?? 0;
      if (delay <= 0) {
        for (const batch of batches) push(batch);
        finish();
        return;
      }
      const tick = (): void => {
        timer = null;
        const batch = batches[index++];
        if (!batch) return finish();
        push(batch);
        timer = timers.setTimeout(tick, delay);
      };
      timer = timers.setTimeout(tick, delay);
    });

  return {
    'chat:send': send,
    // This platform lives in the page: a reload discards it with every request, so none is ever found live by a new
    // page.
    'runs:live': () => ok({ runs: [] }),
    'chat:stop': (input) => {
      const stop = running.get(input?.requestId ?? '');
      stop?.();
      return ok({ stopped: stop !== undefined });
    },
    'chat:props': (input) => {
      // Fake links are hosted APIs: they cannot say what they are.
      if (input?.endpoint?.kind === 'link') return ok(null);
      const { status } = state;
      if (status.state !== 'ready' || !status.model) return ok(null);
      return ok({
        model: status.model.name,
        nCtx: state.settings.load.contextSize || status.model.contextLength,
        chatTemplate: '',
        supportsTools: true,
        vision: state.settings.load.mmprojPath !== '',
        audio: false,
        ...options.props,
      });
    },
    'chat:count-tokens': (input) => {
      // The fake local server "tokenizes" at exactly the estimate's rate; fake links are hosted APIs (estimate, no
      // n_ctx).
      const { status } = state;
      const local = input.endpoint.kind === 'local' && status.state === 'ready' && status.model !== null;
      const tokens = [{ role: 'system' as const, content: input.systemPrompt }, ...input.messages].reduce(
        (sum, message) => sum + estimateMessageTokens(message),
        0,
      );
      return ok({
        tokens,
        exact: local,
        nCtx: local && status.model ? state.settings.load.contextSize || status.model.contextLength : null,
      });
    },
    'chat:prefill': (input) => {
      // Like the core: only the local model reads ahead, and only once it is ready.
      const { status } = state;
      if (input.endpoint.kind !== 'local' || input.endpoint.model)
        return ok({ done: false, why: 'only the local model reads ahead' });
      if (status.state !== 'ready') return ok({ done: false, why: 'no local model is ready' });
      if (!state.settings.chat.readAhead) return ok({ done: false, why: 'reading ahead is off in the settings' });
      const read = [{ role: 'system' as const, content: input.systemPrompt }, ...input.messages].reduce(
        (sum, message) => sum + estimateMessageTokens(message),
        0,
      );
      return ok({ done: true, cached: 0, read, ms: 0 });
    },
    // A stand-in for the core's ajv check (the page cannot run ajv): only `type` is looked at.
    'chat:check-schema': ({ schema }) => {
      const types = [schema.type].flat().filter((type) => type !== undefined);
      const known = types.every((type) => typeof type === 'string' && JSON_TYPES.has(type));
      return ok({
        problem: known
          ? null
          : { reason: 'not_schema', path: '/type', message: 'must be equal to one of the allowed values' },
      });
    },
    ...createFakeLinks(state),
  };
}
