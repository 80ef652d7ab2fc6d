import { useT } from '../../i18n';
import type { Attachment } from './attachments';

/** Thumbnails of what will be sent with the message; each can be taken off before sending. */
export function AttachmentTray({ attachments, onRemove }: { attachments: readonly Attachment[]; onRemove: (id: string) => void }) {
  const t = useT();
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-tray" data-testid="chat-attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id} className={`attachment attachment-${attachment.kind}`} title={attachment.name}>
          {attachment.kind === 'image' ? <img src={attachment.dataUrl} alt={attachment.name} /> : <span className="attachment-audio">♪ {attachment.format}</span>}
          <span className="attachment-name">{attachment.name}</span>
          <button type="button" className="attachment-remove" aria-label={t('chat.attach.remove', { name: attachment.name })} data-testid="chat-attachment-remove" onClick={() => onRemove(attachment.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
