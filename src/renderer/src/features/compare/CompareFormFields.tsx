// The prompts of a new comparison (typed, or a saved set; several split by a
// line of three dashes) and the settings every column shares.
import { useState } from 'react';
import { useStore } from 'zustand';
import { useT, type MessageKey } from '../../i18n';
import type { CompareForm } from './compare-form';
import type { CompareStore } from './compare-store';
import { BoundedNumberField } from '../../ui/form-fields';

export function PromptFields({ store, form }: { store: CompareStore; form: CompareForm }) {
  const t = useT();
  const sets = useStore(store.state, (s) => s.sets);
  const [setName, setSetName] = useState('');
  const [chosen, setChosen] = useState('');
  return (
    <div className="compare-prompts">
      <div className="field">
        <label htmlFor="compare-prompts">{t('compare.prompts')}</label>
        <textarea
          id="compare-prompts"
          className="input textarea"
          rows={4}
          value={form.prompts}
          aria-describedby="compare-prompts-hint"
          data-testid="compare-prompts"
          onChange={(event) => store.editForm((current) => ({ ...current, prompts: event.target.value }))}
        />
        <p className="field-hint" id="compare-prompts-hint">
          {t('compare.prompts.hint')}
        </p>
      </div>
      <div className="compare-sets">
        <div className="field">
          <label htmlFor="compare-set">{t('compare.promptSet')}</label>
          <select
            id="compare-set"
            className="input"
            value={chosen}
            data-testid="compare-prompt-set"
            onChange={(event) => {
              setChosen(event.target.value);
              store.usePromptSet(event.target.value);
            }}
          >
            <option value="">{t('compare.promptSet.none')}</option>
            {sets.map((set) => (
              <option key={set.name} value={set.name}>
                {t('compare.promptSet.option', { name: set.name, count: set.prompts.length })}
              </option>
            ))}
          </select>
        </div>
        {chosen !== '' && (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="compare-delete-set"
            onClick={() => {
              void store.deletePromptSet(chosen);
              setChosen('');
            }}
          >
            {t('compare.promptSet.delete')}
          </button>
        )}
        <div className="field">
          <label htmlFor="compare-set-name">{t('compare.promptSet.name')}</label>
          <input
            id="compare-set-name"
            className="input"
            value={setName}
            maxLength={100}
            data-testid="compare-set-name"
            onChange={(event) => setSetName(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn"
          disabled={setName.trim() === '' || form.prompts.trim() === ''}
          data-testid="compare-save-set"
          onClick={() => {
            void store.savePromptSet(setName);
            setChosen(setName.trim());
          }}
        >
          {t('compare.promptSet.save')}
        </button>
      </div>
    </div>
  );
}

export function SettingsFields({
  form,
  edit,
}: {
  form: CompareForm;
  edit: (change: (form: CompareForm) => CompareForm) => void;
}) {
  const t = useT();
  const number = (
    key: 'temperature' | 'maxTokens' | 'seed' | 'contextSize',
    label: MessageKey,
    min: number,
    max: number,
    step: number,
  ) => (
    <BoundedNumberField
      id={`compare-${key}`}
      label={t(label)}
      value={form[key]}
      min={min}
      max={max}
      step={step}
      onChange={(value) => edit((current) => ({ ...current, [key]: value }))}
    />
  );
  return (
    <fieldset className="compare-settings">
      <legend>{t('compare.settings')}</legend>
      <div className="compare-numbers">
        {number('temperature', 'compare.temperature', 0, 2, 0.1)}
        {number('maxTokens', 'compare.maxTokens', 1, 100_000, 1)}
        {number('seed', 'compare.seed', -1, 2 ** 31 - 1, 1)}
        {number('contextSize', 'compare.context', 0, 4_194_304, 256)}
      </div>
      <div className="field">
        <label htmlFor="compare-system">{t('compare.systemPrompt')}</label>
        <textarea
          id="compare-system"
          className="input textarea"
          rows={2}
          value={form.systemPrompt}
          data-testid="compare-system"
          onChange={(event) => edit((current) => ({ ...current, systemPrompt: event.target.value }))}
        />
      </div>
    </fieldset>
  );
}
