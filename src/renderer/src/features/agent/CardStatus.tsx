// The foot of a card that waits for the user (an approval, a server's question): what it waits for, and why an answer
// was refused, in the UI's language.
import type { AppError } from '@shared/errors';
import { useT, type MessageKey } from '../../i18n';
import { appErrorTextWithCause } from '../../ui/app-error-text';

export function CardWaiting({ sending, waitingKey }: { sending: boolean; waitingKey: MessageKey }) {
  const t = useT();
  return (
    <span className="muted small approval-waiting" role="status">
      {sending ? t('agent.approval.sending') : t(waitingKey)}
    </span>
  );
}

export function CardError({ error }: { error: AppError | null }) {
  const t = useT();
  if (!error) return null;
  return (
    <p className="inline-error" role="alert">
      {appErrorTextWithCause(t, error)}
    </p>
  );
}
