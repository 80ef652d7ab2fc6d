// The Local API's settings: its port (applied on demand, since a running
// server restarts on it), who may reach it, the queue, whether request bodies
// are kept, the links it shares, and the server's parallel slots (the app's
// `load.parallel`, of which the API gets all but the one kept for the user's chat).
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { LOCAL_API_PORT_RANGE, type LocalApiSettings } from '@shared/local-api/local-api-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { BoundedNumberField, CheckField } from '../../ui/form-fields';
import { LocalApiNetworkFields } from './LocalApiNetworkFields';
import { LiveNumberField } from './LocalApiParts';
import type { LocalApiStore } from './local-api-store';
import { parallelText } from './local-api-words';

/** Below this a port needs administrator rights; the core refuses it. */
const LOWEST_PORT = 1024;

export function LocalApiSettingsPanel({ store }: { store: LocalApiStore }) {
  const t = useT();
  const settings = useStore(store.state, (s) => s.status?.settings ?? null);
  if (!settings) return null;
  return (
    <section className="card local-api-section" aria-labelledby="local-api-settings-title">
      <h2 id="local-api-settings-title">{t('localApi.settings')}</h2>
      <div className="local-api-settings">
        <PortField store={store} port={settings.port} />
        <LocalApiNetworkFields store={store} network={settings.network} origins={settings.corsOrigins} />
        <LimitFields store={store} settings={settings} />
        <SharedLinks store={store} shared={settings.sharedLinks} />
      </div>
    </section>
  );
}

function PortField({ store, port }: { store: LocalApiStore; port: number | null }) {
  const t = useT();
  const busy = useStore(store.state, (s) => s.busy);
  // The typed port, until it is applied; null: the kept one.
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? port ?? LOCAL_API_PORT_RANGE.first;
  const low = shown < LOWEST_PORT;
  return (
    <div className="local-api-field">
      <div className="local-api-row local-api-port">
        <BoundedNumberField
          id="local-api-port"
          label={t('localApi.port')}
          value={shown}
          min={1}
          max={65_535}
          step={1}
          onChange={setDraft}
        />
        <button
          type="button"
          className="btn"
          disabled={busy || low || shown === port}
          data-testid="local-api-port-apply"
          onClick={() => void store.updateSettings({ port: shown }).then((saved) => saved && setDraft(null))}
        >
          {t('localApi.apply')}
        </button>
      </div>
      <p className={low ? 'field-error' : 'field-hint'} data-testid="local-api-port-hint">
        {low
          ? t('localApi.portLow', { lowest: LOWEST_PORT })
          : port === null
            ? t('localApi.portUnset', { first: LOCAL_API_PORT_RANGE.first, last: LOCAL_API_PORT_RANGE.last })
            : t('localApi.portHint')}
      </p>
    </div>
  );
}

function LimitFields({ store, settings }: { store: LocalApiStore; settings: LocalApiSettings }) {
  const t = useT();
  const id = useId();
  const { app } = useAppModel();
  const parallel = useStore(app.store, (s) => s.settings?.load.parallel ?? null);
  return (
    <>
      {parallel !== null && (
        <div className="local-api-field">
          <LiveNumberField
            id="local-api-parallel"
            label={t('localApi.parallel')}
            value={parallel}
            min={1}
            max={256}
            onChange={(next) => void store.setParallel(next)}
          />
          <p className="field-hint" data-testid="local-api-parallel-text">
            {parallelText(t, parallel)} {t('localApi.parallelNextLoad')}
          </p>
        </div>
      )}
      <div className="local-api-field">
        <LiveNumberField
          id="local-api-queue"
          label={t('localApi.queueLimit')}
          value={settings.queueLimit}
          min={0}
          max={1000}
          onChange={(queueLimit) => void store.updateSettings({ queueLimit })}
        />
        <p className="field-hint">{t('localApi.queueHint')}</p>
      </div>
      <div className="local-api-field">
        <CheckField
          asSwitch
          label={t('localApi.keepBodies')}
          checked={settings.keepBodies}
          describedBy={`${id}-bodies`}
          testId="local-api-keep-bodies"
          onChange={(keepBodies) => void store.updateSettings({ keepBodies })}
        />
        <p className="field-hint" id={`${id}-bodies`}>
          {t('localApi.keepBodiesHint')}
        </p>
      </div>
    </>
  );
}

function SharedLinks({ store, shared }: { store: LocalApiStore; shared: readonly string[] }) {
  const t = useT();
  const links = useStore(store.state, (s) => s.links);
  const toggle = (id: string, on: boolean) =>
    void store.updateSettings({ sharedLinks: on ? [...shared, id] : shared.filter((kept) => kept !== id) });
  return (
    <fieldset className="local-api-fieldset" data-testid="local-api-links">
      <legend>{t('localApi.links')}</legend>
      <p className="field-hint">{t('localApi.linksHint')}</p>
      {links.length === 0 ? (
        <p className="muted" data-testid="local-api-links-none">
          {t('localApi.linksNone')}
        </p>
      ) : (
        <ul className="plain-list">
          {links.map((link) => (
            <li key={link.id}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={shared.includes(link.id)}
                  data-testid="local-api-link"
                  data-link={link.id}
                  onChange={(event) => toggle(link.id, event.target.checked)}
                />
                <span>
                  {link.name} <span className="muted">({link.model})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
