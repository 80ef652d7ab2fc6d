import { useState } from 'react';
import { useT } from '../../i18n';
import { ApiKeyField, protectionText } from '../../ui/ApiKeyField';
import { CheckField, SelectField, TextField } from '../../ui/form-fields';
import type { FieldErrors, LoadForm } from './load-form';
import { RpcFields } from './RpcFields';
import { SpeculativeFields } from './SpeculativeFields';

export interface FormProps {
  form: LoadForm;
  errors: FieldErrors;
  edit: (patch: Partial<LoadForm>) => void;
  /** how the stored API key is sealed (the secret store's protection) */
  keyProtection: string;
}

const REASONING = ['auto', 'none', 'deepseek'] as const;
const ADVANCED_FIELDS = [
  'batchSize',
  'parallel',
  'port',
  'apiKey',
  'loraPath',
  'mmprojPath',
  'rpcWorkers',
  'rpcThreads',
  'rpcRemote',
  'specDraftPath',
  'specDraftMax',
  'specDraftMin',
] as const;
const FLASH = ['auto', 'on', 'off'] as const;

export function AdvancedFields({ form, errors, edit, keyProtection }: FormProps) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  // A field error in here must not hide behind the collapsed section.
  const forced = ADVANCED_FIELDS.some((field) => errors[field] !== undefined);
  return (
    <details
      className="advanced"
      data-testid="load-advanced"
      open={expanded || forced}
      onToggle={(event) => setExpanded(event.currentTarget.open)}
    >
      <summary>{t('load.advanced')}</summary>
      <div className="form-grid">
        <TextField
          label={t('load.batchSize')}
          value={form.batchSize}
          numeric
          error={errors.batchSize}
          testId="batch-size"
          onChange={(batchSize) => edit({ batchSize })}
        />
        <TextField
          label={t('load.parallel')}
          value={form.parallel}
          numeric
          error={errors.parallel}
          hint={t('load.parallelHint')}
          testId="parallel"
          onChange={(parallel) => edit({ parallel })}
        />
        <TextField
          label={t('load.port')}
          value={form.port}
          numeric
          error={errors.port}
          placeholder={t('load.portAuto')}
          hint={t('load.portHint')}
          testId="port"
          onChange={(port) => edit({ port })}
        />
        <SelectField
          label={t('load.reasoningFormat')}
          value={form.reasoningFormat}
          options={REASONING.map((value) => ({ value, label: t(`load.reasoning.${value}`) }))}
          testId="reasoning-format"
          onChange={(reasoningFormat) => edit({ reasoningFormat })}
        />
        <SelectField
          label={t('load.flashAttention')}
          value={form.flashAttention}
          options={FLASH.map((value) => ({ value, label: t(`load.flash.${value}`) }))}
          hint={t('load.flashHint')}
          testId="flash-attention"
          onChange={(flashAttention) => edit({ flashAttention })}
        />
        <TextField
          label={t('load.mmprojPath')}
          value={form.mmprojPath}
          mono
          error={errors.mmprojPath}
          hint={t('load.mmprojHint')}
          testId="mmproj-path"
          onChange={(mmprojPath) => edit({ mmprojPath })}
        />
        <TextField
          label={t('load.loraPath')}
          value={form.loraPath}
          mono
          error={errors.loraPath}
          hint={t('load.loraHint')}
          testId="lora-path"
          onChange={(loraPath) => edit({ loraPath })}
        />
      </div>
      <div className="checks">
        <CheckField
          label={t('load.jinja')}
          hint={t('load.jinjaHint')}
          checked={form.jinja}
          testId="jinja"
          onChange={(jinja) => edit({ jinja })}
        />
        <CheckField
          label={t('load.mlock')}
          hint={t('load.mlockHint')}
          checked={form.mlock}
          testId="mlock"
          onChange={(mlock) => edit({ mlock })}
        />
        <CheckField
          label={t('load.noMmap')}
          hint={t('load.noMmapHint')}
          checked={form.noMmap}
          testId="no-mmap"
          onChange={(noMmap) => edit({ noMmap })}
        />
        <CheckField
          label={t('load.metrics')}
          hint={t('load.metricsHint')}
          checked={form.metrics}
          testId="metrics"
          onChange={(metrics) => edit({ metrics })}
        />
      </div>
      <SpeculativeFields form={form} errors={errors} edit={edit} />
      <NetworkFields form={form} errors={errors} edit={edit} keyProtection={keyProtection} />
      <RpcFields form={form} errors={errors} edit={edit} />
    </details>
  );
}

function NetworkFields({ form, errors, edit, keyProtection }: FormProps) {
  const t = useT();
  return (
    <div className={`network${form.exposeOnNetwork ? ' is-exposed' : ''}`}>
      <CheckField
        label={t('load.exposeOnNetwork')}
        checked={form.exposeOnNetwork}
        testId="expose-network"
        onChange={(exposeOnNetwork) => edit({ exposeOnNetwork })}
      />
      {form.exposeOnNetwork && (
        <>
          <p className="warning-box" role="note" data-testid="expose-warning">
            {t('load.exposeWarning')}
          </p>
          <ApiKeyField
            form={form}
            protection={keyProtection}
            error={errors.apiKey}
            needsKey
            neededHint={t('load.apiKeyHint', { protection: protectionText(t, keyProtection) })}
            testIdPrefix="load"
            onType={(apiKey) => edit({ apiKey })}
            onAction={(keyAction) => edit({ keyAction, apiKey: '' })}
          />
        </>
      )}
    </div>
  );
}
