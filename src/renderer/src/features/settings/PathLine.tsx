// A path the user may need elsewhere (a file manager, a bug report): shown whole,
// selectable, with a button that copies it and says whether that worked.
import { useState } from 'react';
import { useT } from '../../i18n';
import { copyText } from '../../lib/copy-text';

export function PathLine({ name, path, testId }: { name: string; path: string; testId: string }) {
  const t = useT();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async (): Promise<void> => setCopied(await copyText(path));
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
      <span className="settings-path-note" role="status">
        {copied === true ? t('settings.copied') : copied === false ? t('settings.copyFailed') : ''}
      </span>
    </div>
  );
}
