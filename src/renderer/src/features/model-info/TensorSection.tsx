// The tensors of the file, searched in the core by a part of the name
// (attn_q, blk.3.) or a type (q4_k), a page at a time.
import { useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { formatBytes, formatCount } from '../../lib/format';
import type { ModelInfoStore } from './model-info-store';
import { SearchResults } from './SearchResults';
import { dimsText } from './model-info-words';

export function TensorSection({ store }: { store: ModelInfoStore }) {
  const t = useT();
  const search = useStore(store.state, (s) => s.tensors);
  const [query, setQuery] = useState(search.query);
  return (
    <section className="model-info-section">
      <h2>{t('modelInfo.tensors')}</h2>
      <form
        className="model-info-row"
        onSubmit={(event) => {
          event.preventDefault();
          void store.searchTensors(query.trim());
        }}
      >
        <input
          className="input"
          data-testid="tensor-query"
          value={query}
          placeholder={t('modelInfo.tensorQuery')}
          aria-label={t('modelInfo.tensorQuery')}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-small" data-testid="tensor-search">
          {t('modelInfo.search')}
        </button>
      </form>
      <SearchResults
        search={search}
        name="tensor"
        onPage={(offset) => void store.tensorPage(offset)}
        head={
          <tr>
            <th>{t('modelInfo.col.name')}</th>
            <th>{t('modelInfo.col.type')}</th>
            <th>{t('modelInfo.col.shape')}</th>
            <th className="num">{t('modelInfo.col.weights')}</th>
            <th className="num">{t('modelInfo.col.bytes')}</th>
            <th className="num">{t('modelInfo.col.offset')}</th>
          </tr>
        }
        row={(tensor) => (
          <tr key={tensor.name} data-testid="tensor-row">
            <td className="mono">{tensor.name}</td>
            <td className="mono">{tensor.type}</td>
            <td className="mono">{dimsText(tensor.dims)}</td>
            <td className="num">{formatCount(tensor.elements)}</td>
            <td className="num">{formatBytes(tensor.bytes)}</td>
            <td className="num mono">{formatCount(tensor.offset)}</td>
          </tr>
        )}
      />
    </section>
  );
}
