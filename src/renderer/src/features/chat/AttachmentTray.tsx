import { useT, type Translate } from '../../i18n';
import type { Attachment } from './attachments';

/** "1920×1080", and "from 2560×1440" below it when the picture was downscaled. */
function ImageSize({ image, t }: { image: NonNullable<Attachment['image']>; t: Translate }) {
  const shrunk = image.width !== image.originalWidth || image.height !== image.originalHeight;
  return (
    <>
      <span className="attachment-name">{t('screenshot.size', { ...image })}</span>
      {shrunk && <span className="attachment-name">{t('screenshot.sizeFrom', { ...image })}</span>}
    </>
  );
}

/** Thumbnails of what will be sent with the message; each can be taken off before sending. */
export function AttachmentTray({
  attachments,
  onRemove,
}: {
  attachments: readonly Attachment[];
  onRemove: (id: string) => void;
}) {
  const t = useT();
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-tray" data-testid="chat-attachments">
      {attachments.map((attachment) => (
        <li
          key={attachment.id}
          className={`attachment attachment-${attachment.kind}`}
          title={attachment.name}
          data-width={attachment.image?.width}
          data-height={attachment.image?.height}
          data-original-width={attachment.image?.originalWidth}
          data-original-height={attachment.image?.originalHeight}
        >
          {attachment.kind === 'image' ? (
            <img src={attachment.dataUrl} alt={attachment.name} />
          ) : (
            <span className="attachment-audio">♪ {attachment.format}</span>
          )}
          {attachment.image ? (
            <ImageSize image={attachment.image} t={t} />
          ) : (
            <span className="attachment-name">{attachment.name}</span>
          )}
          <button
            type="button"
            className="attachment-remove"
            aria-label={t('chat.attach.remove', { name: attachment.name })}
            data-testid="chat-attachment-remove"
            onClick={() => onRemove(attachment.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
