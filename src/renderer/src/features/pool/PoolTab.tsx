import { useState } from 'react';
import { useStore } from 'zustand';
import type { PoolSettings } from '@shared/pool/pool-settings';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { Field, TextField } from '../../ui/form-fields';
import { useSettingsStore } from '../settings/use-settings-store';

const MiB = 2 ** 20;

/** Several models at once (llama-server's router): the files, the limits, start and stop, and each model's state. */
export function PoolTab({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { pool } = useAppModel();
  const { settings } = useSettingsStore();
  const status = useStore(pool.status);
  const saved = settings?.pool;
  const [files, setFiles] = useState(() => (saved?.models.length ? saved.models.map((model) => model.path) : (settings?.recentModels ?? [])).join('\n'));
  const [maxLoaded, setMaxLoaded] = useState(String(saved?.maxLoaded ?? 2));
  const [budget, setBudget] = useState(String(saved?.memoryBudgetMiB ?? 0));
  const [idle, setIdle] = useState(String(saved?.idleUnloadMinutes ?? 30));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = status?.state === 'ready' || status?.state === 'starting';

  const start = async () => {
    const models = files.split('\n').map((line) => line.trim()).filter(Boolean).map((path) => ({ path, contextSize: 0 }));
    const next: PoolSettings = { models, maxLoaded: Number(maxLoaded) || 1, memoryBudgetMiB: Number(budget) || 0, idleUnloadMinutes: Number(idle) || 0 };
    setBusy(true);
    const result = await pool.start(next);
    setBusy(false);
    setError(result.ok ? null : appErrorTextWithCause(t, result.error));
  };
  const stop = async () => {
    setBusy(true);
    await pool.stop();
    setBusy(false);
  };

  return (
    <>
      <div className="tab-body" data-testid="pool-tab">
        <p className="muted">{t('pool.intro')}</p>
        <Field label={t('pool.files')} className="field-wide">
          {(id) => <textarea id={id} className="input mono" rows={4} spellCheck={false} data-testid="pool-files" value={files} onChange={(event) => setFiles(event.target.value)} />}
        </Field>
        <div className="form-grid">
          <TextField label={t('pool.maxLoaded')} value={maxLoaded} numeric testId="pool-max-loaded" onChange={setMaxLoaded} />
          <TextField label={t('pool.budget')} value={budget} numeric testId="pool-budget" onChange={setBudget} />
          <TextField label={t('pool.idle')} value={idle} numeric testId="pool-idle" onChange={setIdle} />
        </div>
        {error && (
          <p className="error-text" role="alert" data-testid="pool-error">
            {error}
          </p>
        )}
        {status && status.state !== 'stopped' && (
          <div data-testid="pool-status" data-state={status.state}>
            <p>{t('pool.state', { state: status.state, used: Math.round(status.usedBytes / MiB), budget: Math.round(status.budgetBytes / MiB) })}</p>
            <table className="pool-models">
              <tbody>
                {status.models.map((model) => (
                  <tr key={model.id} data-testid="pool-model" data-model={model.id} data-state={model.state}>
                    <td className="mono" title={model.path}>
                      {model.id}
                    </td>
                    <td>{t(`pool.modelState.${model.state}`)}</td>
                    <td>{Math.round(model.estimatedBytes / MiB)} MiB</td>
                    <td>{model.error ?? ''}</td>
                    <td>
                      {model.state === 'loaded' && (
                        <button type="button" className="btn btn-small" onClick={() => void pool.unload(model.id)}>
                          {t('pool.unload')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <footer className="dialog-foot">
        <span />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {/* Closing leaves the pool running: it is the chat that uses it. */}
            {t('common.close')}
          </button>
          {running && (
            <button type="button" className="btn" data-testid="pool-stop" disabled={busy} onClick={() => void stop()}>
              {t('pool.stop')}
            </button>
          )}
          <button type="button" className="btn btn-primary" data-testid="pool-start" disabled={busy} onClick={() => void start()}>
            {t('pool.start')}
          </button>
        </div>
      </footer>
    </>
  );
}
