// Copy-paste examples for curl, the OpenAI Python client and the OpenAI JS
// client, filled with the server's real base URL, the model it lists first and
// the key (the one just made while its dialog is open, else a placeholder); and
// the Test, which asks the server as those clients would and says what it found.
import { useState } from 'react';
import { useStore } from 'zustand';
import { useT, type MessageKey } from '../../i18n';
import { useBackendStatus } from '../status/use-status-store';
import { CopyButton } from './LocalApiParts';
import { snippetModel, type LocalApiStore } from './local-api-store';
import { testText } from './local-api-words';
import { snippet, SNIPPET_LANGUAGES, type SnippetLanguage } from './snippets';

const LANGUAGE_KEYS: Record<SnippetLanguage, MessageKey> = {
  curl: 'localApi.snippet.curl',
  python: 'localApi.snippet.python',
  javascript: 'localApi.snippet.javascript',
};

interface Props {
  store: LocalApiStore;
  /** the key to fill in; null: a placeholder */
  apiKey: string | null;
  /** test ids start with this, so the dialog's copy and the page's are told apart */
  scope: 'local-api' | 'local-api-dialog';
}

export function LocalApiSnippets({ store, apiKey, scope }: Props) {
  const t = useT();
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const status = useStore(store.state, (s) => s.status);
  const backend = useBackendStatus();
  const loaded = backend?.state === 'ready' ? (backend.model?.name ?? null) : null;
  const model = useStore(store.state, (s) => snippetModel(s, loaded));
  const baseUrl = status?.baseUrl ?? `http://127.0.0.1:${status?.port ?? 'PORT'}/v1`;
  const text = snippet(language, { baseUrl, apiKey, model });
  return (
    <div className="local-api-snippets" data-testid={`${scope}-snippets`}>
      <div className="local-api-row" role="group" aria-label={t('localApi.snippetLanguage')}>
        {SNIPPET_LANGUAGES.map((choice) => (
          <button
            key={choice}
            type="button"
            className={`btn btn-ghost btn-small${choice === language ? ' is-active' : ''}`}
            aria-pressed={choice === language}
            data-testid={`${scope}-snippet-${choice}`}
            onClick={() => setLanguage(choice)}
          >
            {t(LANGUAGE_KEYS[choice])}
          </button>
        ))}
        <CopyButton
          text={text}
          label={t('localApi.copySnippet', { language: t(LANGUAGE_KEYS[language]) })}
          testId={`${scope}-snippet-copy`}
        />
      </div>
      <pre
        className="local-api-code"
        tabIndex={0}
        aria-label={t(LANGUAGE_KEYS[language])}
        data-testid={`${scope}-snippet`}
      >
        <code>{text}</code>
      </pre>
      <p className="field-hint">
        {apiKey ? t('localApi.snippetWithKey') : t('localApi.snippetPlaceholder')}
        {status?.baseUrl ? '' : ` ${t('localApi.snippetNotRunning')}`}
      </p>
      <TestButton store={store} scope={scope} withKey={apiKey !== null} />
    </div>
  );
}

function TestButton({ store, scope, withKey }: { store: LocalApiStore; scope: Props['scope']; withKey: boolean }) {
  const t = useT();
  const running = useStore(store.state, (s) => s.status?.state === 'running');
  const testing = useStore(store.state, (s) => s.testing);
  const tested = useStore(store.state, (s) => s.tested);
  return (
    <div className="local-api-test">
      <button
        type="button"
        className="btn"
        disabled={!running || testing}
        data-testid={`${scope}-test`}
        onClick={() => void store.test()}
      >
        {withKey ? t('localApi.testWithKey') : t('localApi.test')}
      </button>
      <p
        className={tested && !tested.ok ? 'inline-error' : 'muted'}
        role="status"
        data-testid={`${scope}-test-result`}
        data-ok={tested ? String(tested.ok) : undefined}
      >
        {!running
          ? t('localApi.testNeedsRunning')
          : testing
            ? t('localApi.testing')
            : tested
              ? testText(t, tested)
              : withKey
                ? t('localApi.testHintKey')
                : t('localApi.testHint')}
      </p>
    </div>
  );
}
