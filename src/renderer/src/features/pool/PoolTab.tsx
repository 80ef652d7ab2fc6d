import { useState } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import type { FieldError } from '../../ui/field-error';
import { Field, TextField } from '../../ui/form-fields';
import { useSettingsStore } from '../settings/use-settings-store';
import type { SpeculativeForm } from '../../ui/speculative-form';
import { poolFormFrom, poolSettingsFrom, poolSpeculativeForm, type PoolForm, type PoolFormField } from './pool-form';
import { PoolSpeculativeRows, type PoolSpeculativeRowsProps } from './PoolSpeculativeRows';

const MiB = 2 ** 20;

/** Several models at once (llama-server's router): the files, the limits, start and stop, and each model's state. */
export function PoolTab({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { pool } = useAppModel();
  const { settings } = useSettingsStore();
  const status = useStore(pool.status);
  const [form, setForm] = useState(() => poolFormFrom(settings?.pool, settings?.recentModels ?? []));
  const [invalid, setInvalid] = useState<PoolFormField | null>(null);
  const [invalidSpec, setInvalidSpec] = useState<PoolSpeculativeRowsProps['invalid']>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = status?.state === 'ready' || status?.state === 'starting';
  const edit = (patch: Partial<PoolForm>) => setForm((current) => ({ ...current, ...patch }));
  const editSpeculative = (path: string, patch: Partial<SpeculativeForm>) =>
    setForm((current) => ({
      ...current,
      speculative: { ...current.speculative, [path]: { ...poolSpeculativeForm(current, path), ...patch } },
    }));
  const fieldError = (field: PoolFormField): FieldError | undefined =>
    invalid === field ? { key: field === 'files' ? 'pool.error.noFiles' : 'load.error.wholeNumber' } : undefined;

  const start = async () => {
    const parsed = poolSettingsFrom(form);
    setInvalid(parsed.ok ? null : parsed.field);
    setInvalidSpec(!parsed.ok && parsed.field === 'speculative' ? { path: parsed.path, errors: parsed.errors } : null);
    if (!parsed.ok) return;
    setBusy(true);
    const result = await pool.start(parsed.settings);
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
      {/* The dialog's padded, scrolling body, as the other tabs have it. */}
      <div className="dialog-body">
        <div className="tab-body" data-testid="pool-tab">
          <p className="muted">{t('pool.intro')}</p>
          <Field label={t('pool.files')} error={fieldError('files')} className="field-wide">
            {(id, describedBy) => (
              <textarea
                id={id}
                className="input mono"
                rows={4}
                spellCheck={false}
                aria-describedby={describedBy}
                data-testid="pool-files"
                value={form.files}
                onChange={(event) => edit({ files: event.target.value })}
              />
            )}
          </Field>
          <PoolSpeculativeRows form={form} invalid={invalidSpec} edit={editSpeculative} />
          <div className="form-grid">
            <TextField
              label={t('pool.maxLoaded')}
              value={form.maxLoaded}
              error={fieldError('maxLoaded')}
              numeric
              testId="pool-max-loaded"
              onChange={(maxLoaded) => edit({ maxLoaded })}
            />
            <TextField
              label={t('pool.budget')}
              value={form.budgetMiB}
              error={fieldError('budgetMiB')}
              numeric
              testId="pool-budget"
              onChange={(budgetMiB) => edit({ budgetMiB })}
            />
            <TextField
              label={t('pool.idle')}
              value={form.idleMinutes}
              error={fieldError('idleMinutes')}
              numeric
              testId="pool-idle"
              onChange={(idleMinutes) => edit({ idleMinutes })}
            />
          </div>
          {error && (
            <p className="error-text" role="alert" data-testid="pool-error">
              {error}
            </p>
          )}
          {status && status.state !== 'stopped' && (
            <div data-testid="pool-status" data-state={status.state}>
              <p>
                {t('pool.state', {
                  state: status.state,
                  used: Math.round(status.usedBytes / MiB),
                  budget: Math.round(status.budgetBytes / MiB),
                })}
              </p>
              {/* A router that died: being started again (or was), or given up with why. */}
              {status.error ? (
                <p className="error-text" role="alert" data-testid="pool-status-error">
                  {appErrorTextWithCause(t, status.error)}
                </p>
              ) : (
                status.restart && (
                  <p className="muted" data-testid="pool-restart">
                    {t(status.state === 'starting' ? 'pool.restarting' : 'pool.restarted', status.restart)}
                  </p>
                )
              )}
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
      </div>
      <div className="dialog-foot">
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
          <button
            type="button"
            className="btn btn-primary"
            data-testid="pool-start"
            disabled={busy}
            onClick={() => void start()}
          >
            {t('pool.start')}
          </button>
        </div>
      </div>
    </>
  );
}
