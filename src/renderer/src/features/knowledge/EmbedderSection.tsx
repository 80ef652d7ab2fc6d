// The Knowledge page's embedding server: a local model file (started on its own
// llama-server, chosen by path or with the app's file browser) or a link, its state,
// Start and Stop, and a Test that says whether the model tells related texts from
// unrelated ones. A file whose header shows a chat model is warned about before its
// server starts; the user may still start it. The core refuses such a file too, from any
// way to it (adding files, a search), until the user insists: the page offers the same choice then.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { AppError } from '@shared/errors';
import type { EmbeddingModelCheck } from '@shared/knowledge/knowledge-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { SelectField } from '../../ui/form-fields';
import { folderOf } from '../models/pick-patch';
import { useLibrary } from '../models/use-library';
import { ChatModelWarning, EmbedderTestNote } from './EmbedderNotes';
import type { KnowledgeStore } from './knowledge-store';
import './embedder.css';

type Action = 'start' | 'test';

/** the reason the core refuses to start a chat model as the embedder (Embedder.ready) */
const REFUSED = 'embedder_is_chat_model';

export function EmbedderSection({ store }: { store: KnowledgeStore }) {
  const t = useT();
  const { app } = useAppModel();
  const { browser } = useLibrary();
  const settings = useStore(app.store, (s) => s.settings?.knowledge.embedder);
  const embedder = useStore(store.state, (s) => s.embedder);
  const test = useStore(store.state, (s) => s.test);
  const check = useStore(store.state, (s) => s.check);
  const busy = useStore(store.state, (s) => s.busy);
  const error = useStore(store.state, (s) => s.error);
  // The core refused the chat model: a call the page did not hold back, or an ingest that stopped for it.
  const refused = useStore(
    store.state,
    (s) =>
      s.error?.details?.reason === REFUSED ||
      Object.values(s.progress).some((p) => p.state === 'failed' && p.pausedReason === REFUSED),
  );
  const [path, setPath] = useState<string | null>(null);
  // The action held back by the chat-model warning. The file the user chose to use all the same is in the settings
  // (acceptedChatModel), where the core reads it too.
  const [held, setHeld] = useState<{ action: Action; path: string } | null>(null);
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
  const accepted = settings?.acceptedChatModel === modelPath;
  useEffect(() => {
    if (modelPath) void store.checkEmbedder(modelPath);
  }, [modelPath, store]);
  // An action held for another file than the one chosen now is dropped. A refusal is answered by starting the server,
  // which lets the waiting ingest go on.
  const pending = held !== null && held.path === modelPath ? held.action : refused && !accepted ? 'start' : null;

  const run = (action: Action): Promise<void> => (action === 'start' ? store.startEmbedder() : store.testEmbedder());
  const request = (action: Action): void =>
    void saving.current.then(async () => {
      const chosen = app.store.getState().settings?.knowledge.embedder;
      if (chosen?.kind === 'local' && chosen.modelPath && chosen.modelPath !== chosen.acceptedChatModel) {
        const verdict = await store.checkEmbedder(chosen.modelPath);
        if (verdict?.verdict === 'chat') return setHeld({ action, path: chosen.modelPath });
      }
      await run(action);
    });
  // Saved before the action runs: the core reads the acceptance when it starts the server.
  const insist = (): void => {
    const action = pending;
    setHeld(null);
    void app
      .updateSettings({ knowledge: { embedder: { acceptedChatModel: modelPath } } })
      .then((saved) => (saved.ok && action ? run(action) : undefined));
  };
  const browse = async (): Promise<void> => {
    const chosen = await browser.open('model', folderOf(path ?? modelPath));
    if (chosen !== null) savePath(chosen);
  };

  if (!settings) return null;
  // The page's own check, or, where it could not read the file, what the core's refusal says of it.
  const warned =
    settings.kind !== 'local'
      ? null
      : check?.verdict === 'chat' && check.path === modelPath
        ? check
        : refused && !accepted
          ? refusedFacts(error)
          : null;
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
      {warned && (
        <ChatModelWarning check={warned} pending={pending !== null} onInsist={insist} onCancel={() => setHeld(null)} />
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

/** The refused model's facts from the core's error (Embedder's refusal names them in its details). */
function refusedFacts(error: AppError | null): Pick<EmbeddingModelCheck, 'architecture' | 'chatTemplate'> {
  const details = error?.details ?? {};
  return {
    architecture: typeof details.architecture === 'string' && details.architecture ? details.architecture : null,
    chatTemplate: details.chatTemplate === true,
  };
}
