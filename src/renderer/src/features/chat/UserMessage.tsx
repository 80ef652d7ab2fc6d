import { memo, useState, type KeyboardEvent } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { mediaOf } from './attachments';
import { contentText, type UserItem } from './conversation';
import { BranchSwitch } from './BranchSwitch';
import { CopyButton } from './CopyButton';
import { isSendKey, keyInfo } from './send-key';

interface Props {
  item: UserItem;
  name: string;
  busy: boolean;
  sendKey: 'ctrl-enter' | 'enter';
  /** which of its versions (edits) this is: ‹ 2/3 › beside its actions when there are more than one */
  branchIndex: number;
  branchCount: number;
}

/** A user turn: text as typed, its images and audio, Copy and Edit & resend. */
export const UserMessage = memo(function UserMessage({ item, name, busy, sendKey, branchIndex, branchCount }: Props) {
  const t = useT();
  const { chat } = useAppModel();
  const [editing, setEditing] = useState<string | null>(null);
  const text = contentText(item.content);
  const media = mediaOf(item.content);

  const resend = (): void => {
    if (editing === null || (editing.trim() === '' && media.length === 0)) return;
    // Keep the attachments; only the text was edited.
    const content =
      typeof item.content === 'string'
        ? editing
        : [
            ...(editing.trim() === '' ? [] : [{ type: 'text' as const, text: editing }]),
            ...item.content.filter((part) => part.type !== 'text'),
          ];
    setEditing(null);
    void chat.editAndResend(item.id, content);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Escape') setEditing(null);
    else if (isSendKey(keyInfo(event), sendKey)) {
      event.preventDefault();
      resend();
    }
  };

  return (
    <article className="msg msg-user" data-testid="chat-message" data-role="user" data-status="done">
      <header className="msg-head">
        <span className="msg-name">{name}</span>
      </header>
      {media.length > 0 && (
        <div className="msg-media">
          {media.map((part, index) =>
            part.kind === 'image' ? (
              <img key={index} className="thumb" src={part.src} alt={t('chat.attach.image')} />
            ) : (
              <span key={index} className="audio-chip">
                ♪ {t('chat.attach.audio', { format: part.format })}
              </span>
            ),
          )}
        </div>
      )}
      {editing === null ? (
        text !== '' && (
          <div className="msg-body user-text" data-testid="chat-content">
            {text}
          </div>
        )
      ) : (
        <div className="edit-box">
          <textarea
            className="input edit-input"
            data-testid="chat-edit-input"
            value={editing}
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <div className="edit-actions">
            <span className="muted small">{t('chat.edit.hint')}</span>
            <button type="button" className="btn btn-small" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-primary"
              data-testid="chat-edit-send"
              disabled={busy}
              onClick={resend}
            >
              {t('chat.edit.send')}
            </button>
          </div>
        </div>
      )}
      {editing === null && (
        <footer className="msg-foot">
          {branchCount > 1 && <BranchSwitch itemId={item.id} index={branchIndex} count={branchCount} busy={busy} />}
          <span className="msg-actions">
            {text !== '' && <CopyButton getText={() => text} testId="chat-copy" />}
            <button
              type="button"
              className="btn btn-ghost btn-small"
              data-testid="chat-edit"
              disabled={busy}
              onClick={() => setEditing(text)}
            >
              {t('chat.edit')}
            </button>
          </span>
        </footer>
      )}
    </article>
  );
});
