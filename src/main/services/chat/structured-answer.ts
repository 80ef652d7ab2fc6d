// A send that requires a JSON schema, at its two ends in the core: before it goes out, a schema ajv cannot use is
// refused (the page and the terminal check first; this is for every other caller); when it ends, the answer is
// checked against the schema (the result goes to the page and into the history with the answer), and a server's
// refusal of the schema (llama-server answers 400 for one it cannot turn into a grammar, a hosted API for one its
// strict mode does not take) is named as such, so the page says it in one sentence.
import type { ChatSendInput } from '@shared/chat/schemas';
import type { StructuredChecker } from '@shared/chat/structured-check';
import type { ChatResult } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { reasonOf } from './http-error';

/** Refuses a schema ajv cannot use, before anything is sent; null when there is none or it is fine. */
export function schemaRefusal(checker: StructuredChecker, input: ChatSendInput): AppFailure | null {
  if (input.mode !== 'chat' || !input.structuredOutput) return null;
  const problem = checker.schemaProblem(input.structuredOutput.schema);
  if (!problem) return null;
  const where = problem.reason === 'not_schema' ? ` at ${problem.path}: ${problem.message}` : '';
  return new AppFailure('bad_request', `the structured output's JSON schema is not valid${where}`, {
    ...problem,
    reason: 'schema_invalid',
    problem: problem.reason,
  });
}

/** The result of a send that required a schema, as the page and the history get it. */
export function finishStructured(checker: StructuredChecker, input: ChatSendInput, result: ChatResult): ChatResult {
  if (input.mode !== 'chat' || !input.structuredOutput) return result;
  if (result.status === 'done') {
    const cutOff = result.finishReason === 'length';
    return { ...result, schemaCheck: checker.check(input.structuredOutput.schema, result.content, cutOff) };
  }
  const said = result.status === 'error' ? schemaRejection(result.error) : null;
  if (said === null || !result.error) return result;
  const { body: _body, ...details } = result.error.details ?? {};
  return {
    ...result,
    error: {
      ...result.error,
      message: `the server cannot answer in this JSON schema: ${said}`,
      details: { ...details, reason: 'schema_rejected', said },
    },
  };
}

/** Statuses a server answers a request it will not take with. */
const REFUSED = new Set([400, 422]);

/**
 * The server's own words when an HTTP failure is its refusal of the schema (its reason names the schema, a grammar or
 * response_format), else null. A request refused for anything else keeps its own error.
 */
function schemaRejection(error: ChatResult['error']): string | null {
  if (error?.code !== 'http_error') return null;
  const { status, body } = error.details ?? {};
  if (typeof status !== 'number' || !REFUSED.has(status)) return null;
  const said = (typeof body === 'string' ? reasonOf(body, null) : null) ?? error.message.replace(/^HTTP \d+:\s*/, '');
  return /schema|grammar|response_format/i.test(said) ? said : null;
}
