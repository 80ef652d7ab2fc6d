import { useEffect, useState } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { copyText } from '../../lib/copy-text';

const COPIED_MS = 1500;

/** Copies, then says so for a moment; a refused clipboard becomes a warning toast. */
export function CopyButton({ getText, testId, small }: { getText: () => string; testId: string; small?: boolean }) {
  const t = useT();
  const { notices } = useAppModel();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const handle = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(handle);
  }, [copied]);
  const copy = async (): Promise<void> => {
    if (await copyText(getText())) setCopied(true);
    else notices.push({ level: 'warning', code: 'copy_failed', message: t('chat.copyFailed') });
  };
  return (
    <button
      type="button"
      className={`btn btn-ghost ${small ? 'btn-tiny' : 'btn-small'}`}
      data-testid={testId}
      data-copied={copied}
      onClick={() => void copy()}
    >
      {copied ? t('chat.copied') : t('chat.copy')}
    </button>
  );
}
