// A drop's progress (the browser host copies the file into the library, with Cancel)
// or what went wrong with it, in words.
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import { percentOf } from './download-text';
import { useLibrary } from './use-library';

export function DropStatus() {
  const t = useT();
  const { library } = useLibrary();
  const { upload, dropNote } = useStore(library.store);
  if (upload) {
    const percent = percentOf(upload.sentBytes, upload.totalBytes);
    return (
      <div className="drop-status" data-testid="upload-progress">
        <span aria-live="polite">
          {t('library.uploading', { name: upload.name, percent, total: formatBytes(upload.totalBytes) })}
        </span>
        <progress
          className="download-bar"
          max={100}
          value={percent}
          aria-label={t('library.uploadLabel', { name: upload.name })}
        />
        <button type="button" className="btn btn-small" data-testid="upload-cancel" onClick={library.cancelUpload}>
          {t('common.cancel')}
        </button>
      </div>
    );
  }
  if (!dropNote) return null;
  const text =
    dropNote.kind === 'not-gguf'
      ? t('library.drop.notGguf', { name: dropNote.name })
      : dropNote.kind === 'no-path'
        ? t('library.drop.noPath', { name: dropNote.name })
        : dropNote.kind === 'too-many'
          ? t('library.drop.tooMany')
          : t('library.drop.failed', { name: dropNote.name, reason: appErrorText(t, dropNote.error) });
  return (
    <p className="field-error drop-status" role="alert" data-testid="drop-note">
      {text}
      <button
        type="button"
        className="icon-btn icon-btn-small"
        aria-label={t('common.dismiss')}
        onClick={library.clearDropNote}
      >
        ×
      </button>
    </p>
  );
}
