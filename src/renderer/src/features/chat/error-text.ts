// What a failed answer says: the cause in the user's language with what to do next,
// and the core's (or server's) own words after it in brackets (ui/app-error-text.ts).
import type { Translate } from '../../i18n';
import { appErrorTextWithCause, type ErrorLike } from '../../ui/app-error-text';

export function answerErrorText(t: Translate, error: ErrorLike | undefined): string {
  if (!error) return t('chat.failed');
  return appErrorTextWithCause(t, error);
}
