// `eva ask`: one answer, streamed to stdout as it comes, saved in the history
// like one asked in the window (a new conversation). Ctrl+C stops the answer and
// keeps what arrived (exit 130); a second Ctrl+C quits at once.
import { firstRecord, sendTurn } from './chat-turn';
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
  const sampling = {
    ...settings.chat.sampling,
    ...(options.maxTokens !== null ? { max_tokens: options.maxTokens } : {}),
  };
  const systemPrompt = options.system ?? settings.chat.systemPrompt;
  const model = endpoint.kind === 'local' ? ((await session.invoke('backend:status')).model?.name ?? '') : '';
  const record = firstRecord(question, endpoint, model, systemPrompt, sampling);
  const { result, interrupted } = await sendTurn(
    { endpoint, systemPrompt, sampling, messages: [{ role: 'user', content: question }], record },
    session,
    out,
    deps.onInterrupt,
  );
  out.event({
    type: 'done',
    status: result.status,
    conversationId: record.conversationId,
    finishReason: result.finishReason,
    timings: result.timings,
    usage: result.usage,
  });
  if (result.status === 'error') {
    out.error(result.error?.message ?? 'the answer failed', result.error?.code);
    return EXIT.error;
  }
  if (result.status === 'stopped') return out.closed ? EXIT.ok : interrupted ? EXIT.interrupted : EXIT.error;
  return EXIT.ok;
}
