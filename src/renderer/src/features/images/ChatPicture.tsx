// A picture in the chat (an answer carrying `extra.image`): the thumbnail, its
// parameters, Open / Save as / New seed. "New seed" draws it again and puts the
// new picture after the conversation's last message, with progress and Cancel here.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ChatImage } from '@shared/images/chat-image';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { ImageProgressRow, useJobFrom } from './ImageProgressRow';
import { PictureActions } from './PictureActions';
import { captionOf, imageErrorText, isCancelled } from './images-words';
import { chatTargetOf, useImages } from './use-images';
import './images.css';

export function ChatPicture({ image }: { image: ChatImage }) {
  const t = useT();
  const model = useAppModel();
  const store = useImages();
  const { record } = image;
  const [dataUrl, setDataUrl] = useState<string | null>(image.dataUrl);
  const job = useJobFrom(store, record.id);
  const busy = useStore(store.state, (s) => s.job !== null);
  const error = useStore(store.state, (s) => (s.errorFrom === record.id ? s.error : null));
  // A picture too large for the history is read from the gallery.
  useEffect(() => {
    if (image.dataUrl === null) void store.picture(record.id).then(setDataUrl);
  }, [store, image.dataUrl, record.id]);
  return (
    <figure className="chat-picture" data-testid="chat-picture" data-seed={record.params.seed}>
      {dataUrl ? (
        <img
          src={dataUrl}
          alt={record.params.prompt}
          width={record.params.width}
          height={record.params.height}
          data-testid="chat-picture-image"
        />
      ) : (
        <p className="muted">{t('images.pictureGone')}</p>
      )}
      <figcaption>
        <span className="chat-picture-prompt">{record.params.prompt}</span>
        <span className="muted small" data-testid="chat-picture-caption">
          {captionOf(record)}
        </span>
        <PictureActions
          record={record}
          dataUrl={dataUrl}
          busy={busy}
          onNewSeed={() => void store.newSeed(record, chatTargetOf(model))}
        />
      </figcaption>
      {job && <ImageProgressRow store={store} job={job} />}
      {error && !isCancelled(error) && (
        <p className="inline-error" role="alert" title={error.message} data-testid="chat-picture-error">
          {imageErrorText(t, error)}
        </p>
      )}
    </figure>
  );
}
