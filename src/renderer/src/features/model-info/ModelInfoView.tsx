// The Model info page (EVA's 模型信息): what is inside a GGUF file — summary,
// quantization, tensors, chat template, special tokens, vocabulary — for the
// loaded model or any file picked from the library, the file browser or a typed
// path; and, with a model running, the server's /props and /slots live.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { FileBrowserDialog } from '../models/FileBrowserDialog';
import { useLibrary } from '../models/use-library';
import { useBackendStatus } from '../status/use-status-store';
import { LiveSlots } from './LiveSlots';
import { ModelSummary } from './ModelSummary';
import { TensorSection } from './TensorSection';
import { ChatTemplateSection, SpecialTokensSection, VocabSection } from './TokenSections';
import { modelInfoStoreFor, type ModelInfoStore } from './model-info-store';
import './model-info.css';

export function ModelInfoView() {
  const t = useT();
  const { api } = useAppModel();
  const store = modelInfoStoreFor(api);
  const status = useBackendStatus();
  const loadedPath =
    status && (status.state === 'ready' || status.state === 'starting') ? (status.model?.path ?? null) : null;
  useEffect(() => store.setLoaded(loadedPath), [store, loadedPath]);
  const path = useStore(store.state, (s) => s.path);
  const info = useStore(store.state, (s) => s.info);
  const loading = useStore(store.state, (s) => s.loading);
  const error = useStore(store.state, (s) => s.error);
  return (
    <div className="model-info-page" data-testid="model-info-page">
      <h1>{t('modelInfo.title')}</h1>
      <FilePicker store={store} loadedPath={loadedPath} />
      {path === null && (
        <p className="muted" data-testid="model-info-none">
          {t('modelInfo.none')}
        </p>
      )}
      {loading && <p className="muted">{t('modelInfo.reading')}</p>}
      {error && (
        <p className="field-error" role="alert" data-testid="model-info-error" title={error.message}>
          {appErrorText(t, error)}
        </p>
      )}
      {info && info.path === path && (
        <>
          <ModelSummary info={info} />
          <TensorSection key={`tensors:${path}`} store={store} />
          <ChatTemplateSection info={info} />
          <SpecialTokensSection info={info} />
          <VocabSection key={`vocab:${path}`} store={store} />
        </>
      )}
      <LiveSlots store={store} />
      <FileBrowserDialog />
    </div>
  );
}

/** Which file the page shows: the loaded model, one of the library, one found with the browser, or a typed path. */
function FilePicker({ store, loadedPath }: { store: ModelInfoStore; loadedPath: string | null }) {
  const t = useT();
  const { library, browser } = useLibrary();
  const listing = useStore(library.store, (s) => s.listing);
  const path = useStore(store.state, (s) => s.path);
  const picked = useStore(store.state, (s) => s.picked);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (!library.store.getState().listing) void library.refresh();
  }, [library]);
  const models = (listing?.models ?? []).filter((model) => !model.isProjector);
  const browse = async (): Promise<void> => {
    const chosen = await browser.open('model', path ? folderOf(path) : undefined);
    if (chosen !== null) store.pick(chosen);
  };
  return (
    <div className="model-info-picker">
      <p className="model-info-row">
        <span className="muted small">{t('modelInfo.showing')}</span>
        <span className="mono model-info-path" data-testid="model-info-path">
          {path ?? '—'}
        </span>
        {path !== null && path === loadedPath && <span className="badge">{t('modelInfo.loaded')}</span>}
        {picked !== null && loadedPath !== null && (
          <button
            type="button"
            className="btn btn-small btn-ghost"
            data-testid="model-info-show-loaded"
            onClick={() => store.pick(null)}
          >
            {t('modelInfo.showLoaded')}
          </button>
        )}
      </p>
      <div className="model-info-row">
        <select
          className="input"
          data-testid="model-info-library"
          aria-label={t('modelInfo.fromLibrary')}
          value=""
          onChange={(e) => e.target.value && store.pick(e.target.value)}
        >
          <option value="">{t('modelInfo.fromLibrary')}</option>
          {models.map((model) => (
            <option key={model.path} value={model.path}>
              {model.name} ({model.fileName})
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-small" data-testid="model-info-browse" onClick={() => void browse()}>
          {t('modelInfo.browse')}
        </button>
      </div>
      <form
        className="model-info-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) store.pick(typed.trim());
        }}
      >
        <input
          className="input mono"
          data-testid="model-info-typed-path"
          value={typed}
          placeholder={t('modelInfo.typedPath')}
          aria-label={t('modelInfo.typedPath')}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn-small" data-testid="model-info-open">
          {t('modelInfo.open')}
        </button>
      </form>
    </div>
  );
}

function folderOf(path: string): string | undefined {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : undefined;
}
