// The card a folder that ships Python code gets: which .py files and which
// auto_map entries (the loaders transformers would import them for), that a
// conversion runs without them, and the one way to run them: a box the user
// ticks for this very code (its hash), unticked on every new folder or change.
import { useStore } from 'zustand';
import type { HfFolderCode } from '@shared/workshop/convert-types';
import { useT } from '../../i18n';
import { folderCodeAllowed, type ConvertStore } from './convert-store';

export function FolderCodeCard({
  store,
  code,
  disabled,
}: {
  store: ConvertStore;
  code: HfFolderCode;
  disabled: boolean;
}) {
  const t = useT();
  const allowed = useStore(store.state, folderCodeAllowed);
  if (code.hash === null) return null;
  const hash = code.hash;
  return (
    <section className="card convert-code" role="group" aria-label={t('convert.code.title')} data-testid="convert-code">
      <p className="warning-text">{t('convert.code.warning')}</p>
      <ul className="convert-code-list mono small">
        {code.pyFiles.map((file) => (
          <li key={`py:${file}`} data-testid="convert-code-file">
            {file}
          </li>
        ))}
        {code.autoMap.map((entry, index) => (
          <li key={`map:${entry.file}:${index}`} data-testid="convert-code-map">
            {entry.loader === null
              ? t('convert.code.mapUnread', { file: entry.file })
              : t('convert.code.map', { file: entry.file, loader: entry.loader, ref: entry.ref ?? '?' })}
          </li>
        ))}
      </ul>
      <p className="muted small">{t('convert.code.default')}</p>
      <label className="check">
        <input
          type="checkbox"
          checked={allowed}
          disabled={disabled}
          data-testid="convert-code-allow"
          onChange={(e) => store.allowFolderCode(hash, e.target.checked)}
        />
        <span>{t('convert.code.allow', { files: code.pyFiles.join(', ') || t('convert.code.noFiles') })}</span>
      </label>
    </section>
  );
}
