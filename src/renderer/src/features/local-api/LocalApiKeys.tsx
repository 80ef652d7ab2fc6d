// The Local API's keys: a new one made with a name and, if the user wants, the
// models it may use (its secret then shows once, in CreatedKeyDialog); the keys
// made so far, each revoked after a confirmation.
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { LocalApiKeyInfo } from '@shared/local-api/local-api-types';
import { useT } from '../../i18n';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { TextField } from '../../ui/form-fields';
import type { LocalApiStore } from './local-api-store';

/** "a, b , c" → ["a", "b", "c"], each name once. */
export const modelList = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  ),
];

export function LocalApiKeys({ store }: { store: LocalApiStore }) {
  const t = useT();
  const keys = useStore(store.state, (s) => s.keys);
  const busy = useStore(store.state, (s) => s.busy);
  const [name, setName] = useState('');
  const [models, setModels] = useState('');
  const create = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    void store.createKey(name, modelList(models)).then((made) => {
      if (!made) return;
      setName('');
      setModels('');
    });
  };
  return (
    <section className="card local-api-section" aria-labelledby="local-api-keys-title" data-testid="local-api-keys">
      <h2 id="local-api-keys-title">{t('localApi.keys')}</h2>
      <p className="muted">{t('localApi.keysIntro')}</p>
      <form className="local-api-key-form" onSubmit={create}>
        <TextField
          label={t('localApi.keyName')}
          value={name}
          placeholder={t('localApi.keyNamePlaceholder')}
          testId="local-api-key-name"
          onChange={setName}
        />
        <TextField
          label={t('localApi.keyModels')}
          value={models}
          hint={t('localApi.keyModelsHint')}
          mono
          testId="local-api-key-models"
          onChange={setModels}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || name.trim() === ''}
          data-testid="local-api-key-create"
        >
          {t('localApi.keyCreate')}
        </button>
      </form>
      {keys.length === 0 ? (
        <p className="muted" data-testid="local-api-keys-none">
          {t('localApi.keysNone')}
        </p>
      ) : (
        <table className="local-api-table" data-testid="local-api-key-table">
          <thead>
            <tr>
              <th scope="col">{t('localApi.keyName')}</th>
              <th scope="col">{t('localApi.keyModelsColumn')}</th>
              <th scope="col">{t('localApi.keyCreated')}</th>
              <th scope="col">{t('localApi.keyState')}</th>
              <th scope="col">
                <span className="sr-only">{t('localApi.keyActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <KeyRow key={key.id} store={store} info={key} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function KeyRow({ store, info }: { store: LocalApiStore; info: LocalApiKeyInfo }) {
  const t = useT();
  const revoked = info.revokedAt !== null;
  return (
    <tr data-testid="local-api-key" data-key={info.id} data-revoked={revoked}>
      <th scope="row" data-testid="local-api-key-name-cell">
        {info.name}
      </th>
      <td>{info.allowedModels.length === 0 ? t('localApi.keyEveryModel') : info.allowedModels.join(', ')}</td>
      <td>{new Date(info.createdAt).toLocaleString()}</td>
      <td data-testid="local-api-key-state">
        {revoked
          ? t('localApi.keyRevokedAt', { time: new Date(info.revokedAt!).toLocaleString() })
          : t('localApi.keyActive')}
      </td>
      <td className="local-api-key-actions">
        {!revoked && (
          <ConfirmButton
            label={t('localApi.revoke')}
            ariaLabel={t('localApi.revokeNamed', { name: info.name })}
            testId="local-api-key-revoke"
            question={t('localApi.revokeAsk', { name: info.name })}
            className="local-api-row"
            onConfirm={() => void store.revokeKey(info.id)}
          />
        )}
      </td>
    </tr>
  );
}
