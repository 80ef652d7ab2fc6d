// `eva ask`: one answer, streamed to stdout as it comes, saved in the history
// like one asked in the window (a new conversation). Ctrl+C stops the answer and
// keeps what arrived (exit 130); a second Ctrl+C quits at once.
import { randomUUID } from 'node:crypto';
import type { CoreSession } from './core-session';
import { chooseEndpoint } from './endpoint-choice';
import type { EvaOptions } from './eva-args';
import type { EvaOutput } from './eva-output';
import { EXIT } from './exit-codes';

export interface AskDeps {
  session: CoreSession;
  out: EvaOutput;
  /** progress for people, on stderr (never mixed into the answer) */
  log: (text: string) => void;
  /** register what Ctrl+C does while the answer streams; returns the unregister */
  onInterrupt: (handler: () => void) => () => void;
}

export async function askCommand(question: string, options: EvaOptions, deps: AskDeps): Promise<number> {
  const { session, out } = deps;
  const endpoint = await chooseEndpoint(session, options, deps.log);
  const settings = await session.invoke('settings:get');
  const sampling = { ...settings.chat.sampling, ...(options.maxTokens !== null ? { max_tokens: options.maxTokens } : {}) };
  const systemPrompt = options.system ?? settings.chat.systemPrompt;
  const requestId = randomUUID();
  const conversationId = randomUUID();
  const model = endpoint.kind === 'local' ? ((await session.invoke('backend:status')).model?.name ?? '') : '';
  const record = {
    conversationId,
    parentId: null,
    answerId: randomUUID(),
    question: { id: randomUUID(), content: question },
    create: { endpoint: endpoint.kind === 'local' ? { kind: 'local' as const, baseUrl: '', model } : { kind: 'link' as const, baseUrl: '', model: '', linkId: endpoint.linkId }, systemPrompt, sampling },
  };
  let wrote = false;
  session.on('chat:stream', ({ requestId: id, events }) => {
    if (id !== requestId) return;
    for (const event of events) {
      if (event.type !== 'content' || event.text === '') continue;
      out.text(event.text);
      wrote = true;
    }
    // Nobody reads any more: stop the answer (it is saved as far as it came).
    if (out.closed) void session.invoke('chat:stop', { requestId });
  });
  let interrupted = false;
  const release = deps.onInterrupt(() => {
    interrupted = true;
    void session.invoke('chat:stop', { requestId });
  });
  try {
    const result = await session.invoke('chat:send', { mode: 'chat', requestId, endpoint, systemPrompt, messages: [{ role: 'user', content: question }], sampling, idSlot: null, record });
    if (!out.json && wrote) out.text('\n');
    out.line('', { type: 'done', status: result.status, conversationId, finishReason: result.finishReason, timings: result.timings, usage: result.usage });
    if (result.status === 'error') {
      out.error(result.error?.message ?? 'the answer failed', result.error?.code);
      return EXIT.error;
    }
    if (result.status === 'stopped') return out.closed ? EXIT.ok : interrupted ? EXIT.interrupted : EXIT.error;
    return EXIT.ok;
  } finally {
    release();
  }
}
