// The Knowledge page (EVA's 知识库): the embedding server with its Test button,
// the bases with their files (added by path or with the app's file browser),
// progress and errors, and a search that shows passages with their scores and sources.
import { useState } from 'react';
import { useStore } from 'zustand';
import type { KnowledgeBase } from '@shared/knowledge/knowledge-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { FileBrowserDialog } from '../models/FileBrowserDialog';
import { useLibrary } from '../models/use-library';
import { CitationList, PassageDialog } from './KnowledgeCitations';
import { knowledgeStoreFor, type KnowledgeStore } from './knowledge-store';
import { failureKey, formatEta, haltKey } from './knowledge-words';
import { EmbedderSection } from './EmbedderSection';
import './knowledge.css';

export function KnowledgeView() {
  const t = useT();
  const { api } = useAppModel();
  const store = knowledgeStoreFor(api);
  const bases = useStore(store.state, (s) => s.bases);
  const error = useStore(store.state, (s) => s.error);
  const search = useStore(store.state, (s) => s.search);
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  return (
    <div className="knowledge-page" data-testid="knowledge-page">
      <h1>{t('knowledge.title')}</h1>
      {error && (
        <p className="knowledge-error" role="alert" data-testid="knowledge-error">
          {appErrorTextWithCause(t, error)}
        </p>
      )}
      <EmbedderSection store={store} />
      <section className="knowledge-section">
        <h2>{t('knowledge.bases')}</h2>
        <form
          className="knowledge-row"
          onSubmit={(event) => {
            event.preventDefault();
            void store.create(name).then(() => setName(''));
          }}
        >
          <input
            className="input"
            data-testid="knowledge-new-name"
            value={name}
            placeholder={t('knowledge.newName')}
            aria-label={t('knowledge.newName')}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn" data-testid="knowledge-create">
            {t('knowledge.create')}
          </button>
        </form>
        {bases.length === 0 && <p className="muted">{t('knowledge.empty')}</p>}
        {bases.map((base) => (
          <BaseCard key={base.id} base={base} store={store} />
        ))}
      </section>
      <section className="knowledge-section">
        <h2>{t('knowledge.search')}</h2>
        <form
          className="knowledge-row"
          onSubmit={(event) => {
            event.preventDefault();
            if (query.trim()) void store.query(query);
          }}
        >
          <input
            className="input"
            data-testid="knowledge-query"
            value={query}
            placeholder={t('knowledge.query')}
            aria-label={t('knowledge.query')}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" className="btn" data-testid="knowledge-search">
            {t('knowledge.searchButton')}
          </button>
        </form>
        {search && (
          <>
            <p className="muted small" data-testid="knowledge-search-summary">
              {t('knowledge.found', { count: search.hits.length, ms: search.ms })}
              {search.needsReembed.length > 0 && ` ${t('knowledge.skipped', { count: search.needsReembed.length })}`}
            </p>
            <CitationList hits={search.hits} store={store} />
          </>
        )}
      </section>
      <PassageDialog store={store} />
      <FileBrowserDialog />
    </div>
  );
}

function BaseCard({ base, store }: { base: KnowledgeBase; store: KnowledgeStore }) {
  const t = useT();
  const progress = useStore(store.state, (s) => s.progress[base.id]);
  const { browser } = useLibrary();
  const [paths, setPaths] = useState('');
  // The browser works in every host: the core lists its own disk, which is where the files are read.
  const browse = async (): Promise<void> => {
    const chosen = await browser.open('any', lastFolder(base));
    if (chosen !== null) await store.add(base.id, [chosen]);
  };
  const running = progress && (progress.state === 'running' || progress.state === 'paused');
  const passages = base.files.reduce((sum, f) => sum + f.passages, 0);
  return (
    <article className="knowledge-base" data-testid="knowledge-base" data-base-id={base.id}>
      <BaseHeader base={base} passages={passages} store={store} />
      {base.needsReembed && (
        <p className="knowledge-warning" role="alert" data-testid="knowledge-reembed-needed">
          {t('knowledge.reembedNeeded', { model: base.embedder?.model ?? '' })}{' '}
          <button
            type="button"
            className="btn btn-small"
            data-testid="knowledge-reembed"
            onClick={() => void store.reembed(base.id)}
          >
            {t('knowledge.reembed')}
          </button>
        </p>
      )}
      <form
        className="knowledge-row"
        onSubmit={(event) => {
          event.preventDefault();
          const list = paths
            .split('\n')
            .map((p) => p.trim())
            .filter(Boolean);
          if (list.length > 0) void store.add(base.id, list).then(() => setPaths(''));
        }}
      >
        <input
          className="input"
          data-testid="knowledge-add-path"
          value={paths}
          placeholder={t('knowledge.addPath')}
          aria-label={t('knowledge.addPath')}
          onChange={(e) => setPaths(e.target.value)}
        />
        <button type="submit" className="btn btn-small" data-testid="knowledge-add">
          {t('knowledge.add')}
        </button>
        <button type="button" className="btn btn-small" data-testid="knowledge-browse" onClick={() => void browse()}>
          {t('knowledge.browse')}
        </button>
      </form>
      {progress && (
        <div className="knowledge-progress" data-testid="knowledge-progress" data-state={progress.state}>
          <progress max={Math.max(1, progress.filesTotal)} value={progress.filesDone} />
          <span className="small" title={progress.detail ?? undefined}>
            {t(`knowledge.progress.${progress.state}`, {
              done: progress.filesDone,
              total: progress.filesTotal,
              failed: progress.filesFailed,
              passages: progress.passagesDone,
            })}
            {running &&
              progress.etaSeconds !== null &&
              ` · ${t('knowledge.eta', { time: formatEta(progress.etaSeconds) })}`}
            {progress.pausedReason && ` · ${t(haltKey(progress.pausedReason))}`}
          </span>
          {running && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              data-testid="knowledge-cancel"
              onClick={() => void store.cancel(base.id)}
            >
              {t('knowledge.cancel')}
            </button>
          )}
        </div>
      )}
      <ul className="knowledge-files">
        {base.files.map((file) => (
          <li key={file.id} data-testid="knowledge-file" data-state={file.state}>
            <span className="knowledge-file-path" title={file.path}>
              {file.path}
            </span>
            {/* The reason in the UI's words; the file system's or the server's own, on hover. */}
            <span className="muted small" data-testid="knowledge-file-status" title={file.error?.message}>
              {file.state === 'failed' && file.error
                ? t(failureKey(file.error.reason))
                : t(`knowledge.file.${file.state}`, { passages: file.passages })}
            </span>
            <button
              type="button"
              className="icon-btn icon-btn-small"
              aria-label={t('knowledge.removeFile')}
              onClick={() => void store.removeFile(base.id, file.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Where the browser opens for a base: the folder of its newest file, else the home folder. */
function lastFolder(base: KnowledgeBase): string | undefined {
  const path = base.files.at(-1)?.path;
  if (!path) return undefined;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : undefined;
}

/**
 * The base's name with Rename (inline: window.prompt does not exist in Electron)
 * and Delete, which asks first: the passages of a whole folder take minutes to embed again.
 */
function BaseHeader({ base, passages, store }: { base: KnowledgeBase; passages: number; store: KnowledgeStore }) {
  const t = useT();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (renaming !== null) {
    return (
      <form
        className="knowledge-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (renaming.trim()) void store.rename(base.id, renaming.trim());
          setRenaming(null);
        }}
      >
        <input
          className="input"
          data-testid="knowledge-rename-input"
          aria-label={t('knowledge.renameLabel', { name: base.name })}
          value={renaming}
          autoFocus
          onChange={(e) => setRenaming(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
        />
        <button type="submit" className="btn btn-small" data-testid="knowledge-rename-save">
          {t('knowledge.renameSave')}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setRenaming(null)}>
          {t('knowledge.keep')}
        </button>
      </form>
    );
  }
  return (
    <header className="knowledge-row">
      <strong data-testid="knowledge-base-name">{base.name}</strong>
      <span className="muted small">
        {t('knowledge.baseSummary', { files: base.files.length, passages })}
        {base.embedder && ` · ${base.embedder.model} (${base.embedder.dimension})`}
      </span>
      {confirming ? (
        <span className="knowledge-confirm" role="alert" data-testid="knowledge-delete-confirm">
          {t('knowledge.deleteConfirm', { name: base.name, passages })}{' '}
          <button
            type="button"
            className="btn btn-danger btn-small"
            data-testid="knowledge-delete-yes"
            onClick={() => void store.remove(base.id)}
          >
            {t('knowledge.delete')}
          </button>
          <button type="button" className="btn btn-ghost btn-small" autoFocus onClick={() => setConfirming(false)}>
            {t('knowledge.keep')}
          </button>
        </span>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="knowledge-rename"
            onClick={() => setRenaming(base.name)}
          >
            {t('knowledge.rename')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="knowledge-delete"
            onClick={() => setConfirming(true)}
          >
            {t('knowledge.delete')}
          </button>
        </>
      )}
    </header>
  );
}
