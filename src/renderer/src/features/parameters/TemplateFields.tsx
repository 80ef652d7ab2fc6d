import { useLanguage, useT } from '../../i18n';
import type { FieldError } from '../../ui/field-error';
import { addTemplate, deleteTemplate, editTemplate, freshTemplateName, type ParametersForm } from './parameters-form';
import { defaultSystemPromptFor } from '@shared/chat/default-prompt-language';

interface Props {
  form: ParametersForm;
  error: FieldError | undefined;
  update: (change: (form: ParametersForm) => ParametersForm) => void;
}

/** The system prompt templates: pick one, edit its text, add, rename or delete custom ones. */
export function TemplateFields({ form, error, update }: Props) {
  const t = useT();
  const defaultPrompt = defaultSystemPromptFor(useLanguage());
  const selected = form.templates[form.selected];
  const isDefault = form.selected === 0;
  return (
    <div className="templates">
      <div className="template-chips" role="radiogroup" aria-label={t('conventions.templates')}>
        {form.templates.map((template, index) => (
          <button
            key={index}
            type="button"
            role="radio"
            aria-checked={index === form.selected}
            className={`chip${index === form.selected ? ' is-active' : ''}`}
            data-testid="template-chip"
            onClick={() => update((f) => ({ ...f, selected: index }))}
          >
            {index === 0 ? t('conventions.defaultTemplate') : template.name || '…'}
          </button>
        ))}
        <button
          type="button"
          className="chip chip-add"
          data-testid="template-add"
          onClick={() => update((f) => addTemplate(f, freshTemplateName(f.templates, t('conventions.newTemplate'))))}
        >
          + {t('conventions.addTemplate')}
        </button>
      </div>
      {!isDefault && selected && (
        <div className="template-name-row">
          <input
            className="input"
            value={selected.name}
            aria-label={t('conventions.templateName')}
            aria-invalid={error !== undefined && selected.name.trim() === ''}
            data-testid="template-name"
            onChange={(event) => update((f) => editTemplate(f, f.selected, { name: event.target.value }))}
          />
          <button
            type="button"
            className="btn btn-danger"
            data-testid="template-delete"
            onClick={() => update((f) => deleteTemplate(f, f.selected))}
          >
            {t('conventions.deleteTemplate')}
          </button>
        </div>
      )}
      {error && <p className="field-error">{t(error.key, error.vars)}</p>}
      <textarea
        className="input textarea system-prompt"
        rows={7}
        value={selected?.text ?? ''}
        aria-label={t('conventions.systemPrompt')}
        data-testid="system-prompt"
        onChange={(event) => update((f) => editTemplate(f, f.selected, { text: event.target.value }))}
      />
      <div className="template-foot">
        <span className="muted small">{t('conventions.templateHint')}</span>
        {isDefault && selected?.text !== defaultPrompt && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="template-restore"
            onClick={() => update((f) => editTemplate(f, 0, { text: defaultPrompt }))}
          >
            {t('conventions.restoreDefault')}
          </button>
        )}
      </div>
    </div>
  );
}
