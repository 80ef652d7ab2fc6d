// The chat area in the core: its channels (@shared/chat/chat-contract), the chat
// service that requests answers, the live runs a reloaded page picks up again,
// and the send path: plan (send-planner.ts: passages, a summary in place or
// written under `compact` (summary-writer.ts), the fit) → record (the
// history is handed the stream; it never sends) → the chat service → the HTTP
// request. The agent area gets the chat service and the live runs from here.
import type { AppSettings, ChatResult, InvokeHandlers } from '@shared/contract';
import type { chatChannels } from '@shared/chat/chat-contract';
import type { PrefillInput, PrefillResult } from '@shared/chat/prefill';
import type { SendRefusal } from '@shared/chat/send-plan';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import type { ChatSendInput } from '@shared/chat/schemas';
import { createStructuredChecker } from '@shared/chat/structured-check';
import { AppFailure } from '@shared/errors';
import type { ToolsPromptRequest } from '@shared/tools/tool-selection';
import type { EventBus } from '../events/event-bus';
import type { HistoryModule } from '../history/history-module';
import type { KnowledgeModule } from '../knowledge/knowledge-module';
import type { LinkService } from '../links/link-service';
import type { ServerStop } from '../backend/run/stop-record';
import { createChatService, readAheadOff, type LocalServer } from './chat-service';
import type { RetryPolicy } from './retry-stream';
import type { SlotKeeper } from './slot-cache/slot-keeper';
import { LiveRuns } from './live-runs';
import { finishStructured, schemaRefusal } from './structured-answer';
import { createSendPlanner, type ChatInput } from '@shared/chat/send-planner';
import { createCompaction } from '@shared/chat/compaction';
import { summaryWriter } from './summary-writer';

/** What the chat area needs of the agent area, which is opened after it (with its chat service). */
export interface ChatAgentPart {
  prefill(input: PrefillInput, off: string | null): Promise<PrefillResult>;
  toolsPrompt(input: ToolsPromptRequest): Promise<{ text: string }> | { text: string };
}

/** A local server as the backend area (the single model) and the model pool (router mode) hand it out. */
interface ServerSource {
  stoppedSince(since: number): Promise<ServerStop | null>;
}

export interface ChatModuleDeps {
  backend: ServerSource & {
    localEndpoint(): LocalServer | null;
    readyEndpoint(signal: AbortSignal): Promise<LocalServer>;
    appLog(line: string): void;
  };
  pool: ServerSource & { endpoint(model: string): Promise<LocalServer> };
  links: LinkService;
  settings: { get(): AppSettings };
  /** the conversation cache (instant reopen) */
  slots?: SlotKeeper;
  events: Pick<EventBus, 'emit' | 'attach'>;
  /** `checkpoints`: the summaries of compaction; without them nothing is summarised */
  history: Pick<HistoryModule, 'recordSend' | 'nameAfter'> & Partial<Pick<HistoryModule, 'checkpoints'>>;
  knowledge: Pick<KnowledgeModule, 'withKnowledge'>;
  /** the agent area; asked only once a request needs it */
  agent: () => ChatAgentPart;
  /** for tests: a short "no data" timeout instead of 120 s */
  idleTimeoutMs?: number;
  retryPolicy?: RetryPolicy;
  fetch?: typeof fetch;
}

export function openChat(deps: ChatModuleDeps) {
  const { events, history, knowledge, settings, agent, backend, pool } = deps;
  // Kept up to date from the chat service's own state and the agent's events, so a page that reloads can pick a
  // request up again.
  const live = new LiveRuns(events.emit);
  const detach = events.attach(live.observe);
  const chat = createChatService({
    localServer: () => backend.localEndpoint(),
    readyLocalServer: (signal) => backend.readyEndpoint(signal),
    poolServer: (model) => pool.endpoint(model),
    links: deps.links,
    emit: events.emit,
    fetch: deps.fetch,
    idleTimeoutMs: deps.idleTimeoutMs,
    slots: deps.slots,
    retryPolicy: deps.retryPolicy,
    log: (line) => backend.appLog(line),
    serverStopped: (endpoint, since) =>
      (endpoint.kind === 'local' && endpoint.model ? pool : backend).stoppedSince(since),
    streamed: (requestId, state) => live.streamed(requestId, state),
  });
  /** Sends being planned that wait on a summary request (the send's id → the summary's), for Stop. */
  const summarising = new Map<string, string>();
  const compaction = history.checkpoints
    ? createCompaction({
        keeper: history.checkpoints,
        write: summaryWriter((input) => chat.send(input), summarising),
        count: (endpoint, text) =>
          chat
            .countTokens({ endpoint, systemPrompt: text, messages: [] })
            .then((counted) => (counted.exact ? counted.tokens : null))
            // The summary's size is shown in the meter from the plan's own count; kept here only when known.
            .catch(() => null),
      })
    : undefined;
  const planner = createSendPlanner({
    withKnowledge: (input) => knowledge.withKnowledge(input),
    count: (input) => chat.countTokens(input),
    toolsPrompt: async (tools) => (await agent().toolsPrompt(tools)).text,
    ...(compaction ? { compaction } : {}),
  });
  /** JSON schemas checked for use, and finished answers against theirs (structured-answer.ts) */
  const schemas = createStructuredChecker();
  /** Sends being planned, and those of them the user stopped before they went out. */
  const planning = new Set<string>();
  const stoppedEarly = new Set<string>();

  async function sendChat(input: ChatInput): Promise<ChatResult> {
    const started = performance.now();
    const badSchema = schemaRefusal(schemas, input);
    if (badSchema) throw badSchema;
    planning.add(input.requestId);
    const prepared = await planner.take(input).finally(() => planning.delete(input.requestId));
    const stopped = stoppedEarly.delete(input.requestId);
    if (!prepared.plan.ok) throw refused(prepared.plan.refusal);
    const recording = history.recordSend(
      prepared.input,
      prepared.citations.length > 0 ? { citations: prepared.citations } : undefined,
    );
    let result: ChatResult;
    try {
      result = stopped
        ? stoppedBeforeSending(input.requestId, performance.now() - started)
        : finishStructured(schemas, input, await chat.send(prepared.input, recording?.observe, prepared.notices));
    } catch (error) {
      await recording?.fail(error);
      throw error;
    }
    await recording?.finish(result);
    history.nameAfter(chat.send, prepared.input, result);
    return result;
  }

  const handlers = {
    'chat:send': async (input: ChatSendInput) =>
      input.mode === 'chat'
        ? live.track({ requestId: input.requestId, kind: 'chat', record: input.record }, () => sendChat(input))
        : chat.send(input),
    'chat:plan': async (input) => planner.plan(input),
    'chat:compact': async (input) => planner.compact(input),
    'chat:stop': async ({ requestId }) => {
      const summary = summarising.get(requestId);
      if (summary) chat.stop(summary);
      const result = chat.stop(requestId);
      if (result.stopped || !planning.has(requestId)) return result;
      // Stopped while its plan is made (a count, the knowledge query): it is not sent at all.
      stoppedEarly.add(requestId);
      return { stopped: true };
    },
    'chat:props': async (input) => chat.props(input?.endpoint),
    'chat:count-tokens': async (input) => chat.countTokens(input),
    'chat:prefill': async (input) => (input.agent ? agent() : chat).prefill(input, readAheadOff(settings.get())),
    'runs:live': async ({ conversationId }) => ({ runs: live.inConversation(conversationId) }),
    'chat:check-schema': async ({ schema }) => ({ problem: schemas.schemaProblem(schema) }),
  } satisfies Pick<InvokeHandlers, keyof typeof chatChannels>;

  return {
    handlers,
    /** the service that requests answers; the agent sends each model turn through it */
    service: chat,
    /** the requests answered now; the agent area tracks its runs here too */
    live,
    dispose(): void {
      detach();
      chat.dispose();
    },
  };
}

export type ChatModule = ReturnType<typeof openChat>;

/** A send whose prompt cannot fit: the same refusal the plan showed, as an error the page words. */
function refused(refusal: SendRefusal): AppFailure {
  return new AppFailure(
    'bad_request',
    `the prompt (${refusal.tokens} tokens) does not fit the context (${refusal.budget} of ${refusal.nCtx} for the prompt)`,
    { ...refusal, refused: refusal.reason, reason: 'context_refused' },
  );
}

function stoppedBeforeSending(requestId: string, elapsedMs: number): ChatResult {
  const { internal: _internal, ...empty } = initialStreamingMessage();
  return { ...empty, status: 'stopped', requestId, elapsedMs: Math.round(elapsedMs) };
}
