// The Knowledge page's embedding server: a local model file (started on its own
// llama-server) or a link, its state, Start and Stop, and a Test that shows the
// vectors' dimension, a similarity and the time it took.
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import type { KnowledgeStore } from './knowledge-store';

export function EmbedderSection({ store }: { store: KnowledgeStore }) {
  const t = useT();
  const { app } = useAppModel();
  const settings = useStore(app.store, (s) => s.settings?.knowledge.embedder);
  const embedder = useStore(store.state, (s) => s.embedder);
  const test = useStore(store.state, (s) => s.test);
  const busy = useStore(store.state, (s) => s.busy);
  const [path, setPath] = useState<string | null>(null);
  // The typed path is saved when the field loses focus. Start and Test, whose click takes that focus,
  // wait for the save: sent at once, they would reach the core before it and start the model it held before.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const savePath = (): void => {
    if (path !== null)
      saving.current = app
        .updateSettings({ knowledge: { embedder: { modelPath: path.trim() } } })
        .then(() => setPath(null));
  };
  const start = (): void => void saving.current.then(() => store.startEmbedder());
  const runTest = (): void => void saving.current.then(() => store.testEmbedder());
  if (!settings) return null;
  return (
    <section className="knowledge-section" data-testid="knowledge-embedder">
      <h2>{t('knowledge.embedder')}</h2>
      <div className="knowledge-row">
        <label className="small">
          {t('knowledge.embedder.kind')}{' '}
          <select
            value={settings.kind}
            onChange={(e) =>
              void app.updateSettings({ knowledge: { embedder: { kind: e.target.value as 'local' | 'link' } } })
            }
          >
            <option value="local">{t('knowledge.embedder.local')}</option>
            <option value="link">{t('knowledge.embedder.link')}</option>
          </select>
        </label>
        {settings.kind === 'local' ? (
          <input
            className="input"
            data-testid="knowledge-embedder-model"
            value={path ?? settings.modelPath}
            placeholder={t('knowledge.embedder.model')}
            aria-label={t('knowledge.embedder.model')}
            onChange={(e) => setPath(e.target.value)}
            onBlur={savePath}
          />
        ) : (
          <>
            <input
              className="input"
              value={settings.linkId}
              placeholder={t('knowledge.embedder.linkId')}
              aria-label={t('knowledge.embedder.linkId')}
              onChange={(e) => void app.updateSettings({ knowledge: { embedder: { linkId: e.target.value } } })}
            />
            <input
              className="input"
              value={settings.linkModel}
              placeholder={t('knowledge.embedder.linkModel')}
              aria-label={t('knowledge.embedder.linkModel')}
              onChange={(e) => void app.updateSettings({ knowledge: { embedder: { linkModel: e.target.value } } })}
            />
          </>
        )}
      </div>
      <div className="knowledge-row">
        <span className="small" data-testid="knowledge-embedder-state">
          {t(`knowledge.state.${embedder?.state ?? 'stopped'}`)}
          {embedder?.port ? ` · 127.0.0.1:${embedder.port}` : ''}
          {embedder?.restarts ? ` · ${t('knowledge.restarts', { count: embedder.restarts })}` : ''}
        </span>
        {settings.kind === 'local' && (
          <>
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              data-testid="knowledge-embedder-start"
              onClick={start}
            >
              {t('knowledge.embedder.start')}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              disabled={busy}
              onClick={() => void store.stopEmbedder()}
            >
              {t('knowledge.embedder.stop')}
            </button>
          </>
        )}
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          data-testid="knowledge-embedder-test"
          onClick={runTest}
        >
          {t('knowledge.embedder.test')}
        </button>
      </div>
      {test && (
        <p className="small" data-testid="knowledge-embedder-result">
          {t('knowledge.embedder.result', {
            dimension: test.dimension,
            similarity: test.similarity.toFixed(4),
            ms: test.ms,
          })}
        </p>
      )}
    </section>
  );
}
