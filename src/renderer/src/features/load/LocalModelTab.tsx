import { useT } from '../../i18n';
import { backendOptions, gpuLabel } from '../backends/backend-labels';
import { useDiscovery } from '../backends/use-discovery-store';
import { useSettingsStore } from '../settings/use-settings-store';
import { AdvancedFields, type FormProps } from './AdvancedFields';
import { SelectField, TextField } from '../../ui/form-fields';
import { GpuLayersField } from './GpuLayersField';
import { contextBeyondTraining, contextReasonText, inspectKey } from './load-form';
import { formatCount } from '../../lib/format';
import type { InspectState } from './load-store';
import { ModelPathField } from './ModelPathField';
import { MyModels } from '../models/MyModels';
import type { LibraryModel } from '@shared/models/model-library';

interface Props extends FormProps {
  inspect: InspectState;
  onBrowse: () => void;
  onPickModel: (model: LibraryModel) => void;
  onLoadModel: (model: LibraryModel) => void;
  onDiscover: () => void;
}

export function LocalModelTab({
  form,
  errors,
  edit,
  keyProtection,
  inspect,
  onBrowse,
  onPickModel,
  onLoadModel,
  onDiscover,
}: Props) {
  const t = useT();
  const { settings } = useSettingsStore();
  const { backends, gpus } = useDiscovery();
  const stale = inspect.status !== 'idle' && inspect.key !== inspectKey(form);
  const options = backendOptions(backends, form.backend).map((option) => ({
    value: option.value,
    disabled: option.disabled,
    label:
      option.value === 'auto'
        ? t('load.backendAuto')
        : option.missing
          ? t('load.backendMissing', { name: option.label })
          : option.disabled
            ? t('load.backendNotExecutable', { name: option.label })
            : option.label,
  }));
  // Asking for more than the model was trained on: llama-server caps it silently, so say so here.
  const trained = contextBeyondTraining(
    form.contextSize,
    inspect.status === 'done' && !stale ? inspect.model.contextLength : null,
  );
  const recommended = inspect.status === 'done' && !stale ? inspect.recommendedContext : undefined;
  const gpuHint = gpus.length === 0 ? t('load.noGpu') : gpus.map(gpuLabel).join(' · ');

  return (
    <div className="tab-body">
      <MyModels current={form.modelPath} onPick={onPickModel} onLoad={onLoadModel} onDiscover={onDiscover} />
      <ModelPathField
        value={form.modelPath}
        error={errors.modelPath}
        inspect={inspect}
        stale={stale}
        recentModels={settings?.recentModels ?? []}
        onChange={(modelPath) => edit({ modelPath })}
        onBrowse={onBrowse}
      />
      <div className="form-grid">
        <SelectField
          label={t('load.backend')}
          value={form.backend}
          options={options}
          hint={<span data-testid="gpu-list">{gpuHint}</span>}
          testId="backend-select"
          onChange={(backend) => edit({ backend })}
        />
        <TextField
          label={t('load.contextSize')}
          value={form.contextSize}
          numeric
          error={errors.contextSize}
          hint={
            trained !== null ? (
              <span className="warning-text" data-testid="ctx-over-trained">
                {t('load.contextOverTrained', { trained: formatCount(trained) })}{' '}
                <button
                  type="button"
                  className="btn-link"
                  data-testid="ctx-use-trained"
                  onClick={() => edit({ contextSize: String(trained) })}
                >
                  {t('load.contextUseTrained', { trained: formatCount(trained) })}
                </button>
              </span>
            ) : recommended ? (
              <span data-testid="ctx-recommended">{contextReasonText(t, recommended)}</span>
            ) : (
              t('load.contextSizeHint')
            )
          }
          testId="ctx-size"
          onChange={(contextSize) => edit({ contextSize })}
        />
        <GpuLayersField
          value={form.gpuLayers}
          error={errors.gpuLayers}
          inspect={inspect}
          stale={stale}
          onChange={(gpuLayers) => edit({ gpuLayers })}
        />
        <TextField
          label={t('load.threads')}
          value={form.threads}
          numeric
          error={errors.threads}
          placeholder={t('load.threadsAuto')}
          hint={t('load.threadsHint')}
          testId="threads"
          onChange={(threads) => edit({ threads })}
        />
      </div>
      <AdvancedFields form={form} errors={errors} edit={edit} keyProtection={keyProtection} />
    </div>
  );
}
