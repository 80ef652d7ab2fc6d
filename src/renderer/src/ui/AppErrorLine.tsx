// A failed call shown in place: the translated sentence with what to do next, and the
// core's own sentence as the tooltip, which is what a bug report should quote.
import { useT } from '../i18n';
import { appErrorCause, appErrorText, type ErrorLike } from './app-error-text';

interface Props {
  error: ErrorLike;
  className?: string;
  testId?: string;
}

export function AppErrorLine({ error, className = 'inline-error', testId }: Props) {
  const t = useT();
  return (
    <p
      className={className}
      role="alert"
      data-testid={testId}
      data-code={error.code}
      title={appErrorCause(t, error) ?? undefined}
    >
      {appErrorText(t, error)}
    </p>
  );
}
