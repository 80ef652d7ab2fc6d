// What can be done with a picture wherever it is shown (the page's result, the
// gallery, the chat): open it full size, save it, draw it again with a new seed.
import { useState } from 'react';
import type { ImageRecord } from '@shared/images/image-types';
import { useT } from '../../i18n';
import { ImageViewer } from '../agent/ImageViewer';
import { saveDataUrl } from '../agent/step-content-files';
import { pictureFileName } from './images-words';

export function PictureActions({
  record,
  dataUrl,
  busy,
  onNewSeed,
  children,
}: {
  record: ImageRecord;
  dataUrl: string | null;
  busy: boolean;
  onNewSeed: () => void;
  children?: React.ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <span className="picture-actions">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={dataUrl === null}
        data-testid="picture-open"
        onClick={() => setOpen(true)}
      >
        {t('images.open')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={dataUrl === null}
        data-testid="picture-save"
        onClick={() => dataUrl && saveDataUrl(dataUrl, pictureFileName(record))}
      >
        {t('images.saveAs')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={busy}
        title={t('images.newSeedTitle')}
        data-testid="picture-new-seed"
        onClick={onNewSeed}
      >
        {t('images.newSeed')}
      </button>
      {children}
      {open && dataUrl && (
        <ImageViewer
          src={dataUrl}
          title={record.params.prompt || t('images.picture')}
          onSave={() => saveDataUrl(dataUrl, pictureFileName(record))}
          onClose={() => setOpen(false)}
        />
      )}
    </span>
  );
}
