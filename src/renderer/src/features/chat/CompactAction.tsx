import { memo, useState } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { newId } from '../../lib/new-id';
import { appErrorText } from '../../ui/app-error-text';
import { compactConversation } from './next-send';

/**
 * The context meter's Compact: the model summarises the open conversation's older exchanges now, and the summary stands
 * in for them from the next send on (the messages stay in the transcript, marked). Offered once the conversation is
 * saved and has exchanges before the last one; what went wrong is said here, and nothing changes then.
 */
export const CompactAction = memo(function CompactAction() {
  const t = useT();
  const { api, app, chat } = useAppModel();
  const saved = useStore(chat.conversation, (state) => state.id !== null && state.items.length > 2);
  const busy = useStore(chat.conversation, (state) => state.activeRequestId !== null);
  const [compacting, setCompacting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!saved) return null;

  const compact = async (): Promise<void> => {
    setCompacting(true);
    setFailure(null);
    const result = await compactConversation(api, app, chat, `compact-${newId()}`);
    setCompacting(false);
    if (!result.ok) setFailure(appErrorText(t, result.error));
  };

  return (
    <div className="context-compact" data-testid="context-compact">
      <button
        type="button"
        className="btn btn-small"
        data-testid="context-compact-button"
        disabled={compacting || busy}
        onClick={() => void compact()}
      >
        {compacting ? t('chat.context.compacting') : t('chat.context.compact')}
      </button>
      <span className="small muted">{t('chat.context.compactHint')}</span>
      {failure !== null && (
        <p className="small context-compact-failure" role="alert" data-testid="context-compact-failure">
          {failure}
        </p>
      )}
    </div>
  );
});
