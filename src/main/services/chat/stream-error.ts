// The error value of a stream that failed, and the reason behind a failed request.
import type { ChatError, ChatErrorCode } from '@shared/chat/types';
import { errorText } from '@shared/errors';

export function chatError(code: ChatErrorCode, message: string, details?: Record<string, unknown>): ChatError {
  return details ? { code, message, details } : { code, message };
}

/**
 * node:http says the reason in the message; undici (a test's fetch) says "fetch failed" / "terminated" and hides it in
 * `cause`.
 */
export function causeOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  return errorText(error);
}
