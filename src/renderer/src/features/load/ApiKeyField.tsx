import { useT } from '../../i18n';
import { Field } from './form-fields';
import type { LinkForm } from './link-form';
import type { FieldError } from './load-form';

interface Props {
  form: LinkForm;
  protection: string;
  error: FieldError | undefined;
  needsKey: boolean;
  onType: (apiKey: string) => void;
  onAction: (action: LinkForm['keyAction']) => void;
}

/** Write-only: a stored key is never shown or sent back; it can only be replaced or removed. */
export function ApiKeyField({ form, protection, error, needsKey, onType, onAction }: Props) {
  const t = useT();
  if (form.hasKey && form.keyAction === 'keep') {
    return (
      <Field label={t('link.apiKey')} className="field-wide">
        {() => (
          <div className="key-stored" data-testid="link-key-stored">
            <span className="key-lock" aria-hidden="true" />
            <span>{t('link.keyStored', { protection })}</span>
            <span className="key-actions">
              <button type="button" className="btn btn-small" data-testid="link-key-replace" onClick={() => onAction('replace')}>
                {t('link.keyReplace')}
              </button>
              <button type="button" className="btn btn-small btn-danger" data-testid="link-key-remove" onClick={() => onAction('remove')}>
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
          <div className="key-stored is-removing" data-testid="link-key-removing">
            <span>{t('link.keyWillBeRemoved')}</span>
            <button type="button" className="btn btn-small" onClick={() => onAction('keep')}>
              {t('link.keyUndo')}
            </button>
          </div>
        )}
      </Field>
    );
  }
  const hint = form.hasKey ? t('link.keyReplaceHint') : needsKey ? t('link.keyNeeded', { protection }) : t('link.keyOptional', { protection });
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
            data-testid="link-api-key"
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
