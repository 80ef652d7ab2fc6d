// A secret key sealed as soon as it is typed (a search provider's, an MCP server's): the page knows only whether
// one is sealed. Typed here, it goes straight to the core through `onSet`, which seals it; it is never shown or
// sent back. (A key saved with the rest of a form is ApiKeyField's.)
import { useState } from 'react';

/** What the field says; `stored` and `hint` name how keys are sealed (protectionText). */
export interface SecretKeyTexts {
  label: string;
  /** that a key is sealed, and how */
  stored: string;
  /** beside the label while no key is sealed */
  none: string;
  placeholder: string;
  save: string;
  saving: string;
  replace: string;
  remove: string;
  cancel: string;
  hint: string;
}

interface Props {
  /** the input's id */
  id: string;
  /** the prefix of its test ids (`${testId}-input`, `${testId}-stored`, …) */
  testId: string;
  hasKey: boolean;
  texts: SecretKeyTexts;
  /** set on the field besides `field` (spacing where it sits) */
  className?: string;
  /** seals `apiKey`, or removes the sealed key when null; true once done */
  onSet: (apiKey: string | null) => Promise<boolean>;
}

export function SecretKeyField({ id, testId, hasKey, texts, className, onSet }: Props) {
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldClass = `field${className ? ` ${className}` : ''}`;

  const apply = async (apiKey: string | null): Promise<void> => {
    setBusy(true);
    const done = await onSet(apiKey);
    setBusy(false);
    if (done) {
      setTyped('');
      setEditing(false);
    }
  };

  if (hasKey && !editing) {
    return (
      <div className={fieldClass}>
        <span className="secret-key-label">{texts.label}</span>
        <div className="key-stored" data-testid={`${testId}-stored`}>
          <span className="key-lock" aria-hidden="true" />
          <span className="small">{texts.stored}</span>
          <span className="key-actions">
            <button
              type="button"
              className="btn btn-small"
              data-testid={`${testId}-replace`}
              disabled={busy}
              onClick={() => setEditing(true)}
            >
              {texts.replace}
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger"
              data-testid={`${testId}-remove`}
              disabled={busy}
              onClick={() => void apply(null)}
            >
              {texts.remove}
            </button>
          </span>
        </div>
      </div>
    );
  }
  const submit = () => {
    if (typed.trim() !== '') void apply(typed.trim());
  };
  // Not a <form>: it may sit in one (the Tools panel), and Enter here seals the key rather than saving that form.
  return (
    <div className={fieldClass} data-testid={`${testId}-form`}>
      <label htmlFor={id}>
        {texts.label}
        {!hasKey && <span className="muted"> · {texts.none}</span>}
      </label>
      <div className="input-row">
        <input
          id={id}
          className="input mono"
          type="password"
          value={typed}
          placeholder={texts.placeholder}
          autoComplete="new-password"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          data-testid={`${testId}-input`}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
        />
        <button
          type="button"
          className="btn btn-small"
          data-testid={`${testId}-save`}
          disabled={busy || typed.trim() === ''}
          onClick={submit}
        >
          {busy ? texts.saving : texts.save}
        </button>
        {hasKey && (
          <button
            type="button"
            className="btn btn-small"
            data-testid={`${testId}-cancel`}
            onClick={() => setEditing(false)}
          >
            {texts.cancel}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {texts.hint}
      </p>
    </div>
  );
}
