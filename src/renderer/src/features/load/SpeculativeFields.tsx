// The speculative decoding section of the load dialog: off, a draft model (its
// file and how many tokens it guesses at once), or n-grams of the conversation.
// Each choice says what it costs and when it pays off, a CPU-only machine included.
import { SPECULATIVE_MODES } from '@shared/speculative/speculative-settings';
import { useT } from '../../i18n';
import { SelectField, TextField } from '../../ui/form-fields';
import type { FieldErrors, LoadForm } from './load-form';

export interface SpeculativeFieldsProps {
  form: LoadForm;
  errors: FieldErrors;
  edit: (patch: Partial<LoadForm>) => void;
}

export function SpeculativeFields({ form, errors, edit }: SpeculativeFieldsProps) {
  const t = useT();
  return (
    <fieldset className="network speculative" data-testid="speculative-fields">
      <legend>{t('load.spec.title')}</legend>
      <SelectField
        label={t('load.spec.mode')}
        value={form.specMode}
        options={SPECULATIVE_MODES.map((value) => ({ value, label: t(`load.spec.mode.${value}`) }))}
        hint={t(`load.spec.hint.${form.specMode}`)}
        testId="spec-mode"
        onChange={(specMode) => edit({ specMode })}
      />
      {form.specMode === 'draft' && (
        <div className="form-grid">
          <TextField
            label={t('load.spec.draftPath')}
            value={form.specDraftPath}
            mono
            error={errors.specDraftPath}
            hint={t('load.spec.draftPathHint')}
            testId="spec-draft-path"
            onChange={(specDraftPath) => edit({ specDraftPath })}
          />
          <TextField
            label={t('load.spec.draftMax')}
            value={form.specDraftMax}
            numeric
            error={errors.specDraftMax}
            hint={t('load.spec.draftMaxHint')}
            testId="spec-draft-max"
            onChange={(specDraftMax) => edit({ specDraftMax })}
          />
          <TextField
            label={t('load.spec.draftMin')}
            value={form.specDraftMin}
            numeric
            error={errors.specDraftMin}
            hint={t('load.spec.draftMinHint')}
            testId="spec-draft-min"
            onChange={(specDraftMin) => edit({ specDraftMin })}
          />
        </div>
      )}
    </fieldset>
  );
}
