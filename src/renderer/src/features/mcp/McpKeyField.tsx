// An HTTP server's API key, write-only: the page knows only whether one is
// sealed. Typed here, it goes to the core (`mcp:set-key`), which seals it and
// reconnects the server; it is never shown or sent back.
import { useState } from 'react';
import { useT } from '../../i18n';
import { protectionText } from '../../ui/ApiKeyField';

export function McpKeyField({
  server,
  hasKey,
  protection,
  onSet,
}: {
  server: string;
  hasKey: boolean;
  protection: string;
  onSet: (apiKey: string | null) => Promise<boolean>;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const sealedBy = protectionText(t, protection);
  const id = `mcp-key-${server}`;

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
      <div className="mcp-key key-stored" data-testid="mcp-key-stored">
        <span className="key-lock" aria-hidden="true" />
        <span className="small">{t('mcp.key.stored', { protection: sealedBy })}</span>
        <span className="key-actions">
          <button
            type="button"
            className="btn btn-small"
            data-testid="mcp-key-replace"
            disabled={busy}
            onClick={() => setEditing(true)}
          >
            {t('mcp.key.replace')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger"
            data-testid="mcp-key-remove"
            disabled={busy}
            onClick={() => void apply(null)}
          >
            {t('mcp.key.remove')}
          </button>
        </span>
      </div>
    );
  }
  return (
    <form
      className="mcp-key"
      data-testid="mcp-key-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim() !== '') void apply(typed.trim());
      }}
    >
      <label className="small" htmlFor={id}>
        {t('mcp.key.label')}
        {!hasKey && <span className="muted"> · {t('mcp.key.none')}</span>}
      </label>
      <div className="input-row">
        <input
          id={id}
          className="input mono"
          type="password"
          value={typed}
          placeholder={t('mcp.key.placeholder')}
          autoComplete="new-password"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          data-testid="mcp-key-input"
          onChange={(event) => setTyped(event.target.value)}
        />
        <button
          type="submit"
          className="btn btn-small"
          data-testid="mcp-key-save"
          disabled={busy || typed.trim() === ''}
        >
          {busy ? t('mcp.key.saving') : t('mcp.key.save')}
        </button>
        {hasKey && (
          <button type="button" className="btn btn-small" onClick={() => setEditing(false)}>
            {t('mcp.key.cancel')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="muted small">
        {t('mcp.key.hint', { protection: sealedBy })}
      </p>
    </form>
  );
}
