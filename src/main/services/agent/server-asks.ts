// What an MCP server asks during a tool call of a run, put to the user of that
// run: a question becomes a form card (`agent:elicit`, answered with
// `agent:elicit-answer`), a sampling request an approval card (`agent:ask` with
// `sampling`) that names the model that would answer and the token limit; once
// allowed, the run's own endpoint answers. Stop cancels both.
import { randomUUID } from 'node:crypto';
import type { EndpointRef } from '@shared/chat/schemas';
import { AppFailure } from '@shared/errors';
import { checkElicitValues, describeElicitProblem, type ElicitAnswer, type ElicitField } from '@shared/mcp/elicit-form';
import type { ElicitAnswerInput, SamplingRequest, ServerAsks } from '@shared/mcp/mcp-server-asks';
import type { EventSink } from '../events/event-bus';
import type { ChatService } from '../chat/chat-service';
import type { LinkService } from '../links/link-service';
import type { ConsentBroker } from './consent-broker';

interface PendingForm {
  requestId: string;
  fields: readonly ElicitField[];
  resolve: (answer: ElicitAnswer) => void;
}

/** Open form cards: the call waits until the user answers, the run stops or the call is cancelled. */
export class FormBroker {
  private readonly pending = new Map<string, PendingForm>();

  /** `card.open` shows the card; `card.close` follows once, however it settles, so no page keeps it open. */
  ask(
    requestId: string,
    fields: readonly ElicitField[],
    signal: AbortSignal | undefined,
    card: { open: (askId: string) => void; close: (askId: string) => void },
  ): Promise<ElicitAnswer> {
    const askId = randomUUID();
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve({ action: 'cancel' });
      const done = (answer: ElicitAnswer): void => {
        signal?.removeEventListener('abort', onAbort);
        if (!this.pending.delete(askId)) return;
        resolve(answer);
        card.close(askId);
      };
      const onAbort = (): void => done({ action: 'cancel' });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(askId, { requestId, fields, resolve: done });
      card.open(askId);
    });
  }

  /** Values that do not fit the fields are refused, and the card still waits. */
  answer({ askId, answer }: ElicitAnswerInput): { accepted: boolean } {
    const pending = this.pending.get(askId);
    if (!pending) return { accepted: false };
    if (answer.action !== 'accept') {
      pending.resolve(answer);
      return { accepted: true };
    }
    const checked = checkElicitValues(pending.fields, answer.content);
    if (!checked.ok)
      throw new AppFailure(
        'bad_request',
        `the answer does not fit the form: ${checked.problems.map(describeElicitProblem).join('; ')}`,
        { problems: checked.problems },
      );
    pending.resolve({ action: 'accept', content: checked.content });
    return { accepted: true };
  }

  cancel(requestId?: string): void {
    for (const pending of [...this.pending.values()])
      if (requestId === undefined || pending.requestId === requestId) pending.resolve({ action: 'cancel' });
  }
}

export interface ServerAsksDeps {
  emit: EventSink;
  consent: ConsentBroker;
  forms: FormBroker;
  chat: Pick<ChatService, 'send' | 'props'>;
  links: Pick<LinkService, 'resolve'>;
}

/** The asks of one run: its cards, its endpoint. */
export function serverAsksFor(deps: ServerAsksDeps, run: { requestId: string; endpoint: EndpointRef }): ServerAsks {
  const { requestId, endpoint } = run;
  return {
    elicit: (question, signal) =>
      deps.forms.ask(requestId, question.fields, signal, {
        open: (askId) => deps.emit('agent:elicit', { requestId, askId, ...question }),
        close: (askId) => deps.emit('agent:elicit-closed', { requestId, askId }),
      }),
    async sample(request, signal) {
      const model = await modelOf(deps, endpoint);
      const who = `MCP server "${request.server}"`;
      const answer = await deps.consent.ask(requestId, ['allow_once', 'deny'], (askId) =>
        deps.emit('agent:ask', {
          requestId,
          askId,
          tool: `${request.server}@${request.tool}`,
          risk: 'read',
          args: {},
          preview: { kind: 'none', text: samplingPreview(request, model) },
          choices: ['allow_once', 'deny'],
          sampling: { server: request.server, model, maxTokens: request.maxTokens },
        }),
      );
      if (answer.kind === 'deny')
        return {
          ok: false,
          refused: true,
          message: `the user did not let ${who} use their model${answer.reason ? `: ${answer.reason}` : ''}`,
        };
      if (signal?.aborted) return { ok: false, refused: true, message: 'the run was stopped' };
      const result = await deps.chat.send({
        mode: 'chat',
        // Not `<run>:<n>`: that would be taken for one of the run's own turns, and its words shown as the answer.
        requestId: `mcp-sample-${randomUUID()}`,
        endpoint,
        systemPrompt: request.systemPrompt ?? '',
        messages: request.messages.map((message) => ({ role: message.role, content: message.text })),
        sampling: {
          max_tokens: request.maxTokens,
          ...(request.temperature !== undefined ? { temperature: Math.min(2, Math.max(0, request.temperature)) } : {}),
          ...(request.stopSequences ? { stop: request.stopSequences.slice(0, 32) } : {}),
        },
        idSlot: null,
      });
      if (result.status !== 'done')
        return {
          ok: false,
          refused: false,
          message: `${model} did not answer ${who}: ${result.error?.message ?? result.status}`,
        };
      return {
        ok: true,
        text: result.content,
        model: result.author?.model ?? model,
        stopReason: result.finishReason === 'length' ? 'maxTokens' : 'endTurn',
      };
    },
  };
}

/** The model the run's endpoint answers with, as the user knows it. */
async function modelOf(deps: ServerAsksDeps, endpoint: EndpointRef): Promise<string> {
  if (endpoint.kind === 'link') {
    const { profile } = await deps.links.resolve(endpoint.linkId);
    return profile.model ? `${profile.model} (${profile.name})` : profile.name;
  }
  if (endpoint.model) return endpoint.model;
  // The name is only for the card: a server that cannot say it is named in general terms.
  const props = await deps.chat.props(endpoint).catch(() => null);
  return props?.model || 'the loaded model';
}

/** The card's text: the messages the model would read, in order. */
function samplingPreview(request: SamplingRequest, model: string): string {
  const lines = [`${model} · at most ${request.maxTokens} tokens`];
  if (request.systemPrompt) lines.push(`system: ${request.systemPrompt}`);
  for (const message of request.messages) lines.push(`${message.role}: ${message.text}`);
  return lines.join('\n\n');
}
