import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { usePoolModel } from './use-pool-model';

/**
 * Above the chat while the model pool runs: the model this conversation answers with. Picking one loads it now; the
 * others stay as they are.
 */
export function ModelPicker() {
  const t = useT();
  const { pool, chat } = useAppModel();
  const status = useStore(pool.status);
  const conversationId = useStore(chat.conversation, (state) => state.id);
  const current = usePoolModel();
  if (!status || current === null) return null;
  return (
    <select
      className="input input-small mono"
      aria-label={t('pool.picker')}
      title={t('pool.picker')}
      data-testid="pool-model-picker"
      value={current}
      onChange={(event) => void pool.pick(conversationId, event.target.value)}
    >
      {status.models.map((model) => (
        <option key={model.id} value={model.id}>
          {model.id} · {t(`pool.modelState.${model.state}`)}
        </option>
      ))}
    </select>
  );
}
