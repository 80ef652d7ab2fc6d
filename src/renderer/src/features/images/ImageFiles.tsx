// The model files the chosen template needs, each typed or found with the file
// browser (the page cannot see the disk in a browser; the core lists it), kept
// per template in the settings.
import { useStore } from 'zustand';
import { IMAGE_TEMPLATES } from '@shared/images/image-templates';
import { useT } from '../../i18n';
import { TextInput } from '../../ui/form-fields';
import { folderOf } from '../models/pick-patch';
import { useLibrary } from '../models/use-library';
import type { ImagesStore } from './images-store';
import { ROLE_KEYS } from './images-words';

export function ImageFiles({ store, disabled }: { store: ImagesStore; disabled: boolean }) {
  const t = useT();
  const { browser } = useLibrary();
  const template = useStore(store.state, (s) => s.template);
  const files = useStore(store.state, (s) => s.files[s.template]);
  return (
    <fieldset className="image-files" data-testid="image-files">
      <legend>{t('images.files')}</legend>
      {IMAGE_TEMPLATES[template].files.map((need) => {
        const value = files[need.role] ?? '';
        const id = `image-file-${need.role}`;
        const browse = async (): Promise<void> => {
          const chosen = await browser.open('any', value.trim() ? folderOf(value.trim()) : undefined);
          if (chosen !== null) store.setFile(need.role, chosen);
        };
        return (
          <div key={need.role} className="image-file-row">
            <label htmlFor={id}>
              {t(ROLE_KEYS[need.role])}{' '}
              <span className="muted small">{need.required ? t('images.required') : t('images.optional')}</span>
            </label>
            <TextInput
              id={id}
              value={value}
              mono
              disabled={disabled}
              placeholder={t('images.filePlaceholder')}
              testId={id}
              onChange={(path) => store.setFile(need.role, path)}
            />
            <button
              type="button"
              className="btn"
              disabled={disabled}
              data-testid={`${id}-browse`}
              onClick={() => void browse()}
            >
              {t('images.browse')}
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
