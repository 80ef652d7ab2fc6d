// A failure in the user's language, with what to do next. The core keeps English
// sentences (logs, CLI) and gives every failure a stable code with its numbers and
// paths in `details`; this maps the code to UI text, and falls back to the core's
// sentence for a code this build does not know (a newer core).
import { causeInText } from '@shared/error-causes';
import { USER_ERROR_CODES } from '@shared/errors';
import { catalogs, type MessageKey, type MessageVars, type Translate } from '../i18n';
import { formatBytes, formatCount } from '../lib/format';
import { exitText } from './start-failure-text';

/** The `{code, message, details}` shape of an AppError and of a ChatError. */
export interface ErrorLike {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

const KNOWN: ReadonlySet<string> = new Set(USER_ERROR_CODES);

/** The key of a code's sentence without variables: `error.<code>` (each one is checked by app-error-text.test). */
export function errorKey(code: string): MessageKey {
  return `error.${code}` as MessageKey;
}

/** A sentence naming the file, port, status or sizes, where the details carry them. */
function detailedText(t: Translate, error: ErrorLike): string | null {
  const details = error.details ?? {};
  const say = (key: MessageKey, vars: MessageVars): string => t(key, vars);
  switch (error.code) {
    case 'context_exceeded': {
      const { nPromptTokens, nCtx } = details;
      return typeof nPromptTokens === 'number' && typeof nCtx === 'number'
        ? say('chat.error.contextExceeded', { tokens: formatCount(nPromptTokens), nCtx: formatCount(nCtx) })
        : null;
    }
    case 'model_missing':
    case 'model_unreadable':
    case 'model_invalid':
      return typeof details.path === 'string' && details.path !== ''
        ? say(`error.${error.code}.path` as MessageKey, { path: details.path })
        : null;
    case 'truncated':
      // The local server died under the answer (chat-service.ts): which exit, and whether it comes back.
      return details.reason === 'server_stopped' && typeof details.how === 'string'
        ? say(details.restarting === true ? 'chat.error.serverStopped.restarting' : 'chat.error.serverStopped.gaveUp', {
            how: stopHow(t, details, details.how),
          })
        : null;
    case 'backend_failed':
      // A local RPC worker died during the load and took llama-server with it (backend-manager.ts): name it.
      return typeof details.endpoint === 'string' && typeof details.workerExit === 'string'
        ? say('error.backend_failed.rpcWorker', {
            endpoint: details.endpoint,
            how: exitText(t, details, details.workerExit, details.workerSaid),
          })
        : null;
    case 'port_invalid':
      return typeof details.port === 'number' ? say('error.port_invalid.port', { port: String(details.port) }) : null;
    case 'endpoint_error':
    case 'http_error':
      return typeof details.status === 'number'
        ? say(`error.${error.code}.status` as MessageKey, { status: details.status })
        : null;
    default:
      return null;
  }
}

/**
 * A failure whose `details.reason` names its precise cause (the model library's:
 * disk_full, checksum_mismatch, …; a schema check's field; a network errno) has a
 * sentence of its own, with its sizes and path. Without one, a cause the core's
 * sentence names (a program not found, ECONNREFUSED) is worded the same way.
 */
function reasonText(t: Translate, error: ErrorLike): string | null {
  const details = error.details ?? {};
  const found = typeof details.reason === 'string' ? null : causeInText(error.message);
  const reason = typeof details.reason === 'string' ? details.reason : found?.reason;
  if (reason === undefined) return null;
  const byStatus =
    reason === 'hub_status' && typeof details.status === 'number' ? `error.reason.hub_status.${details.status}` : null;
  const key = [byStatus, `error.reason.${reason}`].find(
    (candidate): candidate is string => candidate !== null && hasKey(candidate),
  );
  if (key === undefined) return null;
  const size = (value: unknown): string => (typeof value === 'number' ? formatBytes(value) : '?');
  const vars: MessageVars = {
    ...plainVars(details),
    ...(found?.command !== undefined ? { command: found.command } : {}),
    path: typeof details.path === 'string' ? details.path : '',
    status: typeof details.status === 'number' ? details.status : '',
    needed: size(details.neededBytes),
    free: size(details.freeBytes),
    received: size(details.receivedBytes),
    total: size(details.totalBytes),
    field: typeof details.field === 'string' && details.field !== '' ? details.field : t('input.wholeRequest'),
    expected: expectedText(t, details.expected),
  };
  return t(key as MessageKey, vars);
}

const hasKey = (key: string): boolean => Object.prototype.hasOwnProperty.call(catalogs.en, key);

/** The details' strings and numbers, as placeholders: `{endpoint}`, `{line}`, `{options}`, … */
function plainVars(details: Record<string, unknown>): MessageVars {
  const vars: MessageVars = {};
  for (const [name, value] of Object.entries(details))
    if (typeof value === 'string' || typeof value === 'number') vars[name] = value;
  return vars;
}

/** zod's type name in words ("a number"); a name with no words (a format such as `email`) as it is. */
function expectedText(t: Translate, expected: unknown): string {
  if (typeof expected !== 'string') return '';
  const key = `input.expected.${expected}`;
  return hasKey(key) ? t(key as MessageKey) : expected;
}

/**
 * The code whose sentence fits: a history failure names its precise cause in
 * `details.historyCode` (shared/history/errors.ts) under the contract's nearest code.
 */
function sentenceCode(error: ErrorLike): string {
  const historyCode = error.details?.historyCode;
  return typeof historyCode === 'string' && KNOWN.has(historyCode) ? historyCode : error.code;
}

/** What went wrong and what to do, in the UI's language; the core's own sentence for an unknown code. */
export function appErrorText(t: Translate, error: ErrorLike): string {
  const code = sentenceCode(error);
  if (!KNOWN.has(code)) return error.message;
  return reasonText(t, error) ?? detailedText(t, error) ?? t(errorKey(code));
}

/**
 * The core's own sentence, for a tooltip or a details line beside appErrorText: what a
 * bug report quotes. Null when it says nothing more than the text already shown.
 */
export function appErrorCause(t: Translate, error: ErrorLike): string | null {
  const cause = error.message.trim();
  return cause === '' || cause === appErrorText(t, error) ? null : cause;
}

/**
 * As appErrorText, followed by the core's sentence in brackets: the technical cause
 * ("connection refused", the server's own reason) that a generic sentence leaves out.
 */
export function appErrorTextWithCause(t: Translate, error: ErrorLike): string {
  const code = sentenceCode(error);
  if (!KNOWN.has(code)) return error.message;
  const detailed = reasonText(t, error) ?? detailedText(t, error);
  if (detailed !== null) return detailed;
  const text = t(errorKey(code));
  const cause = error.message.trim();
  return cause === '' || cause === text ? text : t('error.withCause', { text, message: cause });
}

/** How the server stopped under an answer: its exit, or the RPC worker whose loss took it down. */
function stopHow(t: Translate, details: Record<string, unknown>, fallback: string): string {
  const exit = exitText(t, details, fallback);
  return typeof details.worker === 'string' && exit !== fallback
    ? t('exit.worker', { endpoint: details.worker, exit })
    : exit;
}
