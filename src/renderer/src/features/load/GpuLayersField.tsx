import { useT } from '../../i18n';
import { estimateReasonText } from '../backends/backend-labels';
import { Field, TextInput } from '../../ui/form-fields';
import type { FieldError } from '../../ui/field-error';
import type { InspectState } from './load-store';

interface Props {
  value: string;
  error: FieldError | undefined;
  inspect: InspectState;
  stale: boolean;
  onChange: (value: string) => void;
}

/** "auto" or a number, with the core's VRAM estimate beside it. */
export function GpuLayersField({ value, error, inspect, stale, onChange }: Props) {
  const t = useT();
  const isAuto = value.trim() === '' || value.trim().toLowerCase() === 'auto';
  return (
    <Field label={t('load.gpuLayers')} error={error}>
      {(id, describedBy) => (
        <>
          <div className="input-row">
            <TextInput
              id={id}
              describedBy={describedBy}
              value={value}
              placeholder="auto"
              invalid={error !== undefined}
              testId="gpu-layers"
              onChange={onChange}
            />
            <button
              type="button"
              className="btn btn-small"
              disabled={isAuto}
              onClick={() => onChange('auto')}
              title={t('load.gpuLayersAutoHint')}
            >
              {t('load.auto')}
            </button>
          </div>
          <Estimate inspect={inspect} stale={stale} />
        </>
      )}
    </Field>
  );
}

function Estimate({ inspect, stale }: { inspect: InspectState; stale: boolean }) {
  const t = useT();
  const status = stale && inspect.status !== 'idle' ? 'pending' : inspect.status;
  const text =
    status === 'done' && inspect.status === 'done'
      ? t('load.estimate', {
          layers: inspect.estimate.gpuLayers,
          max: inspect.estimate.maxLayers,
          reason: estimateReasonText(t, inspect.estimate),
        })
      : status === 'pending'
        ? t('load.estimating')
        : status === 'error'
          ? t('load.noEstimate')
          : t('load.estimateNeedsModel');
  return (
    <p className="field-hint estimate" data-testid="gpu-estimate" data-status={status}>
      {text}
    </p>
  );
}
