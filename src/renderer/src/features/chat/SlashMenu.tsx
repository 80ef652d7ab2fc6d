// The slash menu above the message box (slash-menu.ts holds its logic): the
// matching prompts with their server and description, or the small form of the
// picked prompt's arguments. The message box keeps the keyboard while the list
// is open (it passes ↑/↓/Enter/Tab/Esc on); the form takes it while it asks.
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { LeftOutNotice } from './LeftOutNotice';
import { matchingPrompts, type SlashMenu as SlashMenuModel } from './slash-menu';

export const SLASH_LIST_ID = 'slash-menu-list';
export const slashOptionId = (index: number): string => `slash-option-${index}`;

/**
 * The message box points at the highlighted prompt, so screen readers announce it while the keyboard stays in the box.
 */
export function useSlashAria(menu: SlashMenuModel): { 'aria-controls'?: string; 'aria-activedescendant'?: string } {
  const open = useStore(
    menu.state,
    (state) => state.query !== null && state.form === null && matchingPrompts(state.prompts, state.query).length > 0,
  );
  const active = useStore(menu.state, (state) => state.active);
  return open ? { 'aria-controls': SLASH_LIST_ID, 'aria-activedescendant': slashOptionId(active) } : {};
}

export function SlashMenu({ menu, onClosed }: { menu: SlashMenuModel; onClosed: () => void }) {
  const t = useT();
  const { query, prompts, failures, loadError, active, form, busy, error, leftOut } = useStore(menu.state);
  const list = useRef<HTMLUListElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const shown = matchingPrompts(prompts, query);

  useEffect(() => {
    list.current?.querySelector('.slash-option.is-active')?.scrollIntoView({ block: 'nearest' });
  }, [active, shown.length]);
  const formPrompt = form?.prompt;
  useEffect(() => {
    if (formPrompt) firstField.current?.focus();
  }, [formPrompt]);

  const cancel = (): void => {
    menu.close();
    onClosed();
  };
  const onFormKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  };
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void menu.submit();
  };

  if (form) {
    return (
      <form
        className="slash-menu slash-form"
        data-testid="slash-form"
        aria-label={t('chat.slash.formTitle', { name: form.prompt.title || form.prompt.name })}
        onSubmit={onSubmit}
        onKeyDown={onFormKey}
      >
        <p className="slash-form-title">
          <strong>{form.prompt.title || form.prompt.name}</strong>{' '}
          <span className="muted small">{form.prompt.server}</span>
        </p>
        {form.prompt.arguments.map((arg, index) => (
          <label key={arg.name} className="slash-form-field">
            <span className="small">
              {arg.name}
              {arg.required ? (
                <span aria-hidden="true"> *</span>
              ) : (
                <span className="muted"> {t('chat.slash.optional')}</span>
              )}
            </span>
            <input
              ref={index === 0 ? firstField : undefined}
              className="input"
              data-testid={`slash-arg-${arg.name}`}
              value={form.values[arg.name] ?? ''}
              placeholder={arg.description}
              aria-required={arg.required}
              aria-invalid={form.missing.includes(arg.name)}
              onChange={(event) => menu.setValue(arg.name, event.target.value)}
            />
            {form.missing.includes(arg.name) && (
              <span className="field-error small">{t('chat.slash.required', { name: arg.name })}</span>
            )}
          </label>
        ))}
        {error && (
          <p className="field-error small" role="alert" data-testid="slash-error">
            {appErrorTextWithCause(t, error)}
          </p>
        )}
        <div className="slash-form-actions">
          <button type="button" className="btn btn-small btn-ghost" onClick={cancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-small btn-primary" data-testid="slash-submit" disabled={busy}>
            {busy ? t('chat.slash.fetching') : t('chat.slash.use')}
          </button>
        </div>
      </form>
    );
  }

  if (query === null) return <LeftOutNotice items={leftOut} onDismiss={menu.dismissLeftOut} />;

  return (
    <div className="slash-menu" data-testid="slash-menu">
      {prompts === null && <p className="small muted slash-status">{t('chat.slash.loading')}</p>}
      {loadError && <p className="field-error small">{appErrorTextWithCause(t, loadError)}</p>}
      {prompts !== null && shown.length === 0 && !loadError && (
        <p className="small muted slash-status" data-testid="slash-empty">
          {prompts.length === 0 ? t('chat.slash.none') : t('chat.slash.noMatch', { query })}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="slash-list" role="listbox" id={SLASH_LIST_ID} aria-label={t('chat.slash.title')} ref={list}>
          {shown.map((prompt, index) => (
            <li
              key={`${prompt.server}/${prompt.name}`}
              id={slashOptionId(index)}
              role="option"
              aria-selected={index === active}
              className={`slash-option${index === active ? ' is-active' : ''}`}
              data-testid="slash-option"
              data-name={prompt.name}
              data-server={prompt.server}
              // Keeps the focus in the message box: a click picks without blurring it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void menu.pick(prompt)}
            >
              <span className="slash-name">/{prompt.name}</span>
              <span className="slash-server muted small">{prompt.server}</span>
              {prompt.arguments.length > 0 && (
                <span className="slash-args muted small">
                  {prompt.arguments.map((arg) => (arg.required ? arg.name : `[${arg.name}]`)).join(' ')}
                </span>
              )}
              {(prompt.description || prompt.title) && (
                <span className="slash-description small">{prompt.description || prompt.title}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {failures.map((failure) => (
        <p key={failure.server} className="small muted slash-status" title={failure.message}>
          {t('chat.slash.serverFailed', { server: failure.server })}
        </p>
      ))}
      {busy && <p className="small muted slash-status">{t('chat.slash.fetching')}</p>}
      {error && (
        <p className="field-error small" role="alert" data-testid="slash-error">
          {appErrorTextWithCause(t, error)}
        </p>
      )}
      <p className="small muted slash-hint">{t('chat.slash.hint')}</p>
    </div>
  );
}
