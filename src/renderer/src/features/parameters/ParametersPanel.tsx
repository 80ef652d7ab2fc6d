import { memo, useRef } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/format';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { CheckField, Field, TextField } from '../../ui/form-fields';
import { useFocusTrap } from '../../ui/use-focus-trap';
import { useMediaQuery } from '../../ui/use-media-query';
import { useSettingsStore } from '../settings/use-settings-store';
import { useBackendStatus } from '../status/use-status-store';
import type { ParametersScope } from './parameters-store';
import { SamplingFields } from './SamplingFields';
import { StructuredOutputSection } from './StructuredOutputSection';
import { TemplateFields } from './TemplateFields';
import { useParametersStore } from './use-parameters-store';
import './parameters.css';

/** Below this width the chat and a docked panel would both be cramped: the panel goes over the chat, as a modal. */
export const PARAMETERS_OVERLAY_QUERY = '(max-width: 1100px)';

/**
 * 参数: the model in use, the system prompt and the sampling, and whether they are this
 * conversation's own or the defaults for new chats. Docked at the right of the chat and
 * kept open while chatting; on a narrow window it lies over the chat and holds the focus.
 */
export const ParametersPanel = memo(function ParametersPanel() {
  const t = useT();
  const { open, scope, form, errors, saving, saved, error, actions } = useParametersStore();
  const overlay = useMediaQuery(PARAMETERS_OVERLAY_QUERY);
  const panel = useRef<HTMLElement>(null);
  useFocusTrap(panel, open && overlay, actions.close, '[data-testid="system-prompt"]');
  if (!open) return null;

  const aside = (
    <aside
      className="parameters-panel"
      ref={panel}
      tabIndex={-1}
      aria-labelledby="parameters-panel-title"
      data-testid="parameters-panel"
      data-layout={overlay ? 'overlay' : 'docked'}
      {...(overlay ? { role: 'dialog', 'aria-modal': true } : {})}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void actions.save();
        }}
      >
        <div className="dialog-head">
          <h2 id="parameters-panel-title">{t('conventions.title')}</h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('conventions.collapse')}
            data-testid="parameters-close"
            onClick={actions.close}
          >
            ×
          </button>
        </div>
        <div className="side-body">
          <ModelSection />
          {!form ? (
            <p className="muted">{t('load.settingsMissing')}</p>
          ) : (
            <>
              <ScopeSection scope={scope} />
              <section className="side-section">
                <h3>{t('conventions.systemPrompt')}</h3>
                <TemplateFields form={form} error={errors.templateName} update={actions.update} />
              </section>
              <section className="side-section">
                <h3>{t('conventions.sampling')}</h3>
                <p className="muted small side-note">{t('conventions.samplingNote')}</p>
                <SamplingFields
                  values={form.sampling}
                  errors={errors}
                  onChange={(field, value) =>
                    actions.update((f) => ({ ...f, sampling: { ...f.sampling, [field]: value } }))
                  }
                />
              </section>
              <StructuredOutputSection />
              <section className="side-section">
                <h3>{t('conventions.people')}</h3>
                <p className="muted small side-note">{t('conventions.alwaysNote')}</p>
                <div className="form-grid">
                  <TextField
                    label={t('conventions.userName')}
                    value={form.userName}
                    placeholder={t('chat.you')}
                    testId="user-name"
                    onChange={(userName) => actions.update((f) => ({ ...f, userName }))}
                  />
                  <TextField
                    label={t('conventions.modelName')}
                    value={form.modelName}
                    placeholder={t('chat.model')}
                    testId="model-name"
                    onChange={(modelName) => actions.update((f) => ({ ...f, modelName }))}
                  />
                </div>
                <Field label={t('conventions.stopWords')} hint={t('conventions.stopWordsHint')}>
                  {(id, describedBy) => (
                    <textarea
                      id={id}
                      className="input textarea mono"
                      rows={3}
                      value={form.stopWords}
                      aria-describedby={describedBy}
                      spellCheck={false}
                      data-testid="stop-words"
                      onChange={(event) => actions.update((f) => ({ ...f, stopWords: event.target.value }))}
                    />
                  )}
                </Field>
                <CheckField
                  label={t('conventions.autoTitle')}
                  hint={t('conventions.autoTitleHint')}
                  checked={form.autoTitle}
                  testId="auto-title"
                  onChange={(autoTitle) => actions.update((f) => ({ ...f, autoTitle }))}
                />
                <CheckField
                  label={t('conventions.readAhead')}
                  hint={t('conventions.readAheadHint')}
                  checked={form.readAhead}
                  testId="read-ahead"
                  onChange={(readAhead) => actions.update((f) => ({ ...f, readAhead }))}
                />
                <TextField
                  label={t('conventions.reopenCache')}
                  value={form.reopenCacheMb}
                  numeric
                  error={errors.reopenCacheMb}
                  hint={t('conventions.reopenCacheHint')}
                  testId="reopen-cache"
                  onChange={(reopenCacheMb) => actions.update((f) => ({ ...f, reopenCacheMb }))}
                />
              </section>
            </>
          )}
          {error && (
            <p className="inline-error" role="alert" data-testid="parameters-error">
              {appErrorTextWithCause(t, error)}
            </p>
          )}
        </div>
        <div className="dialog-foot">
          <span className="muted small" role="status" data-testid="parameters-saved">
            {saved ? t('conventions.saved') : ''}
          </span>
          <button type="submit" className="btn btn-primary" data-testid="parameters-save" disabled={!form || saving}>
            {t('conventions.save')}
          </button>
        </div>
      </form>
    </aside>
  );
  return overlay ? (
    <div
      className="overlay overlay-side"
      onMouseDown={(event) => event.target === event.currentTarget && actions.close()}
    >
      {aside}
    </div>
  ) : (
    aside
  );
});

/** What answers: the loaded model and its context, with the way to load it again with another context. */
function ModelSection() {
  const t = useT();
  const { chat, load } = useAppModel();
  const { settings } = useSettingsStore();
  const status = useBackendStatus();
  const nCtx = useStore(chat.props, (props) => props?.nCtx ?? null);
  const linked = settings?.chat.endpoint.kind === 'link';
  const model = status?.model ?? null;
  return (
    <section className="side-section parameters-model" data-testid="parameters-model">
      <h3>{t('conventions.model')}</h3>
      {linked ? (
        <p className="muted small">{t('conventions.modelLink')}</p>
      ) : model ? (
        <dl className="parameters-facts">
          <dt className="sr-only">{t('conventions.model')}</dt>
          <dd className="parameters-model-name" title={model.path}>
            {model.name}
          </dd>
          <dt>{t('conventions.context')}</dt>
          <dd data-testid="parameters-context">
            {nCtx ? t('conventions.contextValue', { count: formatCount(nCtx) }) : t('conventions.contextUnknown')}
          </dd>
        </dl>
      ) : (
        <p className="muted small">{t('conventions.modelNone')}</p>
      )}
      {!linked && (
        <button
          type="button"
          className="btn btn-small"
          data-testid="parameters-reload"
          onClick={() => load.open('local')}
        >
          {t('conventions.reload')}
        </button>
      )}
    </section>
  );
}

const SCOPES: ReadonlyArray<{ scope: ParametersScope; testId: string }> = [
  { scope: 'conversation', testId: 'parameters-scope-conversation' },
  { scope: 'defaults', testId: 'parameters-scope-defaults' },
];

/** "This conversation" or "Default for new chats": which values the fields below show and Save writes. */
function ScopeSection({ scope }: { scope: ParametersScope }) {
  const t = useT();
  const { chat, conventions: parameters } = useAppModel();
  const own = useStore(chat.conventions);
  const note =
    scope === 'defaults'
      ? 'conventions.scope.defaultsNote'
      : own
        ? 'conventions.scope.ownNote'
        : 'conventions.scope.followsNote';
  return (
    <section className="side-section parameters-scope">
      <div className="segmented" role="radiogroup" aria-label={t('conventions.scope')}>
        {SCOPES.map((item) => (
          <button
            key={item.scope}
            type="button"
            role="radio"
            aria-checked={scope === item.scope}
            className={scope === item.scope ? 'is-active' : ''}
            data-testid={item.testId}
            onClick={() => parameters.setScope(item.scope)}
          >
            {t(item.scope === 'conversation' ? 'conventions.scope.conversation' : 'conventions.scope.defaults')}
          </button>
        ))}
      </div>
      <p className="muted small side-note" data-testid="parameters-scope-note">
        {t(note)}
      </p>
      {own && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="parameters-reset"
          onClick={parameters.resetConversation}
        >
          {t('conventions.reset')}
        </button>
      )}
    </section>
  );
}
