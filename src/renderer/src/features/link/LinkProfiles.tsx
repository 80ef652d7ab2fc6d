import { useState } from 'react';
import { useT } from '../../i18n';
import type { SavedLink } from './link-store';

interface Props {
  profiles: readonly SavedLink[];
  currentId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  onDelete: (id: string) => void;
}

/** The saved endpoints; the one being edited is highlighted. */
export function LinkProfiles({ profiles, currentId, onSelect, onNew, onDelete }: Props) {
  const t = useT();
  // Deleting also forgets the stored key, so it takes a second click.
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <aside className="link-profiles" aria-label={t('link.saved')}>
      <span className="recent-title">{t('link.saved')}</span>
      {profiles.length === 0 ? (
        <p className="muted small link-profiles-empty">{t('link.noneSaved')}</p>
      ) : (
        <ul>
          {profiles.map((profile) => (
            <li
              key={profile.id}
              className={`link-profile${profile.id === currentId ? ' is-current' : ''}`}
              data-testid="link-profile"
            >
              <button
                type="button"
                className="link-profile-pick"
                onClick={() => onSelect(profile.id)}
                title={profile.baseUrl}
              >
                <span className="link-profile-name">{profile.name}</span>
                <span className="link-profile-model mono">{profile.model || profile.baseUrl}</span>
              </button>
              {confirming === profile.id ? (
                <button
                  type="button"
                  className="btn btn-tiny btn-danger"
                  data-testid="link-delete-confirm"
                  onBlur={() => setConfirming(null)}
                  autoFocus
                  onClick={() => onDelete(profile.id)}
                >
                  {t('link.deleteConfirm')}
                </button>
              ) : (
                <button
                  type="button"
                  className="icon-btn icon-btn-small"
                  aria-label={t('link.delete', { name: profile.name })}
                  title={t('link.delete', { name: profile.name })}
                  data-testid="link-delete"
                  onClick={() => setConfirming(profile.id)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-small link-new" data-testid="link-new" onClick={onNew}>
        {t('link.new')}
      </button>
    </aside>
  );
}
