import { useT } from '../../i18n';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { FilePickButton } from '../../ui/FilePickButton';

interface Props {
  /** no conversation to export or clear */
  empty: boolean;
  onImport: (file: File) => void;
  onExportAll: () => void;
  onClearAll: () => void;
}

/** The history's footer: import a file, export every conversation, and clear them all once confirmed. */
export function HistoryFooter({ empty, onImport, onExportAll, onClearAll }: Props) {
  const t = useT();
  return (
    <div className="history-foot">
      <FilePickButton
        label={t('history.import')}
        accept=".json,application/json"
        className="btn btn-ghost btn-small"
        testId="history-import"
        inputTestId="history-import-file"
        onPick={onImport}
      />
      <button
        type="button"
        className="btn btn-ghost btn-small"
        data-testid="history-export-all"
        disabled={empty}
        onClick={onExportAll}
      >
        {t('history.exportAll')}
      </button>
      <ConfirmButton
        label={t('history.clear')}
        confirmLabel={t('history.clearConfirm')}
        testId="history-clear"
        disabled={empty}
        className="history-confirm"
        onConfirm={onClearAll}
      />
    </div>
  );
}
