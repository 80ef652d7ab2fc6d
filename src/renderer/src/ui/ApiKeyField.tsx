import { useT } from '../i18n';
import { Field } from './form-fields';
import type { FieldError } from './field-error';
import type { KeyAction, KeyFields } from './key-fields';

interface Props {
  form: KeyFields;
  protection: string;
  error: FieldError | undefined;
  needsKey: boolean;
  onType: (apiKey: string) => void;
  onAction: (action: KeyAction) => void;
  /** 'link' (a remote endpoint's key) or 'load' (the local server's key for network clients) */
  testIdPrefix?: 'link' | 'load';
  /** what to say while a needed key is typed (default: a remote service needs it) */
  neededHint?: string;
}

/** How keys are sealed, in words: the secret store reports a kind ('os-keychain', 'local-key-file'). */
export function protectionText(t: ReturnType<typeof useT>, kind: string): string {
  if (kind === 'os-keychain') return t('secrets.osKeychain');
  if (kind === 'local-key-file') return t('secrets.localKeyFile');
  return kind;
}

/** Write-only: a stored key is never shown or sent back; it can only be replaced or removed. */
export function ApiKeyField({
  form,
  protection: kind,
  error,
  needsKey,
  onType,
  onAction,
  testIdPrefix = 'link',
  neededHint,
}: Props) {
  const t = useT();
  const protection = protectionText(t, kind);
  const testId = (part: string) => `${testIdPrefix}-${part}`;
  if (form.hasKey && form.keyAction === 'keep') {
    return (
      <Field label={t('link.apiKey')} className="field-wide">
        {() => (
          <div className="key-stored" data-testid={testId('key-stored')}>
            <span className="key-lock" aria-hidden="true" />
            <span>{t('link.keyStored', { protection })}</span>
            <span className="key-actions">
              <button
                type="button"
                className="btn btn-small"
                data-testid={testId('key-replace')}
                onClick={() => onAction('replace')}
              >
                {t('link.keyReplace')}
              </button>
              <button
                type="button"
                className="btn btn-small btn-danger"
                data-testid={testId('key-remove')}
                onClick={() => onAction('remove')}
              >
                {t('link.keyRemove')}
              </button>
            </span>
          </div>
        )}
      </Field>
    );
  }
  if (form.keyAction === 'remove') {
    return (
      <Field label={t('link.apiKey')} className="field-wide">
        {() => (
          <div className="key-stored is-removing" data-testid={testId('key-removing')}>
            <span>{t('link.keyWillBeRemoved')}</span>
            <button
              type="button"
              className="btn btn-small"
              data-testid={testId('key-undo')}
              onClick={() => onAction('keep')}
            >
              {t('link.keyUndo')}
            </button>
          </div>
        )}
      </Field>
    );
  }
  const hint = form.hasKey
    ? t('link.keyReplaceHint')
    : needsKey
      ? (neededHint ?? t('link.keyNeeded', { protection }))
      : t('link.keyOptional', { protection });
  return (
    <Field label={t('link.apiKey')} error={error} hint={hint} className="field-wide">
      {(id, describedBy) => (
        <div className="input-row">
          <input
            id={id}
            className="input mono"
            type="password"
            value={form.apiKey}
            placeholder={t('link.apiKeyPlaceholder')}
            autoComplete="new-password"
            spellCheck={false}
            aria-invalid={error !== undefined}
            aria-describedby={describedBy}
            data-testid={testId('api-key')}
            onChange={(event) => onType(event.target.value)}
          />
          {form.hasKey && (
            <button type="button" className="btn" onClick={() => onAction('keep')}>
              {t('link.keyKeep')}
            </button>
          )}
        </div>
      )}
    </Field>
  );
}
