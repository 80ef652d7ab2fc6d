// One repository's `.gguf` files: size, quantization, whether each fits this machine
// (with the reason), whether it is already in the library, and the free space left.
import { fitText } from './fit-text';
import type { HubFile } from '@shared/models/model-library';
import { useStore } from 'zustand';
import { useT, type MessageKey } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import { downloadKey, isActive, latestFor } from './downloads-store';
import { useLibrary } from './use-library';

const FIT_KEYS: Record<HubFile['fit']['kind'], MessageKey> = {
  gpu: 'library.hub.fit.gpu',
  partial: 'library.hub.fit.partial',
  cpu: 'library.hub.fit.cpu',
  'too-big': 'library.hub.fit.tooBig',
};

export function HubFilesView() {
  const t = useT();
  const { hub } = useLibrary();
  const { repo, files, filesLoading, filesError } = useStore(hub.store);
  return (
    <section className="hub-files" aria-labelledby="hub-files-title" data-testid="hub-files">
      <header className="library-head">
        <button type="button" className="btn btn-small" data-testid="hub-back" onClick={hub.closeRepo}>
          ← {t('library.hub.back')}
        </button>
        <h3 id="hub-files-title" className="mono">
          {repo}
        </h3>
      </header>
      {filesLoading && <p className="muted">{t('library.hub.loadingFiles')}</p>}
      {filesError && (
        <p className="field-error" role="alert" title={filesError.message}>
          {appErrorText(t, filesError)}
        </p>
      )}
      {files && (
        <>
          <p className="muted" data-testid="hub-free">
            {t('library.hub.freeSpace', { free: formatBytes(files.freeBytes), folder: files.downloadFolder })}
          </p>
          {files.files.length === 0 ? (
            <p className="muted">{t('library.hub.noFiles')}</p>
          ) : (
            <ul className="library-list">
              {files.files.map((file) => (
                <HubFileRow key={file.path} repo={files.repo} file={file} freeBytes={files.freeBytes} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function HubFileRow({ repo, file, freeBytes }: { repo: string; file: HubFile; freeBytes: number }) {
  const t = useT();
  const { downloads } = useLibrary();
  const latest = useStore(downloads.store, (state) => latestFor(state.byId, repo, file.path));
  const startError = useStore(downloads.store, (state) => state.startErrors[downloadKey(repo, file.path)]);
  const busy = latest !== null && isActive(latest);
  const canResume = latest !== null && (latest.phase === 'cancelled' || latest.phase === 'failed');
  const noSpace = file.sizeBytes - (canResume ? latest.receivedBytes : 0) > freeBytes;
  return (
    <li className="library-row" data-testid="hub-file" data-file={file.path}>
      <div className="library-pick">
        <span className="library-name">{file.path}</span>
        <span className="library-facts muted">
          {[file.quantization, formatBytes(file.sizeBytes), file.isProjector ? t('library.hub.projector') : '']
            .filter(Boolean)
            .join(' · ')}
          <span
            className={`badge fit-${file.fit.kind}`}
            title={fitText(t, file.fit)}
            data-testid="hub-fit"
            data-fit={file.fit.kind}
          >
            {t(FIT_KEYS[file.fit.kind])}
          </span>
          {file.haveIt && (
            <span className="badge lib-badge" data-testid="hub-have">
              {t('library.hub.inLibrary')}
            </span>
          )}
        </span>
        <span className="muted" data-testid="hub-fit-why">
          {fitText(t, file.fit)}
        </span>
        {noSpace && <span className="field-error">{t('library.hub.noSpace')}</span>}
        {startError && (
          <span className="field-error" role="alert" title={startError.message}>
            {appErrorText(t, startError)}
          </span>
        )}
      </div>
      {!file.haveIt && (
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || noSpace}
          aria-label={t('library.hub.downloadNamed', { name: file.path })}
          data-testid="hub-download"
          onClick={() => void downloads.download(repo, file.path)}
        >
          {busy ? t('library.hub.downloading') : canResume ? t('library.dl.resume') : t('library.hub.download')}
        </button>
      )}
    </li>
  );
}
