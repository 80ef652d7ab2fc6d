// `eva ask`: one answer, streamed to stdout as it comes, saved in the history
// like one asked in the window (a new conversation). Ctrl+C stops the answer and
// keeps what arrived (exit 130); a second Ctrl+C quits at once. With --schema the
// answer must fit a JSON schema: it is printed once checked, its JSON alone, so
// a script reads only JSON that fits (exit 1 and why on stderr when it does not).
import { createStructuredChecker } from '@shared/chat/structured-check';
import { answerJsonText } from '@shared/chat/structured-output';
import { firstRecord, sendTurn } from './chat-turn';
import type { CoreSession } from './core-session';
import { chooseEndpoint } from './endpoint-choice';
import type { EvaOptions } from './eva-args';
import type { EvaOutput } from './eva-output';
import { EXIT } from './exit-codes';
import { misfitText, readSchemaFile } from './schema-file';

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
  const checker = createStructuredChecker();
  const schema = options.schema === null ? null : await readSchemaFile(options.schema, checker);
  if (schema && !schema.ok) {
    out.error(schema.message, 'schema_file');
    return EXIT.usage;
  }
  const structuredOutput = schema?.output;
  const endpoint = await chooseEndpoint(session, options, deps.log);
  const settings = await session.invoke('settings:get');
  const sampling = {
    ...settings.chat.sampling,
    ...(options.maxTokens !== null ? { max_tokens: options.maxTokens } : {}),
  };
  const systemPrompt = options.system ?? settings.chat.systemPrompt;
  const model = endpoint.kind === 'local' ? ((await session.invoke('backend:status')).model?.name ?? '') : '';
  const record = firstRecord(question, endpoint, model, systemPrompt, sampling, structuredOutput);
  const { result, interrupted } = await sendTurn(
    {
      endpoint,
      systemPrompt,
      sampling,
      messages: [{ role: 'user', content: question }],
      record,
      ...(structuredOutput ? { structuredOutput } : {}),
    },
    session,
    structuredOutput && !out.json ? withoutText(out) : out,
    deps.onInterrupt,
  );
  // The core checks a finished answer; a core of an older app attached here may not, and the check is made here.
  const check =
    structuredOutput && result.status === 'done'
      ? (result.schemaCheck ?? checker.check(structuredOutput.schema, result.content, result.finishReason === 'length'))
      : null;
  out.event({
    type: 'done',
    status: result.status,
    conversationId: record.conversationId,
    finishReason: result.finishReason,
    timings: result.timings,
    usage: result.usage,
    ...(check ? { schemaCheck: check } : {}),
  });
  if (result.status === 'error') {
    const rejected = result.error?.details?.reason === 'schema_rejected';
    out.error(result.error?.message ?? 'the answer failed', rejected ? 'schema_rejected' : result.error?.code);
    return EXIT.error;
  }
  if (result.status === 'stopped') return out.closed ? EXIT.ok : interrupted ? EXIT.interrupted : EXIT.error;
  if (check) {
    const misfit = misfitText(check);
    if (misfit !== null) {
      out.error(`${misfit} (kept in the history: eva history show ${record.conversationId})`, 'schema_mismatch');
      return EXIT.error;
    }
    if (!out.json) out.text(`${answerJsonText(result.content)}\n`);
  }
  return EXIT.ok;
}

/** The output with the streamed text held back (the answer is printed once it is checked). */
function withoutText(out: EvaOutput): EvaOutput {
  return {
    json: out.json,
    text: () => undefined,
    line: (text, event) => out.line(text, event),
    event: (event) => out.event(event),
    error: (message, code) => out.error(message, code),
    get closed() {
      return out.closed;
    },
  };
}
