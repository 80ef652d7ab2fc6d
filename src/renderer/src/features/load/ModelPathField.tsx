import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import { Field, TextInput } from '../../ui/form-fields';
import type { FieldError } from '../../ui/field-error';
import type { InspectState } from './load-store';

interface Props {
  value: string;
  error: FieldError | undefined;
  inspect: InspectState;
  /** true while the shown inspect answer belongs to an older path */
  stale: boolean;
  recentModels: readonly string[];
  onChange: (path: string) => void;
  onBrowse: () => void;
}

/** The model path, typed or chosen with Browse… (the native picker in Electron, EVA's file browser in a browser). */
export function ModelPathField({ value, error, inspect, stale, recentModels, onChange, onBrowse }: Props) {
  const t = useT();
  return (
    <Field label={t('load.modelPath')} error={error} className="field-wide">
      {(id, describedBy) => (
        <>
          <div className="input-row">
            <TextInput
              id={id}
              describedBy={describedBy}
              value={value}
              placeholder={t('load.modelPathPlaceholder')}
              mono
              invalid={error !== undefined}
              testId="model-path"
              onChange={onChange}
            />
            <button type="button" className="btn" data-testid="model-browse" onClick={onBrowse}>
              {t('load.browse')}
            </button>
          </div>
          <InspectLine inspect={inspect} stale={stale} />
          {recentModels.length > 0 && <RecentModels paths={recentModels} current={value} onPick={onChange} />}
        </>
      )}
    </Field>
  );
}

function InspectLine({ inspect, stale }: { inspect: InspectState; stale: boolean }) {
  const t = useT();
  if (inspect.status === 'idle') return null;
  if (inspect.status === 'pending' || stale) return <p className="field-hint">{t('load.inspecting')}</p>;
  if (inspect.status === 'error') {
    return (
      <p
        className="field-error"
        data-testid="inspect-error"
        data-code={inspect.error.code}
        title={inspect.error.message}
      >
        {appErrorText(t, inspect.error)}
      </p>
    );
  }
  const { model } = inspect;
  return (
    <p className="field-hint" data-testid="model-facts">
      {t('load.modelFacts', {
        name: model.name,
        arch: model.architecture,
        layers: model.nLayer,
        ctx: model.contextLength,
        size: formatBytes(model.fileSize),
      })}
    </p>
  );
}

function RecentModels({
  paths,
  current,
  onPick,
}: {
  paths: readonly string[];
  current: string;
  onPick: (path: string) => void;
}) {
  const t = useT();
  return (
    <div className="recent">
      <span className="recent-title">{t('load.recent')}</span>
      <ul>
        {paths.map((path) => {
          const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1;
          return (
            <li key={path}>
              <button
                type="button"
                className={`recent-item${path === current ? ' is-current' : ''}`}
                title={path}
                data-testid="recent-model"
                onClick={() => onPick(path)}
              >
                <span className="recent-name">{path.slice(cut)}</span>
                <span className="recent-dir mono">{path.slice(0, cut)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
