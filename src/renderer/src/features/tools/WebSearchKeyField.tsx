// A search provider's API key, write-only: the page knows only whether one is
// sealed. Typed here, it goes straight to the core (`web-search:set-key`),
// which seals it; it is never shown or sent back.
import { useState } from 'react';
import { useT } from '../../i18n';
import { protectionText } from '../../ui/ApiKeyField';

export function WebSearchKeyField({
  providerName,
  hasKey,
  protection,
  onSet,
}: {
  providerName: string;
  hasKey: boolean;
  protection: string;
  onSet: (apiKey: string | null) => Promise<boolean>;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const sealedBy = protectionText(t, protection);
  const label = t('tools.webSearch.key', { provider: providerName });

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
      <div className="field">
        <span className="web-search-key-label">{label}</span>
        <div className="key-stored" data-testid="web-search-key-stored">
          <span className="key-lock" aria-hidden="true" />
          <span className="small">{t('tools.webSearch.keySet', { protection: sealedBy })}</span>
          <span className="key-actions">
            <button
              type="button"
              className="btn btn-small"
              data-testid="web-search-key-replace"
              disabled={busy}
              onClick={() => setEditing(true)}
            >
              {t('tools.webSearch.keyReplace')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger"
              data-testid="web-search-key-remove"
              disabled={busy}
              onClick={() => void apply(null)}
            >
              {t('tools.webSearch.keyRemove')}
            </button>
          </span>
        </div>
      </div>
    );
  }
  const submit = () => {
    if (typed.trim() !== '') void apply(typed.trim());
  };
  // Not a <form>: the panel is one already, and Enter here seals the key rather than saving the panel.
  return (
    <div className="field" data-testid="web-search-key-form">
      <label htmlFor="web-search-key">
        {label}
        {!hasKey && <span className="muted"> · {t('tools.webSearch.keyNone')}</span>}
      </label>
      <div className="input-row">
        <input
          id="web-search-key"
          className="input mono"
          type="password"
          value={typed}
          placeholder={t('tools.webSearch.keyPlaceholder')}
          autoComplete="new-password"
          spellCheck={false}
          aria-describedby="web-search-key-hint"
          data-testid="web-search-key-input"
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
          data-testid="web-search-key-save"
          disabled={busy || typed.trim() === ''}
          onClick={submit}
        >
          {busy ? t('tools.webSearch.keySaving') : t('tools.webSearch.keySave')}
        </button>
        {hasKey && (
          <button
            type="button"
            className="btn btn-small"
            data-testid="web-search-key-cancel"
            onClick={() => setEditing(false)}
          >
            {t('tools.webSearch.keyCancel')}
          </button>
        )}
      </div>
      <p id="web-search-key-hint" className="field-hint">
        {t('tools.webSearch.keyHint', { protection: sealedBy })}
      </p>
    </div>
  );
}
