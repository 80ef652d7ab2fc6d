// The RPC workers section of the load dialog: none, workers EVA starts here, or
// a list of workers elsewhere; with the exposure warning wherever a worker
// listens beyond loopback (rpc-exposure.ts decides which), and, for workers
// here, that loopback is no wall between the users of this machine.
import { rpcExposures } from '@shared/rpc/rpc-exposure';
import { useT } from '../../i18n';
import { CheckField, SelectField, TextField } from '../../ui/form-fields';
import type { FieldErrors, LoadForm } from './load-form';
import { remoteEntries } from './rpc-form';

const MODES = ['off', 'local', 'remote'] as const;

export interface RpcFieldsProps {
  form: LoadForm;
  errors: FieldErrors;
  edit: (patch: Partial<LoadForm>) => void;
}

export function RpcFields({ form, errors, edit }: RpcFieldsProps) {
  const t = useT();
  const exposures = rpcExposures({
    mode: form.rpcMode,
    localWorkers: Number(form.rpcWorkers) || 1,
    workerThreads: 0,
    exposeWorkers: form.rpcExpose,
    remote: remoteEntries(form.rpcRemote),
  });
  return (
    <fieldset className={`network rpc${exposures.length > 0 ? ' is-exposed' : ''}`} data-testid="rpc-fields">
      <legend>{t('load.rpc.title')}</legend>
      <SelectField
        label={t('load.rpc.mode')}
        value={form.rpcMode}
        options={MODES.map((value) => ({ value, label: t(`load.rpc.mode.${value}`) }))}
        hint={t('load.rpc.modeHint')}
        testId="rpc-mode"
        onChange={(rpcMode) => edit({ rpcMode })}
      />
      {form.rpcMode === 'local' && (
        <div className="form-grid">
          <TextField
            label={t('load.rpc.workers')}
            value={form.rpcWorkers}
            numeric
            error={errors.rpcWorkers}
            testId="rpc-workers"
            onChange={(rpcWorkers) => edit({ rpcWorkers })}
          />
          <TextField
            label={t('load.rpc.threads')}
            value={form.rpcThreads}
            numeric
            error={errors.rpcThreads}
            placeholder={t('load.rpc.threadsAuto')}
            testId="rpc-threads"
            onChange={(rpcThreads) => edit({ rpcThreads })}
          />
          <CheckField
            label={t('load.rpc.expose')}
            checked={form.rpcExpose}
            testId="rpc-expose"
            onChange={(rpcExpose) => edit({ rpcExpose })}
          />
        </div>
      )}
      {form.rpcMode === 'local' && (
        <p className="field-hint" role="note" data-testid="rpc-local-users">
          {t('load.rpc.localUsers')}
        </p>
      )}
      {form.rpcMode === 'remote' && (
        <TextField
          label={t('load.rpc.remote')}
          value={form.rpcRemote}
          mono
          error={errors.rpcRemote}
          placeholder="192.168.1.20:50052"
          hint={t('load.rpc.remoteHint')}
          testId="rpc-remote"
          onChange={(rpcRemote) => edit({ rpcRemote })}
        />
      )}
      {exposures.map((exposure) => (
        <p
          key={exposure.kind === 'local' ? 'local' : exposure.endpoint}
          className="warning-box"
          role="note"
          data-testid="rpc-expose-warning"
        >
          {exposure.kind === 'local'
            ? t('load.rpc.exposeLocal', { count: exposure.workers })
            : t('load.rpc.exposeRemote', { endpoint: exposure.endpoint, host: exposure.host, port: exposure.port })}
        </p>
      ))}
    </fieldset>
  );
}
