// A path the user may need elsewhere (a file manager, a bug report): shown whole,
// selectable, with a button that copies it and, for a folder, one that opens it in
// the system's file manager (the core opens only the folders this page shows); each
// says whether that worked.
import { useState } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { copyText } from '../../lib/copy-text';
import type { AppError } from '../../platform/types';
import { AppErrorLine } from '../../ui/AppErrorLine';

type Note = 'copied' | 'copyFailed' | 'opened';
const NOTE_KEYS = { copied: 'settings.copied', copyFailed: 'settings.copyFailed', opened: 'settings.opened' } as const;

interface Props {
  name: string;
  path: string;
  testId: string;
  /** a folder: offer to open it */
  folder?: boolean;
}

export function PathLine({ name, path, testId, folder = false }: Props) {
  const t = useT();
  const { app } = useAppModel();
  const [note, setNote] = useState<Note | null>(null);
  const [openError, setOpenError] = useState<AppError | null>(null);
  const copy = async (): Promise<void> => {
    setOpenError(null);
    setNote((await copyText(path)) ? 'copied' : 'copyFailed');
  };
  const open = async (): Promise<void> => {
    setNote(null);
    setOpenError(null);
    const result = await app.openFolder(path);
    if (result.ok) setNote('opened');
    else setOpenError(result.error);
  };
  return (
    <div className="settings-path" data-testid={testId}>
      <span className="settings-path-name">{name}</span>
      <code className="mono settings-path-text" data-testid={`${testId}-path`}>
        {path}
      </code>
      <button
        type="button"
        className="btn btn-tiny"
        aria-label={t('settings.copyNamed', { name })}
        data-testid={`${testId}-copy`}
        onClick={() => void copy()}
      >
        {t('settings.copy')}
      </button>
      {folder && (
        <button
          type="button"
          className="btn btn-tiny"
          aria-label={t('settings.openFolderNamed', { name })}
          data-testid={`${testId}-open`}
          onClick={() => void open()}
        >
          {t('settings.openFolder')}
        </button>
      )}
      <span className="settings-path-note" role="status" data-testid={`${testId}-note`}>
        {note === null ? '' : t(NOTE_KEYS[note])}
      </span>
      {openError && (
        <AppErrorLine error={openError} className="inline-error settings-path-error" testId={`${testId}-error`} />
      )}
    </div>
  );
}
