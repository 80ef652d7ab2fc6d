// Who may reach the Local API: the switch that opens it to the network (a
// warning first, turned on only once the user agrees), and the browser origins
// CORS answers (none: CORS off).
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { CheckField } from '../../ui/form-fields';
import type { LocalApiStore } from './local-api-store';

/** An origin as CORS compares it (scheme, host and port), `*` for every site; null when `text` is none. */
export function originOf(text: string): string | null {
  const typed = text.trim();
  if (typed === '*') return '*';
  try {
    const url = new URL(typed);
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '';
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
  } catch {
    return null; // not a URL at all: the field says what it wants
  }
}

export function LocalApiNetworkFields({
  store,
  network,
  origins,
}: {
  store: LocalApiStore;
  network: boolean;
  origins: readonly string[];
}) {
  const t = useT();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);

  const addOrigin = (event: FormEvent) => {
    event.preventDefault();
    const origin = originOf(typed);
    if (!origin) return setInvalid(true);
    setInvalid(false);
    setTyped('');
    if (!origins.includes(origin)) void store.updateSettings({ corsOrigins: [...origins, origin] });
  };

  return (
    <>
      <div className="local-api-field">
        <CheckField
          asSwitch
          label={t('localApi.network')}
          checked={network}
          describedBy={`${id}-network`}
          testId="local-api-network"
          // Turning it on asks first (below); turning it off needs no warning.
          onChange={(on) => {
            setAsking(on);
            if (!on) void store.updateSettings({ network: false });
          }}
        />
        <p className={network ? 'field-hint warning-text' : 'field-hint'} id={`${id}-network`}>
          {network ? t('localApi.networkOn') : t('localApi.networkOff')}
        </p>
        {asking && !network && (
          <div className="warning-box local-api-warning" role="alert" data-testid="local-api-network-warning">
            <p>{t('localApi.networkWarning')}</p>
            <div className="local-api-row">
              <button
                type="button"
                className="btn btn-danger"
                data-testid="local-api-network-confirm"
                onClick={() => void store.updateSettings({ network: true }).then(() => setAsking(false))}
              >
                {t('localApi.networkConfirm')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        )}
      </div>

      <fieldset className="local-api-fieldset" data-testid="local-api-cors">
        <legend>{t('localApi.cors')}</legend>
        <p className="field-hint" data-testid="local-api-cors-state">
          {origins.length === 0 ? t('localApi.corsOff') : t('localApi.corsOn')}
        </p>
        {origins.length > 0 && (
          <ul className="plain-list local-api-origins">
            {origins.map((origin) => (
              <li key={origin} className="local-api-row" data-testid="local-api-cors-origin">
                <code>{origin}</code>
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-label={t('localApi.corsRemove', { origin })}
                  onClick={() => void store.updateSettings({ corsOrigins: origins.filter((kept) => kept !== origin) })}
                >
                  {t('localApi.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className="local-api-row" onSubmit={addOrigin}>
          <div className={`field${invalid ? ' has-error' : ''}`}>
            <label htmlFor={`${id}-origin`}>{t('localApi.corsOrigin')}</label>
            <input
              id={`${id}-origin`}
              className="input mono"
              value={typed}
              placeholder="https://app.example.com"
              spellCheck={false}
              autoComplete="off"
              aria-invalid={invalid}
              aria-describedby={invalid ? `${id}-origin-error` : undefined}
              data-testid="local-api-cors-input"
              onChange={(event) => setTyped(event.target.value)}
            />
            {invalid && (
              <p className="field-error" id={`${id}-origin-error`}>
                {t('localApi.corsInvalid')}
              </p>
            )}
          </div>
          <button type="submit" className="btn" disabled={typed.trim() === ''} data-testid="local-api-cors-add">
            {t('localApi.add')}
          </button>
        </form>
      </fieldset>
    </>
  );
}
