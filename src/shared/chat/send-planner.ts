// The one fit of a send, made where everything its prompt will carry is known
// (the core's chat area; the in-memory platform runs the same planner): the
// knowledge passages go into the last question first, an agent run's tool list
// counts as part of the system prompt, a summary checkpoint of the history stands
// in for the messages it covers (send-summary.ts; under `compact` one is written
// first when the prompt does not fit), and then the overflow policy decides
// what is left out with the endpoint's exact count (context-fit.ts).
// `chat:plan` shows the page this plan and `chat:send` applies it: the plan made
// for a request id is kept until its send takes it, so both see the same
// passages and the same cut.
import { AppFailure, toAppError } from '../errors';
import type { SummaryCheckpoint } from '../history/types';
import type { KnowledgeHit } from '../knowledge/knowledge-types';
import { joinToolsPrompt } from '../tools/agent/tools-prompt';
import type { ToolsPromptRequest } from '../tools/tool-selection';
import type { CompactionPort } from './compaction';
import { fitContext, surelyFitsContext, type ContextFit } from './context-fit';
import type { CountTokensInput, OverflowPolicy, TokenCount } from './context-types';
import type { ChatSendInput } from './schemas';
import type { SendPlan, SendPlanInput } from './send-plan';
import {
  compactionFailed,
  compactionShort,
  compactNow,
  findSummary,
  summaryView,
  type SummaryView,
} from './send-summary';
import { joinSummary } from './summary-prompt';
import { estimateMessageTokens } from './token-estimate';
import type { AnswerNotice, ChatMessage } from './types';

export type ChatInput = Extract<ChatSendInput, { mode: 'chat' }>;

export interface SendPlannerDeps {
  /** the composer's knowledge toggle: passages into the last question; rejects when the query failed */
  withKnowledge: (input: ChatInput) => Promise<{ input: ChatSendInput; citations: KnowledgeHit[] }>;
  /** the endpoint's count of a prompt: exact for llama-server, else the estimate */
  count: (input: CountTokensInput) => Promise<TokenCount>;
  /** the tool list an agent run with these choices adds to its system prompt */
  toolsPrompt: (tools: ToolsPromptRequest) => Promise<string | null>;
  /** the history's summary checkpoints and the model that writes them; absent: no summary is used or made */
  compaction?: CompactionPort;
}

/** A send as it will go out, with its plan. */
export interface PreparedSend {
  plan: SendPlan;
  /** fitted, passages in, `fit` taken off */
  input: ChatInput;
  citations: KnowledgeHit[];
  /** sub-steps that failed (the knowledge query, the summary), for the answer to show */
  notices: AnswerNotice[];
  /** the summary checkpoint written for this send */
  checkpoint?: SummaryCheckpoint;
}

/** Plans kept for sends not made yet; a page that planned and then did not send leaves one behind at most. */
const KEPT_PLANS = 8;

/**
 * The fit alone: `messages` as the overflow policy leaves them, with the count that decided. A prompt far below the
 * budget, or an unknown n_ctx, is not counted at all.
 */
export async function fitMessages(
  input: ChatInput,
  systemPrompt: string,
  count?: (messages: readonly ChatMessage[]) => Promise<TokenCount | null>,
): Promise<ContextFit> {
  const nCtx = input.fit?.nCtx ?? null;
  const maxTokens = input.sampling.max_tokens;
  const whole: ContextFit = { ok: true, messages: [...input.messages], dropped: 0, tokens: null, exact: false };
  if (!input.fit || nCtx === null || surelyFitsContext(systemPrompt, input.messages, nCtx, maxTokens)) return whole;
  return fitContext({ systemPrompt, messages: input.messages, nCtx, maxTokens, policy: input.fit.policy, count });
}

export function createSendPlanner(deps: SendPlannerDeps) {
  const kept = new Map<string, { key: string; prepared: Promise<PreparedSend> }>();

  async function passagesFor(input: ChatInput): Promise<Omit<PreparedSend, 'plan'>> {
    try {
      const known = await deps.withKnowledge(input);
      return { input: known.input as ChatInput, citations: known.citations, notices: [] };
    } catch (error) {
      const message = `The knowledge base could not be searched (${toAppError(error).message}); this answer was written without its passages.`;
      return { input, citations: [], notices: [{ code: 'knowledge_failed', message }] };
    }
  }

  async function prepare(request: SendPlanInput, force = false): Promise<PreparedSend> {
    const { agent, measure, ...send } = request;
    // An agent run looks things up with its own knowledge tool; only a plain chat gets passages put in.
    const known = agent ? { input: send, citations: [], notices: [] } : await passagesFor(send);
    // Without n_ctx nothing is cut, so only the meter needs the tool list then.
    const toolsPrompt = agent && (send.fit?.nCtx || measure) ? await deps.toolsPrompt(agent) : null;
    const withTools = (prompt: string) => (toolsPrompt ? joinToolsPrompt(prompt, toolsPrompt) : prompt);
    const found = await findSummary(deps.compaction, send.fit?.saved);
    const notices = [...known.notices, ...found.notices];
    let view = summaryView(known.input, found.inPlace);
    const fitOf = (policy: OverflowPolicy | undefined) =>
      fitMessages(
        {
          ...known.input,
          messages: view.messages,
          ...(known.input.fit && policy ? { fit: { ...known.input.fit, policy } } : {}),
        },
        withTools(view.systemPrompt),
        (messages) =>
          deps.count({ endpoint: send.endpoint, systemPrompt: withTools(view.systemPrompt), messages: [...messages] }),
      );
    // Under `compact` a send that would not fit has the model summarise first; the meter only looks.
    const policy = send.fit?.policy;
    let fitted: ContextFit | null = null;
    if (force || (policy === 'compact' && !measure && send.fit?.saved && deps.compaction)) {
      fitted = force ? null : await fitOf('stop');
      if (!fitted || (!fitted.ok && fitted.refusal.reason === 'stop')) {
        try {
          const made = await compactNow(deps.compaction, known.input, withTools(send.systemPrompt), found.inPlace);
          view = summaryView(known.input, made, true);
        } catch (error) {
          if (force) throw error;
          notices.push(compactionFailed(error));
        }
        fitted = null;
      }
    }
    fitted ??= await fitOf(undefined);
    const { fit: _fit, ...rest } = known.input;
    const input = { ...rest, systemPrompt: view.systemPrompt, messages: fitted.ok ? fitted.messages : view.messages };
    const madeFor = { ...known, notices, ...(view.made ? { checkpoint: view.made } : {}) };
    if (!fitted.ok) {
      const toolTokens = toolsPrompt ? await toolListTokens(send, toolsPrompt) : undefined;
      const refusal = toolTokens === undefined ? fitted.refusal : { ...fitted.refusal, toolTokens };
      return { ...madeFor, input, plan: { ok: false, refusal } };
    }
    if (view.made && fitted.dropped > 0) notices.push(compactionShort(fitted.dropped));
    // The cut keeps the messages themselves, so what it left out is found by identity (passages change none).
    const kept = new Set(fitted.messages);
    const covered = view.summary?.covered ?? 0;
    const plan: SendPlan = {
      ok: true,
      dropped: fitted.dropped,
      leftOut: known.input.messages.flatMap((message, index) => (index >= covered && kept.has(message) ? [] : [index])),
      tokens: fitted.tokens,
      exact: fitted.exact,
      passages: known.citations.length,
      ...(view.summary ? { summary: view.summary } : {}),
      ...(measure && policy === 'compact' && fitted.dropped > 0 && send.fit?.saved ? { compactDue: true } : {}),
    };
    if (!measure) return { ...madeFor, input, plan };
    const measured = await shares(send, view, fitted, withTools(view.systemPrompt), toolsPrompt, plan.passages);
    return { ...madeFor, input, plan: { ...plan, ...measured } };
  }

  /**
   * What the meter shows beside the plan, counted as the fit counts: the prompt as sent, before the cut, and the
   * passages', the tool list's and the summary's part of it.
   */
  async function shares(
    send: ChatInput,
    view: SummaryView,
    fitted: Extract<ContextFit, { ok: true }>,
    systemPrompt: string,
    toolsPrompt: string | null,
    passages: number,
  ) {
    const count = (messages: readonly ChatMessage[]) =>
      deps.count({ endpoint: send.endpoint, systemPrompt, messages: [...messages] });
    const sent = fitted.tokens !== null ? { tokens: fitted.tokens, exact: fitted.exact } : await count(fitted.messages);
    const whole = fitted.dropped === 0 ? sent.tokens : (await count(view.messages)).tokens;
    // The same messages without the passages put into the last question.
    const bare = send.messages.slice(view.summary?.covered ?? 0);
    const passageTokens = passages > 0 ? Math.max(0, whole - (await count(bare)).tokens) : 0;
    const toolTokens = toolsPrompt ? await toolListTokens(send, toolsPrompt) : 0;
    const summaryTokens = view.summary ? await toolListTokens(send, joinSummary('', view.summary.text)) : 0;
    return { tokens: sent.tokens, exact: sent.exact, whole, passageTokens, toolTokens, summaryTokens };
  }

  /** A part of the system prompt (the tool list, the summary) counted alone. */
  async function toolListTokens(send: ChatInput, part: string): Promise<number> {
    const counted = await deps
      .count({ endpoint: send.endpoint, systemPrompt: part, messages: [] })
      // Where the endpoint cannot say, the estimate still tells the user about how much the part takes.
      .catch(() => null);
    return counted?.tokens ?? estimateMessageTokens({ content: part });
  }

  return {
    /** The plan `chat:send` with this input (and request id) will apply; kept for it. */
    async plan(request: SendPlanInput): Promise<SendPlan> {
      const prepared = prepare(request);
      // The meter's plans are looked at, never sent: keeping them would push out the plans of real sends.
      if (request.measure) return (await prepared).plan;
      kept.delete(request.requestId);
      kept.set(request.requestId, { key: planKey(request), prepared });
      for (const id of kept.keys()) if (kept.size > KEPT_PLANS) kept.delete(id);
      try {
        return (await prepared).plan;
      } catch (error) {
        kept.delete(request.requestId);
        throw error;
      }
    },
    /** The send as planned: the plan made for it when its input is unchanged, else planned now. */
    async take(input: ChatInput): Promise<PreparedSend> {
      const planned = kept.get(input.requestId);
      kept.delete(input.requestId);
      const prepared = planned && planned.key === planKey(input) ? await planned.prepared : await prepare(input);
      // The plan was made without the send's own fields (its record, Continue): those are the send's.
      const { fit: _fit, ...own } = input;
      const { systemPrompt, messages } = prepared.input;
      return { ...prepared, input: { ...own, systemPrompt, messages } };
    },
    /**
     * Compact now (the meter's Compact): the model summarises all but the last few exchanges, whatever the policy, and
     * the plan with the summary in place is measured for the meter. Rejects with why when nothing could be summarised.
     */
    async compact(request: SendPlanInput): Promise<{ plan: SendPlan; checkpoint: SummaryCheckpoint }> {
      const prepared = await prepare({ ...request, measure: true }, true);
      if (!prepared.checkpoint) throw new AppFailure('internal', 'the summary was written but not kept');
      return { plan: prepared.plan, checkpoint: prepared.checkpoint };
    },
  };
}

/** What a plan depends on; the record and the request's own flags do not change it. */
function planKey(input: ChatInput | SendPlanInput): string {
  const agent = 'agent' in input ? input.agent : undefined;
  return JSON.stringify([input.endpoint, input.systemPrompt, input.messages, input.sampling, input.fit, agent]);
}
