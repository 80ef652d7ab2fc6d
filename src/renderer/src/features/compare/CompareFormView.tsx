// The New comparison form: a model for each column (the library's files and
// the pool's models, two to four), the prompts (a saved set, or several split
// by a line of dashes), the settings every column shares, blind mode, and the
// plan the core makes of them before anything starts.
import { useId } from 'react';
import { useStore } from 'zustand';
import { COMPARE_COLUMN_IDS, type CompareCandidates } from '@shared/compare/compare-types';
import { useT, type MessageKey } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { AppErrorLine } from '../../ui/AppErrorLine';
import {
  canAddSlot,
  canRemoveSlot,
  entrantKey,
  formProblem,
  withExtraSlot,
  withSlot,
  withoutSlot,
  type CompareForm,
} from './compare-form';
import type { CompareStore } from './compare-store';
import { PromptFields, SettingsFields } from './CompareFormFields';
import { letterOf, scheduleNote } from './compare-words';

const PROBLEM_KEYS: Record<NonNullable<ReturnType<typeof formProblem>>, MessageKey> = {
  models: 'compare.problem.models',
  duplicate: 'compare.problem.duplicate',
  prompt: 'compare.problem.prompt',
};

export function CompareFormView({ store }: { store: CompareStore }) {
  const t = useT();
  const form = useStore(store.state, (s) => s.form);
  const candidates = useStore(store.state, (s) => s.candidates);
  const busy = useStore(store.state, (s) => s.busy);
  const answering = useStore(store.state, (s) => s.run?.running ?? false);
  const problem = formProblem(form);
  const edit = (change: (form: CompareForm) => CompareForm) => store.editForm(change);
  return (
    <form
      className="compare-form"
      aria-labelledby="compare-new-title"
      data-testid="compare-form"
      onSubmit={(event) => {
        event.preventDefault();
        void store.startRun();
      }}
    >
      <h2 id="compare-new-title">{t('compare.new')}</h2>
      <fieldset className="compare-slots">
        <legend>{t('compare.models')}</legend>
        {candidates && candidates.files.length === 0 && candidates.pool.length === 0 && (
          <p className="muted" data-testid="compare-no-models">
            {t('compare.noModels')}
          </p>
        )}
        {form.slots.map((slot, index) => (
          <SlotRow
            key={index}
            index={index}
            value={slot}
            candidates={candidates}
            canRemove={canRemoveSlot(form)}
            onChange={(key) => edit((current) => withSlot(current, index, key))}
            onRemove={() => edit((current) => withoutSlot(current, index))}
          />
        ))}
        {canAddSlot(form) && (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="compare-add-slot"
            onClick={() => edit(withExtraSlot)}
          >
            {t('compare.slot.add')}
          </button>
        )}
      </fieldset>
      <PlanNote store={store} />
      <PromptFields store={store} form={form} />
      <SettingsFields form={form} edit={edit} />
      <label className="check">
        <input
          type="checkbox"
          checked={form.oneAfterAnother}
          data-testid="compare-one-after-another"
          onChange={(event) => edit((current) => ({ ...current, oneAfterAnother: event.target.checked }))}
        />
        <span>{t('compare.oneAfterAnother')}</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={form.blind}
          data-testid="compare-blind"
          onChange={(event) => edit((current) => ({ ...current, blind: event.target.checked }))}
        />
        <span>{t('compare.blind')}</span>
      </label>
      <div className="compare-start">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={problem !== null || busy || answering}
          aria-describedby={problem ? 'compare-problem' : undefined}
          data-testid="compare-start"
        >
          {t('compare.start')}
        </button>
        {problem && (
          <span id="compare-problem" className="muted small" data-testid="compare-problem">
            {t(PROBLEM_KEYS[problem])}
          </span>
        )}
      </div>
    </form>
  );
}

interface SlotRowProps {
  index: number;
  value: string;
  candidates: CompareCandidates | null;
  canRemove: boolean;
  onChange: (key: string) => void;
  onRemove: () => void;
}

function SlotRow({ index, value, candidates, canRemove, onChange, onRemove }: SlotRowProps) {
  const t = useT();
  const id = useId();
  const letter = letterOf(COMPARE_COLUMN_IDS[index]!);
  return (
    <div className="compare-slot">
      <label htmlFor={id}>{t('compare.slot', { letter })}</label>
      <select
        id={id}
        className="input"
        value={value}
        data-testid="compare-slot"
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('compare.slot.choose')}</option>
        {candidates && candidates.files.length > 0 && (
          <optgroup label={t('compare.slot.files')}>
            {candidates.files.map((file) => (
              <option key={file.path} value={entrantKey({ kind: 'file', path: file.path })}>
                {`${file.fileName} · ${formatBytes(file.sizeBytes)}`}
              </option>
            ))}
          </optgroup>
        )}
        {candidates && candidates.pool.length > 0 && (
          <optgroup label={t('compare.slot.pool')}>
            {candidates.pool.map((model) => (
              <option key={model.id} value={entrantKey({ kind: 'pool', id: model.id })}>
                {model.id}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {canRemove && (
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={t('compare.slot.remove', { letter })}
          data-testid="compare-remove-slot"
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </div>
  );
}

function PlanNote({ store }: { store: CompareStore }) {
  const t = useT();
  const plan = useStore(store.state, (s) => s.plan);
  const planError = useStore(store.state, (s) => s.planError);
  if (planError) return <AppErrorLine error={planError} testId="compare-plan-error" />;
  if (!plan) return null;
  return (
    <p className="compare-plan" role="status" data-testid="compare-plan" data-mode={plan.mode}>
      {scheduleNote(t, plan)}
    </p>
  );
}
