// The Knowledge page's embedding server: a local model file (started on its own
// llama-server, chosen by path or with the app's file browser) or a link, its state,
// Start and Stop, and a Test that says whether the model tells related texts from
// unrelated ones. A file whose header shows a chat model is warned about before its
// server starts; the user may still start it.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { SelectField } from '../../ui/form-fields';
import { folderOf } from '../models/pick-patch';
import { useLibrary } from '../models/use-library';
import { ChatModelWarning, EmbedderTestNote } from './EmbedderNotes';
import type { KnowledgeStore } from './knowledge-store';
import './embedder.css';

type Action = 'start' | 'test';

export function EmbedderSection({ store }: { store: KnowledgeStore }) {
  const t = useT();
  const { app } = useAppModel();
  const { browser } = useLibrary();
  const settings = useStore(app.store, (s) => s.settings?.knowledge.embedder);
  const embedder = useStore(store.state, (s) => s.embedder);
  const test = useStore(store.state, (s) => s.test);
  const check = useStore(store.state, (s) => s.check);
  const busy = useStore(store.state, (s) => s.busy);
  const [path, setPath] = useState<string | null>(null);
  // The action held back by the chat-model warning, and the file the user chose to use all the same.
  const [held, setHeld] = useState<{ action: Action; path: string } | null>(null);
  const [insisted, setInsisted] = useState<string | null>(null);
  // The typed path is saved when the field loses focus. Start and Test, whose click takes that focus,
  // wait for the save: sent at once, they would reach the core before it and start the model it held before.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const savePath = (next: string | null = path): void => {
    if (next !== null)
      saving.current = app
        .updateSettings({ knowledge: { embedder: { modelPath: next.trim() } } })
        .then(() => setPath(null));
  };
  const modelPath = settings?.kind === 'local' ? settings.modelPath : '';
  useEffect(() => {
    if (modelPath) void store.checkEmbedder(modelPath);
  }, [modelPath, store]);
  // An action held for another file than the one chosen now is dropped.
  const pending = held !== null && held.path === modelPath ? held.action : null;

  const run = (action: Action): Promise<void> => (action === 'start' ? store.startEmbedder() : store.testEmbedder());
  const request = (action: Action): void =>
    void saving.current.then(async () => {
      const chosen = app.store.getState().settings?.knowledge.embedder;
      if (chosen?.kind === 'local' && chosen.modelPath && chosen.modelPath !== insisted) {
        const verdict = await store.checkEmbedder(chosen.modelPath);
        if (verdict?.verdict === 'chat') return setHeld({ action, path: chosen.modelPath });
      }
      await run(action);
    });
  const insist = (): void => {
    const action = pending;
    setHeld(null);
    setInsisted(modelPath);
    if (action) void run(action);
  };
  const browse = async (): Promise<void> => {
    const chosen = await browser.open('model', folderOf(path ?? modelPath));
    if (chosen !== null) savePath(chosen);
  };

  if (!settings) return null;
  const warned = settings.kind === 'local' && check?.verdict === 'chat' && check.path === modelPath;
  return (
    <section className="knowledge-section" data-testid="knowledge-embedder">
      <h2>{t('knowledge.embedder')}</h2>
      <div className="knowledge-embedder-fields">
        <SelectField<'local' | 'link'>
          label={t('knowledge.embedder.kind')}
          value={settings.kind}
          testId="knowledge-embedder-kind"
          options={[
            { value: 'local', label: t('knowledge.embedder.local') },
            { value: 'link', label: t('knowledge.embedder.link') },
          ]}
          onChange={(kind) => void app.updateSettings({ knowledge: { embedder: { kind } } })}
        />
        {settings.kind === 'local' ? (
          <div className="knowledge-embedder-path">
            <input
              className="input mono"
              data-testid="knowledge-embedder-model"
              value={path ?? settings.modelPath}
              placeholder={t('knowledge.embedder.model')}
              aria-label={t('knowledge.embedder.model')}
              onChange={(e) => setPath(e.target.value)}
              onBlur={() => savePath()}
            />
            <button
              type="button"
              className="btn btn-small"
              data-testid="knowledge-embedder-browse"
              onClick={() => void browse()}
            >
              {t('knowledge.embedder.browse')}
            </button>
          </div>
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
      {warned && check && (
        <ChatModelWarning check={check} pending={pending !== null} onInsist={insist} onCancel={() => setHeld(null)} />
      )}
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
              onClick={() => request('start')}
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
          onClick={() => request('test')}
        >
          {t('knowledge.embedder.test')}
        </button>
      </div>
      {test && <EmbedderTestNote test={test} />}
    </section>
  );
}
