import { useT } from '../../i18n';
import { SidePanel } from '../../ui/SidePanel';
import { CheckField, Field, SelectField, TextField } from '../../ui/form-fields';
import { SamplingFields } from './SamplingFields';
import { TemplateFields } from './TemplateFields';
import { useConventionsStore } from './use-conventions-store';
import './conventions.css';

/** 约定: how the model is addressed (system prompt, names, stop words) and how it samples. */
export function ConventionsPanel() {
  const t = useT();
  const { open, form, errors, saving, error, actions } = useConventionsStore();
  if (!open) return null;
  return (
    <SidePanel
      id="conventions-panel"
      title={t('conventions.title')}
      onClose={actions.close}
      onSubmit={() => void actions.save()}
      saveLabel={t('conventions.save')}
      canSave={Boolean(form) && !saving}
      error={error}
      errors={errors}
      initialFocus='[data-testid="system-prompt"]'
    >
      {!form ? (
        <p className="muted">{t('load.settingsMissing')}</p>
      ) : (
        <>
          <section className="side-section">
            <h3>{t('conventions.systemPrompt')}</h3>
            <TemplateFields form={form} error={errors.templateName} update={actions.update} />
          </section>
          <section className="side-section">
            <h3>{t('conventions.people')}</h3>
            <div className="form-grid">
              <TextField label={t('conventions.userName')} value={form.userName} placeholder={t('chat.you')} testId="user-name" onChange={(userName) => actions.update((f) => ({ ...f, userName }))} />
              <TextField label={t('conventions.modelName')} value={form.modelName} placeholder={t('chat.model')} testId="model-name" onChange={(modelName) => actions.update((f) => ({ ...f, modelName }))} />
            </div>
            <Field label={t('conventions.stopWords')} hint={t('conventions.stopWordsHint')}>
              {(id, describedBy) => (
                <textarea id={id} className="input textarea mono" rows={3} value={form.stopWords} aria-describedby={describedBy} spellCheck={false} data-testid="stop-words" onChange={(event) => actions.update((f) => ({ ...f, stopWords: event.target.value }))} />
              )}
            </Field>
            <SelectField
              label={t('conventions.sendKey')}
              value={form.sendKey}
              options={[
                { value: 'ctrl-enter', label: t('conventions.sendKey.ctrlEnter') },
                { value: 'enter', label: t('conventions.sendKey.enter') },
              ]}
              testId="send-key"
              onChange={(sendKey) => actions.update((f) => ({ ...f, sendKey }))}
            />
            <CheckField label={t('conventions.autoTitle')} hint={t('conventions.autoTitleHint')} checked={form.autoTitle} testId="auto-title" onChange={(autoTitle) => actions.update((f) => ({ ...f, autoTitle }))} />
          </section>
          <section className="side-section">
            <h3>{t('conventions.sampling')}</h3>
            <p className="muted small side-note">{t('conventions.samplingNote')}</p>
            <SamplingFields values={form.sampling} errors={errors} onChange={(field, value) => actions.update((f) => ({ ...f, sampling: { ...f.sampling, [field]: value } }))} />
          </section>
        </>
      )}
    </SidePanel>
  );
}
