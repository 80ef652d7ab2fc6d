// The requests the core is answering now, kept as a page would show them, so a
// page that did not start one (reloaded, or a second window) can pick it up
// where it stands: the turn streaming now, the agent's steps, its approval
// cards and the form cards it still waits on. A turn's text is the chat service's own reduced state (`streamed`, the
// one reduction in the core); steps and cards come from the same events the
// pages get (attach `observe` to the bus). It says `chat:ended` once the answer
// is saved.
import type { EventPayloads } from '@shared/contract';
import type { EventSink } from '../events/event-bus';
import type { LiveRun } from '@shared/chat/live-run';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import type { StreamingMessage } from '@shared/chat/types';
import { allowedEntryByName, type ConsentAnswer } from '@shared/tools/consent';

/** A request to keep track of; only recorded ones (with a conversation and an answer id) are. */
export interface TrackedRequest {
  requestId: string;
  kind: LiveRun['kind'];
  record?: { conversationId: string; answerId: string };
  conversationAllowed?: readonly string[];
}

export class LiveRuns {
  private readonly runs = new Map<string, LiveRun>();

  constructor(
    private readonly emit: EventSink,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `work` with the request listed as live; `chat:ended` goes out after it settles, whatever the outcome. */
  async track<T>(request: TrackedRequest, work: () => Promise<T>): Promise<T> {
    const { record } = request;
    if (!record || this.runs.has(request.requestId)) return work();
    this.runs.set(request.requestId, {
      requestId: request.requestId,
      kind: request.kind,
      conversationId: record.conversationId,
      answerId: record.answerId,
      turn: null,
      message: initialStreamingMessage(),
      steps: [],
      asks: [],
      forms: [],
      allowed: [...(request.conversationAllowed ?? [])],
      startedAt: this.now(),
    });
    try {
      return await work();
    } finally {
      this.runs.delete(request.requestId);
      this.emit('chat:ended', {
        requestId: request.requestId,
        conversationId: record.conversationId,
        answerId: record.answerId,
      });
    }
  }

  /** The state of a stream after its latest batch (the chat service reduced it): a tracked request's turn. */
  streamed(requestId: string, state: StreamingMessage): void {
    const run = this.owner(requestId);
    if (!run) return;
    // An agent run's next model turn replaces the previous one, which is in its steps now.
    run.turn = requestId;
    run.message = state;
  }

  /** An event sink for the core's bus: follows the steps and cards (approval and form) of the tracked requests. */
  readonly observe: EventSink = (event, payload) => {
    if (event === 'agent:step') {
      const { requestId, step } = payload as { requestId: string; step: LiveRun['steps'][number] };
      const run = this.runs.get(requestId);
      if (!run) return;
      const at = run.steps.findIndex((known) => known.index === step.index);
      if (at === -1) run.steps.push(step);
      else run.steps[at] = step;
    } else if (event === 'agent:ask') {
      const request = payload as LiveRun['asks'][number]['request'];
      const run = this.runs.get(request.requestId);
      if (run && !run.asks.some((ask) => ask.request.askId === request.askId)) run.asks.push({ request, answer: null });
    } else if (event === 'agent:elicit') {
      const request = payload as EventPayloads['agent:elicit'];
      const run = this.runs.get(request.requestId);
      if (run && !run.forms.some((form) => form.askId === request.askId)) run.forms.push(request);
    } else if (event === 'agent:elicit-closed') {
      // Unlike an approval card, an answered form leaves no trace on the page: the tool's step tells the rest.
      const { requestId, askId } = payload as EventPayloads['agent:elicit-closed'];
      const run = this.runs.get(requestId);
      if (run) run.forms = run.forms.filter((form) => form.askId !== askId);
    }
  };

  /** The core accepted the user's answer to a card. */
  answered(askId: string, answer: ConsentAnswer): void {
    for (const run of this.runs.values()) {
      const ask = run.asks.find((candidate) => candidate.request.askId === askId);
      if (!ask) continue;
      ask.answer = answer;
      const entry = allowedEntryByName(ask.request.tool, answer);
      if (entry !== null && !run.allowed.includes(entry)) run.allowed.push(entry);
      return;
    }
  }

  /** Copies of the conversation's live requests (a caller cannot change them). */
  inConversation(conversationId: string): LiveRun[] {
    return [...this.runs.values()]
      .filter((run) => run.conversationId === conversationId)
      .map((run) => structuredClone(run));
  }

  /** The tracked request a stream belongs to: itself, or the agent run whose turn `<id>:<n>` it is. */
  private owner(streamId: string): LiveRun | undefined {
    const direct = this.runs.get(streamId);
    if (direct) return direct;
    const cut = streamId.lastIndexOf(':');
    const run = cut > 0 ? this.runs.get(streamId.slice(0, cut)) : undefined;
    return run?.kind === 'agent' ? run : undefined;
  }
}
