// What a failed answer says, in the user's language where we know the cause; the
// core's own sentence (English) for the rest.
import type { Translate } from '../../i18n';
import { formatCount } from '../../lib/format';

export function answerErrorText(t: Translate, error: { code: string; message: string; details?: Record<string, unknown> } | undefined): string {
  if (!error) return t('chat.failed');
  if (error.code === 'context_exceeded') {
    const { nPromptTokens, nCtx } = (error.details ?? {}) as { nPromptTokens?: unknown; nCtx?: unknown };
    if (typeof nPromptTokens === 'number' && typeof nCtx === 'number') return t('chat.error.contextExceeded', { tokens: formatCount(nPromptTokens), nCtx: formatCount(nCtx) });
  }
  return error.message;
}
