import { useT } from '../../i18n';
import { Field, TextInput } from '../../ui/form-fields';
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
          <TextInput
            id={id}
            describedBy={describedBy}
            value={value}
            placeholder={placeholder}
            mono
            invalid={error !== undefined}
            testId={testId}
            onChange={onChange}
          />
          <button type="button" className="btn" data-testid={`${testId}-browse`} onClick={onBrowse}>
            {t('readAloud.neural.browse')}
          </button>
        </div>
      )}
    </Field>
  );
}
