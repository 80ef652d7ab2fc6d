import { useRef, useState } from 'react';
import { useT } from '../../i18n';

interface Props {
  /** no conversation to export or clear */
  empty: boolean;
  onImport: (file: File | undefined) => void;
  onExportAll: () => void;
  onClearAll: () => void;
}

/** The history's footer: import a file, export every conversation, and clear them all once confirmed. */
export function HistoryFooter({ empty, onImport, onExportAll, onClearAll }: Props) {
  const t = useT();
  const [confirmClear, setConfirmClear] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="history-foot">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        data-testid="history-import"
        onClick={() => fileInput.current?.click()}
      >
        {t('history.import')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="history-import-file"
        onChange={(event) => {
          onImport(event.target.files?.[0]);
          event.target.value = '';
        }}
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
      {confirmClear ? (
        <span className="history-confirm">
          <button
            type="button"
            className="btn btn-small btn-danger"
            data-testid="history-clear-confirm"
            onClick={() => {
              setConfirmClear(false);
              onClearAll();
            }}
          >
            {t('history.clearConfirm')}
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirmClear(false)}>
            {t('common.cancel')}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="history-clear"
          disabled={empty}
          onClick={() => setConfirmClear(true)}
        >
          {t('history.clear')}
        </button>
      )}
    </div>
  );
}
