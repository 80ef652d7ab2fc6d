import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';

interface Props {
  itemId: string;
  index: number;
  count: number;
  busy: boolean;
}

/** ‹ 2/3 ›: this message has siblings (edits, regenerations); the arrows show another branch. */
export function BranchSwitch({ itemId, index, count, busy }: Props) {
  const t = useT();
  const { chat } = useAppModel();
  return (
    <div className="branch-switch" data-testid="branch-switch">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={t('chat.branch.previous')}
        data-testid="branch-previous"
        disabled={busy || index === 0}
        onClick={() => void chat.switchBranch(itemId, -1)}
      >
        ‹
      </button>
      <span className="branch-position" data-testid="branch-position">
        {index + 1}/{count}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={t('chat.branch.next')}
        data-testid="branch-next"
        disabled={busy || index === count - 1}
        onClick={() => void chat.switchBranch(itemId, 1)}
      >
        ›
      </button>
    </div>
  );
}
