import { useId, useState } from 'react';
import {
  checkElicitValues,
  initialElicitValues,
  type ElicitAnswer,
  type ElicitField,
  type ElicitProblem,
} from '@shared/mcp/elicit-form';
import { useT, type MessageKey, type Translate } from '../../i18n';
import type { ElicitCardModel } from './elicit-forms';
import { CardError, CardWaiting } from './CardStatus';
import './agent.css';

interface Props {
  card: ElicitCardModel;
  onAnswer: (answer: ElicitAnswer) => void;
}

const PROBLEM_KEYS: Record<ElicitProblem['code'], MessageKey> = {
  required: 'agent.elicit.problem.required',
  not_number: 'agent.elicit.problem.notNumber',
  not_integer: 'agent.elicit.problem.notInteger',
  too_small: 'agent.elicit.problem.tooSmall',
  too_large: 'agent.elicit.problem.tooLarge',
  too_short: 'agent.elicit.problem.tooShort',
  too_long: 'agent.elicit.problem.tooLong',
  not_option: 'agent.elicit.problem.notOption',
  bad_format: 'agent.elicit.problem.badFormat',
  not_boolean: 'agent.elicit.problem.invalid',
  unknown_field: 'agent.elicit.problem.invalid',
};

export function problemText(t: Translate, problem: ElicitProblem): string {
  return t(PROBLEM_KEYS[problem.code], { limit: problem.limit ?? '' });
}

/**
 * An MCP server's question during a tool call: its message and one input per field of the schema it sent. Send checks
 * the values against the schema first and shows what does not fit; Decline and Cancel send no values.
 */
export function ElicitCard({ card, onAnswer }: Props) {
  const t = useT();
  const titleId = useId();
  const { request, state } = card;
  const [values, setValues] = useState<Record<string, string | boolean>>(() => initialElicitValues(request.fields));
  const [problems, setProblems] = useState<readonly ElicitProblem[]>([]);
  const busy = state === 'sending';
  const send = (): void => {
    const checked = checkElicitValues(request.fields, values);
    if (!checked.ok) return setProblems(checked.problems);
    setProblems([]);
    onAnswer({ action: 'accept', content: checked.content });
  };
  return (
    <section
      className={`approval-card elicit-card state-${state}`}
      role="group"
      aria-labelledby={titleId}
      data-testid="elicit-card"
      data-state={state}
      data-ask-id={request.askId}
    >
      <header className="approval-head">
        <span className="approval-mark" aria-hidden="true">
          ?
        </span>
        <strong id={titleId}>{t('agent.elicit.title', { server: request.server })}</strong>
        <span className="muted small">{t('agent.elicit.during', { tool: request.tool })}</span>
      </header>
      <form
        className="approval-body elicit-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <p className="elicit-message" data-testid="elicit-message">
          {request.message}
        </p>
        {request.fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            problem={problems.find((problem) => problem.field === field.name) ?? null}
            disabled={busy}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <div className="approval-actions">
          <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="elicit-accept">
            {t('agent.elicit.accept')}
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            data-testid="elicit-decline"
            onClick={() => onAnswer({ action: 'decline' })}
          >
            {t('agent.elicit.decline')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={busy}
            data-testid="elicit-cancel"
            onClick={() => onAnswer({ action: 'cancel' })}
          >
            {t('agent.elicit.cancel')}
          </button>
          <CardWaiting sending={busy} waitingKey="agent.elicit.waiting" />
        </div>
        <CardError error={card.error} />
      </form>
    </section>
  );
}

interface FieldProps {
  field: ElicitField;
  value: string | boolean;
  problem: ElicitProblem | null;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
}

function FieldInput({ field, value, problem, disabled, onChange }: FieldProps) {
  const t = useT();
  const id = useId();
  const problemId = `${id}-problem`;
  const common = {
    id,
    disabled,
    'aria-invalid': problem !== null,
    'aria-describedby': problem ? problemId : undefined,
    'data-testid': `elicit-field-${field.name}`,
  };
  const label = (
    <>
      {field.label}
      {field.required && <span className="muted small"> ({t('agent.elicit.required')})</span>}
    </>
  );
  return (
    <div className="elicit-field" data-type={field.type}>
      {field.type === 'boolean' ? (
        <label htmlFor={id} className="elicit-check">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
      ) : (
        <>
          <label htmlFor={id} className="approval-label">
            {label}
          </label>
          {field.type === 'enum' ? (
            <select {...common} className="input" value={String(value)} onChange={(e) => onChange(e.target.value)}>
              <option value="">{t('agent.elicit.choose')}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...common}
              className="input"
              type="text"
              inputMode={field.type === 'integer' ? 'numeric' : field.type === 'number' ? 'decimal' : undefined}
              value={String(value)}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </>
      )}
      {field.description && <p className="muted small">{field.description}</p>}
      {problem && (
        <p id={problemId} className="inline-error" data-testid={`elicit-problem-${field.name}`}>
          {problemText(t, problem)}
        </p>
      )}
    </div>
  );
}
