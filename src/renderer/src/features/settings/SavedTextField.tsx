// A text setting saved on its own (Enter or Save): checked here first so a typo is
// named in the page's language before anything is sent, then saved through the
// contract, whose refusal is shown in words too.
import { useId, useState, type FormEvent } from 'react';
import type { AppSettings } from '@shared/contract';
import type { AppError, Result } from '@shared/errors';
import { useT, type MessageKey } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { TextInput } from '../../ui/form-fields';

interface SavedTextFieldProps {
  label: string;
  hint: string;
  /** the saved value; the field follows it when it changes elsewhere */
  value: string;
  placeholder?: string;
  /** what "Use the default" puts back; absent when the field has no such button */
  defaultValue?: string;
  /** the key of what is wrong with a typed value, or null */
  check: (text: string) => MessageKey | null;
  save: (text: string) => Promise<Result<AppSettings>>;
  testId: string;
}

type Note = { kind: 'saved' } | { kind: 'refused'; key: MessageKey } | { kind: 'failed'; error: AppError } | null;

export function SavedTextField(props: SavedTextFieldProps) {
  const { label, hint, value, placeholder, defaultValue, check, save, testId } = props;
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  // A value saved elsewhere (another window, "Use the default") replaces the draft, during render rather than after it.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(value);
  }

  const submit = async (text: string): Promise<void> => {
    const problem = check(text);
    if (problem !== null) return setNote({ kind: 'refused', key: problem });
    setBusy(true);
    const result = await save(text);
    setBusy(false);
    setNote(result.ok ? { kind: 'saved' } : { kind: 'failed', error: result.error });
  };
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void submit(draft);
  };
  const refused = note?.kind === 'refused' || note?.kind === 'failed';

  return (
    <form className="settings-text-field" onSubmit={onSubmit} noValidate>
      <label htmlFor={id}>{label}</label>
      <div className="settings-text-line">
        <TextInput
          id={id}
          describedBy={`${id}-hint ${id}-note`}
          value={draft}
          placeholder={placeholder}
          mono
          invalid={refused}
          testId={`${testId}-input`}
          onChange={(text) => {
            setDraft(text);
            setNote(null);
          }}
        />
        <button type="submit" className="btn" disabled={busy} data-testid={`${testId}-save`}>
          {t('settings.save')}
        </button>
        {defaultValue !== undefined && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy || value === defaultValue}
            data-testid={`${testId}-default`}
            onClick={() => {
              setDraft(defaultValue);
              void submit(defaultValue);
            }}
          >
            {t('settings.useDefault')}
          </button>
        )}
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      <p
        id={`${id}-note`}
        className={refused ? 'field-error' : 'settings-saved'}
        role={refused ? 'alert' : 'status'}
        data-testid={`${testId}-note`}
      >
        {note?.kind === 'saved' && t('settings.saved')}
        {note?.kind === 'refused' && t(note.key)}
        {note?.kind === 'failed' && appErrorText(t, note.error)}
      </p>
    </form>
  );
}
