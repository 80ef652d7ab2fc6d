import { useT } from '../../i18n';
import { Field } from '../../ui/form-fields';
import type { FieldError } from '../../ui/field-error';

interface Props {
  label: string;
  value: string;
  placeholder: string;
  testId: string;
  hint?: string;
  error?: FieldError | undefined;
  onChange: (path: string) => void;
  onBrowse: () => void;
}

/** A voice file's path, typed or found with Browse… (EVA's file browser: the core lists the disk, as for models). */
export function TtsFileField({ label, value, placeholder, testId, hint, error, onChange, onBrowse }: Props) {
  const t = useT();
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <div className="input-row tts-file-row">
          <input
            id={id}
            className="input mono"
            value={value}
            placeholder={placeholder}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error !== undefined}
            aria-describedby={describedBy}
            data-testid={testId}
            onChange={(event) => onChange(event.target.value)}
          />
          <button type="button" className="btn" data-testid={`${testId}-browse`} onClick={onBrowse}>
            {t('readAloud.neural.browse')}
          </button>
        </div>
      )}
    </Field>
  );
}
