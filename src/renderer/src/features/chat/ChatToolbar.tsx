import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useChatMode } from './use-chat-store';
import { ModelPicker } from '../pool/ModelPicker';

/** Above the conversation: chat or completion, a new conversation, and the Parameters panel beside it. */
export function ChatToolbar({ busy, hasMessages }: { busy: boolean; hasMessages: boolean }) {
  const t = useT();
  const { chat, conventions } = useAppModel();
  const [mode, setMode] = useChatMode();
  const parametersOpen = useStore(conventions.store, (state) => state.open);
  const completion = mode === 'completion';
  return (
    <div className="chat-toolbar">
      <div className="segmented" role="group" aria-label={t('chat.mode')}>
        <button
          type="button"
          className={!completion ? 'is-active' : ''}
          aria-pressed={!completion}
          data-testid="chat-mode-chat"
          onClick={() => setMode('chat')}
        >
          {t('chat.mode.chat')}
        </button>
        <button
          type="button"
          className={completion ? 'is-active' : ''}
          aria-pressed={completion}
          data-testid="completion-toggle"
          title={t('chat.mode.completionTitle')}
          onClick={() => setMode(completion ? 'chat' : 'completion')}
        >
          {t('chat.mode.completion')}
        </button>
      </div>
      <div className="chat-toolbar-end">
        {!completion && <ModelPicker />}
        {!completion && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="chat-new"
            disabled={!hasMessages && !busy}
            onClick={chat.clear}
          >
            {t('chat.new')}
          </button>
        )}
        <button
          type="button"
          className={`btn btn-small${parametersOpen ? ' is-active' : ''}`}
          aria-expanded={parametersOpen}
          data-testid="parameters-toggle"
          onClick={conventions.toggle}
        >
          {t('conventions.open')}
        </button>
      </div>
    </div>
  );
}
