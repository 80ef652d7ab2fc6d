import type { AppError } from '../../platform/types';
import { useT } from '../../i18n';
import { formatElapsed } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { readStartFailure } from '@shared/backend/start-failure';
import { appErrorText } from '../../ui/app-error-text';
import { startFailureText } from '../../ui/start-failure-text';
import { logTailOf } from './log-tail';

export function LoadProgress({ startedAt }: { startedAt: number }) {
  const t = useT();
  const now = useNow(true);
  return (
    <div className="load-progress" role="status" data-testid="load-progress">
      <span className="spinner" aria-hidden="true" />
      {t('load.loading', { elapsed: formatElapsed(now - startedAt) })}
    </div>
  );
}

/**
 * The error in the user's language with what to do, the core's own sentence under it (or, where the core sent why in
 * parts, that why in the user's language with the core's sentence as its tooltip); a failed start carries the last
 * lines llama-server printed.
 */
export function LoadErrorBox({ error }: { error: AppError }) {
  const t = useT();
  const tail = logTailOf(error);
  const text = appErrorText(t, error);
  const startFailure = readStartFailure(error.details);
  // The model loaded before was started again after this one failed (the core's backend manager says which).
  const restored = error.details?.['restoredModel'];
  const notRestored = error.details?.['restoreFailedModel'];
  return (
    <div className="load-error" role="alert" data-testid="load-error" data-code={error.code}>
      <p className="load-error-message">{text}</p>
      {startFailure ? (
        <p className="muted small" title={error.message} data-testid="load-error-why">
          {startFailureText(t, startFailure)}
        </p>
      ) : (
        text !== error.message && <p className="muted small mono">{error.message}</p>
      )}
      {typeof restored === 'string' && (
        <p className="small" data-testid="load-error-restored">
          {t('load.restored', { name: restored })}
        </p>
      )}
      {typeof notRestored === 'string' && (
        <p className="small" data-testid="load-error-not-restored">
          {t('load.notRestored', { name: notRestored })}
        </p>
      )}
      {tail.length > 0 && (
        <>
          <p className="muted small">{t('load.logTail')}</p>
          <pre className="log-tail" data-testid="load-error-log">
            {tail.join('\n')}
          </pre>
        </>
      )}
    </div>
  );
}
