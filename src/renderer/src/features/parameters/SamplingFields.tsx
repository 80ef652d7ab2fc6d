import { useT, type MessageKey } from '../../i18n';
import { TextField } from '../../ui/form-fields';
import type { ParametersErrors, SamplingField } from './parameters-form';

const FIELDS: ReadonlyArray<{
  field: Exclude<SamplingField, 'temperature'>;
  label: MessageKey;
  hint: MessageKey;
  testId: string;
}> = [
  { field: 'max_tokens', label: 'sampling.maxTokens', hint: 'sampling.maxTokensHint', testId: 'sampling-max-tokens' },
  { field: 'top_k', label: 'sampling.topK', hint: 'sampling.topKHint', testId: 'sampling-top-k' },
  { field: 'top_p', label: 'sampling.topP', hint: 'sampling.topPHint', testId: 'sampling-top-p' },
  { field: 'min_p', label: 'sampling.minP', hint: 'sampling.minPHint', testId: 'sampling-min-p' },
  {
    field: 'repeat_penalty',
    label: 'sampling.repeatPenalty',
    hint: 'sampling.repeatPenaltyHint',
    testId: 'sampling-repeat-penalty',
  },
  { field: 'seed', label: 'sampling.seed', hint: 'sampling.seedHint', testId: 'sampling-seed' },
];

interface Props {
  values: Record<SamplingField, string>;
  errors: ParametersErrors;
  onChange: (field: SamplingField, value: string) => void;
}

/** Request fields only: empty means "not sent", so the server's own default applies. */
export function SamplingFields({ values, errors, onChange }: Props) {
  const t = useT();
  const temperature = Number(values.temperature);
  return (
    <div className="sampling">
      <div className="field temperature-field">
        <label htmlFor="sampling-temperature">{t('sampling.temperature')}</label>
        <div className="slider-row">
          <input
            type="range"
            min={0}
            max={2}
            step={0.05}
            value={Number.isFinite(temperature) && values.temperature !== '' ? temperature : 0.8}
            aria-label={t('sampling.temperature')}
            onChange={(event) => onChange('temperature', event.target.value)}
          />
          <input
            id="sampling-temperature"
            className="input slider-value mono"
            inputMode="decimal"
            value={values.temperature}
            placeholder={t('sampling.serverDefault')}
            aria-invalid={errors.temperature !== undefined}
            data-testid="sampling-temperature"
            onChange={(event) => onChange('temperature', event.target.value)}
          />
        </div>
        {errors.temperature ? (
          <p className="field-error">{t(errors.temperature.key, errors.temperature.vars)}</p>
        ) : (
          <p className="field-hint">{t('sampling.temperatureHint')}</p>
        )}
      </div>
      <div className="form-grid">
        {FIELDS.map(({ field, label, hint, testId }) => (
          <TextField
            key={field}
            label={t(label)}
            value={values[field]}
            mono
            error={errors[field]}
            hint={t(hint)}
            placeholder={t('sampling.serverDefault')}
            testId={testId}
            onChange={(value) => onChange(field, value)}
          />
        ))}
      </div>
    </div>
  );
}
