// Every kept picture, newest first: thumbnails read as they scroll into view,
// with Open / Save as / New seed, "Use these settings", "Start from this",
// "Show in chat" and Delete.
import { memo, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { ImageRecord } from '@shared/images/image-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { PictureActions } from './PictureActions';
import type { ImagesStore } from './images-store';
import { captionOf, pictureFileName } from './images-words';
import { chatTargetOf } from './use-images';

export const ImageGallery = memo(function ImageGallery({ store }: { store: ImagesStore }) {
  const t = useT();
  const gallery = useStore(store.state, (s) => s.gallery);
  if (gallery.length === 0) return null;
  return (
    <section className="image-gallery-section">
      <h2>{t('images.gallery', { count: gallery.length })}</h2>
      <ul className="image-gallery" data-testid="image-gallery">
        {gallery.map((record) => (
          <GalleryItem key={record.id} store={store} record={record} />
        ))}
      </ul>
    </section>
  );
});

function GalleryItem({ store, record }: { store: ImagesStore; record: ImageRecord }) {
  const t = useT();
  const model = useAppModel();
  const dataUrl = useStore(store.state, (s) => s.pictures[record.id] ?? null);
  const busy = useStore(store.state, (s) => s.job !== null);
  const item = useRef<HTMLLIElement>(null);
  const [sent, setSent] = useState(false);
  // Read when it comes into view: a gallery of hundreds of pictures must not read them all at once.
  useEffect(() => {
    if (dataUrl !== null || !item.current) return;
    if (typeof IntersectionObserver === 'undefined') return void store.picture(record.id);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void store.picture(record.id);
      }
    });
    observer.observe(item.current);
    return () => observer.disconnect();
  }, [store, record.id, dataUrl]);
  return (
    <li className="image-gallery-item" ref={item} data-testid="image-gallery-item" data-id={record.id}>
      <div className="image-thumb">
        {dataUrl ? <img src={dataUrl} alt={record.params.prompt} /> : <span className="muted small">…</span>}
      </div>
      <p className="image-gallery-prompt" title={record.params.prompt}>
        {record.params.prompt || t('images.picture')}
      </p>
      <p className="muted small">{captionOf(record)}</p>
      <PictureActions record={record} dataUrl={dataUrl} busy={busy} onNewSeed={() => void store.newSeed(record)}>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="picture-reuse"
          onClick={() => store.reuse(record)}
        >
          {t('images.reuse')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={dataUrl === null}
          data-testid="picture-start-from"
          onClick={() => dataUrl && store.setStartImage({ name: pictureFileName(record), dataUrl })}
        >
          {t('images.startFrom')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={sent}
          data-testid="picture-to-chat"
          onClick={() => void store.sendToChat(record.id, chatTargetOf(model)).then(setSent)}
        >
          {sent ? t('images.inChat') : t('images.toChat')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="picture-delete"
          onClick={() => void store.remove(record.id)}
        >
          {t('images.delete')}
        </button>
      </PictureActions>
    </li>
  );
}
