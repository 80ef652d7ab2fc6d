// Whether a failed native-protocol request means "this endpoint does not do
// native tools", so the run should switch to the prompt protocol instead of
// failing. Servers say it in many ways: llama-server without --jinja answers
// "tools param requires --jinja flag", a template without tool support throws a
// template error, and some endpoints answer a `role: "tool"` message with a bare
// 400 or with a body that is not JSON at all once tool messages were sent.
import type { ChatError } from '../../chat/types';

/** What was in the request that failed. */
export interface RejectedRequest {
  /** the request carried role "tool" messages or assistant tool_calls */
  sentToolMessages: boolean;
}

// Words servers use when they refuse tools, tool messages or the template that renders them.
const TOOL_WORDS = /\btools?\b|tool_c(all|hoice)|\bfunctions?\b|function[_ ]call|jinja|template|\brole\b/i;
// llama-server could not read the model's tool call in the template's format; our own
// parser is more forgiving and gives the model its mistake back to fix.
const UNPARSED_CALL = /does not match the expected|failed to parse tool call/i;
// Failures that say something else is wrong; switching protocols would not help.
const OTHER_CAUSES =
  /context|too long|maximum[^.]*tokens|exceed|rate limit|quota|api key|unauthori[sz]ed|insufficient/i;
const NOT_ABOUT_TOOLS = new Set([401, 402, 403, 404, 408, 409, 413, 429]);
const GARBLED: ReadonlySet<ChatError['code']> = new Set(['not_sse', 'bad_json', 'bad_chunk']);

/** The reason to fall back to the prompt protocol, or null when the error is not a refusal of native tools. */
export function nativeToolRejection(error: ChatError | undefined, request: RejectedRequest): string | null {
  if (!error) return null;
  const text = `${error.message} ${bodyOf(error)}`;
  if (OTHER_CAUSES.test(text)) return null;
  const says = TOOL_WORDS.test(text);
  const because = (what: string) => `${what} (${error.message})`;
  if (error.code === 'http_error') {
    const status = typeof error.details?.status === 'number' ? error.details.status : 0;
    if (NOT_ABOUT_TOOLS.has(status)) return null;
    if (says) return because('the endpoint refused native tool calls');
    if (request.sentToolMessages && (status === 400 || status === 422 || status >= 500))
      return because('the endpoint refused the tool result messages');
    return null;
  }
  if (error.code === 'server_error') {
    if (UNPARSED_CALL.test(text)) return because("the server could not read the model's native tool call");
    if (says) return because('the endpoint refused native tool calls');
    return request.sentToolMessages ? because('the endpoint failed on the tool result messages') : null;
  }
  if (GARBLED.has(error.code)) {
    return request.sentToolMessages || says
      ? because('the endpoint answered native tool calls with an unreadable reply')
      : null;
  }
  return null;
}

function bodyOf(error: ChatError): string {
  const body = error.details?.body;
  return typeof body === 'string' ? body.slice(0, 2000) : '';
}
