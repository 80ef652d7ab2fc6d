import { useEffect } from 'react';
import { useT } from '../../i18n';
import { ApiKeyField } from '../../ui/ApiKeyField';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { Field, TextField } from '../../ui/form-fields';
import { missingKey } from './link-form';
import type { LinkState, LinkStore } from './link-store';
import { LinkProfiles } from './LinkProfiles';
import './link.css';

/** 链接: a remote OpenAI-compatible endpoint instead of a local model. */
export function LinkTab({ state, actions }: { state: LinkState; actions: LinkStore }) {
  const t = useT();
  const { form, fieldErrors, presets, profiles, protection, models, testing } = state;
  const preset = presets.find((p) => p.id === form.presetId);

  useEffect(() => {
    void actions.refresh();
  }, [actions]);

  return (
    <div className="link-tab">
      <LinkProfiles
        profiles={profiles}
        currentId={form.id}
        onSelect={actions.select}
        onNew={actions.newProfile}
        onDelete={(id) => void actions.remove(id)}
      />
      <div className="tab-body link-form">
        <div className="form-grid">
          <Field label={t('link.preset')}>
            {(id) => (
              <select
                id={id}
                className="input"
                data-testid="link-preset"
                value={form.presetId}
                onChange={(event) => actions.choosePreset(event.target.value)}
              >
                {!preset && <option value={form.presetId}>{t('link.presetCustom')}</option>}
                {presets.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t('link.name')}
            value={form.name}
            error={fieldErrors.name}
            testId="link-name"
            onChange={(name) => actions.edit({ name })}
          />
        </div>
        <div className="field-wide">
          <TextField
            label={t('link.baseUrl')}
            value={form.baseUrl}
            mono
            error={fieldErrors.baseUrl}
            hint={t('link.baseUrlHint')}
            placeholder="https://api.example.com/v1"
            testId="link-base-url"
            onChange={(baseUrl) => actions.edit({ baseUrl })}
          />
        </div>
        <ApiKeyField
          form={form}
          protection={protection || t('link.protectionUnknown')}
          error={fieldErrors.apiKey}
          needsKey={missingKey(form, preset)}
          onType={(apiKey) => actions.edit({ apiKey })}
          onAction={actions.setKeyAction}
        />
        <Field
          label={t('link.model')}
          hint={models ? t('link.modelsFound', { count: models.length }) : t('link.modelHint')}
          className="field-wide"
        >
          {(id, describedBy) => (
            <>
              <div className="input-row">
                <input
                  id={id}
                  className="input mono"
                  value={form.model}
                  placeholder={t('link.modelPlaceholder')}
                  spellCheck={false}
                  autoComplete="off"
                  aria-describedby={describedBy}
                  data-testid="link-model"
                  onChange={(event) => actions.edit({ model: event.target.value })}
                />
                <button
                  type="button"
                  className="btn"
                  data-testid="link-test"
                  disabled={testing}
                  onClick={() => void actions.test()}
                >
                  {testing ? t('link.testing') : t('link.test')}
                </button>
              </div>
              {models && models.length > 0 && (
                <select
                  className="input mono"
                  data-testid="link-models"
                  aria-label={t('link.pickModel')}
                  value={models.includes(form.model) ? form.model : ''}
                  onChange={(event) => event.target.value && actions.edit({ model: event.target.value })}
                >
                  <option value="">{t('link.pickModel')}</option>
                  {models.map((model) => (
                    <option key={model} value={model}>
                      {model}
                    </option>
                  ))}
                </select>
              )}
            </>
          )}
        </Field>
        {state.error && (
          <div className="load-error" role="alert" data-testid="link-error" data-code={state.error.code}>
            <p className="load-error-message">{appErrorTextWithCause(t, state.error)}</p>
          </div>
        )}
      </div>
    </div>
  );
}
