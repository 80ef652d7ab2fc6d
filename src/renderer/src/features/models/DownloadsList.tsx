// Downloads of this run: progress with speed and time left, the checksum phase,
// Cancel, Resume after a cancel or failure, and Load once the file is in the library.
import type { DownloadState } from '@shared/models/model-library';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import { etaText, fileNameOf, percentOf, progressBytes, speedText } from './download-text';
import { isActive, latestPerFile } from './downloads-store';
import { useLibrary } from './use-library';

export function DownloadsList({ onLoad }: { onLoad: (path: string) => void }) {
  const t = useT();
  const { downloads } = useLibrary();
  const byId = useStore(downloads.store, (state) => state.byId);
  const shown = latestPerFile(byId);
  if (shown.length === 0) return null;
  return (
    <section className="downloads" aria-labelledby="downloads-title" data-testid="downloads">
      <h3 id="downloads-title">{t('library.dl.title')}</h3>
      <ul className="library-list">
        {shown.map((state) => (
          <DownloadRow key={state.id} state={state} onLoad={onLoad} />
        ))}
      </ul>
    </section>
  );
}

function DownloadRow({ state, onLoad }: { state: DownloadState; onLoad: (path: string) => void }) {
  const t = useT();
  const { downloads } = useLibrary();
  const name = fileNameOf(state.file);
  const percent = percentOf(state.receivedBytes, state.totalBytes);
  const bytes = progressBytes(state);
  const speed = speedText(state.bytesPerSec);
  const eta = etaText(state.etaSec);
  return (
    <li className="library-row download-row" data-testid="download" data-phase={state.phase} data-file={state.file}>
      <div className="library-pick">
        <span className="library-name">{name}</span>
        <progress
          className="download-bar"
          max={100}
          value={state.phase === 'verifying' ? undefined : percent}
          aria-label={t('library.dl.progressLabel', { name })}
        />
        <span className="muted" aria-live="polite" data-testid="download-status">
          {state.phase === 'downloading' &&
            [
              t('library.dl.progress', { percent, received: bytes.received, total: bytes.total }),
              speed,
              eta ? t('library.dl.left', { eta }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          {state.phase === 'verifying' && t('library.dl.verifying')}
          {state.phase === 'done' && t('library.dl.done', { folder: state.dest })}
          {state.phase === 'cancelled' && t('library.dl.cancelled', { percent })}
          {state.resumedFrom > 0 &&
            state.phase === 'downloading' &&
            ` · ${t('library.dl.resumed', { from: formatBytes(state.resumedFrom) })}`}
        </span>
        {state.phase === 'failed' && state.error && (
          <span className="field-error" role="alert" title={state.error.message} data-testid="download-error">
            {t('library.dl.failed', { reason: appErrorText(t, state.error) })}
          </span>
        )}
      </div>
      {isActive(state) && (
        <button
          type="button"
          className="btn btn-small"
          aria-label={t('library.dl.cancelNamed', { name })}
          data-testid="download-cancel"
          onClick={() => void downloads.cancel(state.id)}
        >
          {t('common.cancel')}
        </button>
      )}
      {(state.phase === 'cancelled' || state.phase === 'failed') && (
        <button
          type="button"
          className="btn btn-small"
          aria-label={t('library.dl.resumeNamed', { name })}
          data-testid="download-resume"
          onClick={() => void downloads.download(state.repo, state.file)}
        >
          {t('library.dl.resume')}
        </button>
      )}
      {state.phase === 'done' && (
        <button
          type="button"
          className="btn btn-small btn-primary"
          aria-label={t('library.loadNamed', { name })}
          data-testid="download-load"
          onClick={() => onLoad(state.dest)}
        >
          {t('library.load')}
        </button>
      )}
    </li>
  );
}
