// The file's tokenizer side: its chat templates (monospace, scrolling), the tokens
// it names by role (bos, eos, …) and the vocabulary, searched in the core by text or
// id (or its special tokens only), a page at a time.
import { useState } from 'react';
import { useStore } from 'zustand';
import type { ModelInfo, TokenKind } from '@shared/model-info/model-info-types';
import { useT, type MessageKey } from '../../i18n';
import type { ModelInfoStore } from './model-info-store';
import { SearchResults } from './SearchResults';
import { visibleToken } from './model-info-words';

export function ChatTemplateSection({ info }: { info: ModelInfo }) {
  const t = useT();
  return (
    <section className="model-info-section" data-testid="model-info-templates">
      <h2>{t('modelInfo.chatTemplate')}</h2>
      {info.chatTemplates.length === 0 && <p className="muted">{t('modelInfo.noTemplate')}</p>}
      {info.chatTemplates.map((template) => (
        <div key={template.name ?? ''}>
          {(info.chatTemplates.length > 1 || template.name !== null) && (
            <h3 className="small">{template.name ?? t('modelInfo.defaultTemplate')}</h3>
          )}
          <pre className="mono model-info-template" data-testid="chat-template" tabIndex={0}>
            {template.text}
          </pre>
        </div>
      ))}
    </section>
  );
}

const ROLE_KEYS: Record<string, MessageKey> = {
  bos: 'modelInfo.role.bos',
  eos: 'modelInfo.role.eos',
  eot: 'modelInfo.role.eot',
  eom: 'modelInfo.role.eom',
  unknown: 'modelInfo.role.unknown',
  padding: 'modelInfo.role.padding',
  separator: 'modelInfo.role.separator',
  mask: 'modelInfo.role.mask',
};

export function SpecialTokensSection({ info }: { info: ModelInfo }) {
  const t = useT();
  const { addBos, addEos } = info.tokenizer;
  return (
    <section className="model-info-section">
      <h2>{t('modelInfo.specialTokens')}</h2>
      {info.specialTokens.length === 0 ? (
        <p className="muted">{t('modelInfo.noSpecialTokens')}</p>
      ) : (
        <table className="model-info-table">
          <tbody>
            {info.specialTokens.map((token) => (
              <tr key={token.role} data-testid="special-token" data-role={token.role}>
                <td>{ROLE_KEYS[token.role] ? t(ROLE_KEYS[token.role]!) : token.role}</td>
                <td className="num mono">{token.id}</td>
                <td>
                  <code>{token.text === null ? t('modelInfo.outsideVocab') : visibleToken(token.text)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">
        {t('modelInfo.specialSummary', { count: info.tokenizer.specialCount })}
        {addBos !== null && ` · ${t(addBos ? 'modelInfo.addsBos' : 'modelInfo.noBos')}`}
        {addEos === true && ` · ${t('modelInfo.addsEos')}`}
      </p>
    </section>
  );
}

const KIND_KEYS: Record<TokenKind, MessageKey> = {
  undefined: 'modelInfo.kind.undefined',
  normal: 'modelInfo.kind.normal',
  unknown: 'modelInfo.kind.unknown',
  control: 'modelInfo.kind.control',
  'user-defined': 'modelInfo.kind.userDefined',
  unused: 'modelInfo.kind.unused',
  byte: 'modelInfo.kind.byte',
};

export function VocabSection({ store }: { store: ModelInfoStore }) {
  const t = useT();
  const search = useStore(store.state, (s) => s.vocab);
  const [query, setQuery] = useState(search.query);
  return (
    <section className="model-info-section">
      <h2>{t('modelInfo.vocabulary')}</h2>
      <form
        className="model-info-row"
        onSubmit={(event) => {
          event.preventDefault();
          void store.searchVocab(query);
        }}
      >
        <input
          className="input mono"
          data-testid="vocab-query"
          value={query}
          placeholder={t('modelInfo.vocabQuery')}
          aria-label={t('modelInfo.vocabQuery')}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-small" data-testid="vocab-search">
          {t('modelInfo.search')}
        </button>
        <label className="small">
          <input
            type="checkbox"
            data-testid="vocab-special"
            checked={search.special}
            onChange={(e) => void store.searchVocab(query, e.target.checked)}
          />{' '}
          {t('modelInfo.specialOnly')}
        </label>
      </form>
      <SearchResults
        search={search}
        name="vocab"
        onPage={(offset) => void store.vocabPage(offset)}
        head={
          <tr>
            <th className="num">{t('modelInfo.col.id')}</th>
            <th>{t('modelInfo.col.token')}</th>
            <th>{t('modelInfo.col.kind')}</th>
          </tr>
        }
        row={(token) => (
          <tr key={token.id} data-testid="vocab-row" data-id={token.id}>
            <td className="num mono">{token.id}</td>
            <td>
              <code>{visibleToken(token.text)}</code>
            </td>
            <td className="muted small">{t(KIND_KEYS[token.kind])}</td>
          </tr>
        )}
      />
    </section>
  );
}
