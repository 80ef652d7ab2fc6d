import { LanguageSchema, type Language } from '@shared/contract';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useSettingsStore } from '../settings/use-settings-store';

// Each language is named in itself, so it can be found whatever the UI shows now.
const NAMES: Record<Exclude<Language, 'auto'>, string> = { en: 'English', zh: '中文' };

export function LanguageSwitch() {
  const t = useT();
  const { app, notices } = useAppModel();
  const { settings } = useSettingsStore();
  const onChange = (value: string): void => {
    const parsed = LanguageSchema.safeParse(value);
    if (!parsed.success) return;
    void app.setLanguage(parsed.data).then((result) => !result.ok && notices.reportError(result.error));
  };
  return (
    <label className="lang-switch">
      <span className="sr-only">{t('topbar.language')}</span>
      <select
        data-testid="lang-switch"
        value={settings?.language ?? 'auto'}
        disabled={!settings}
        onChange={(event) => onChange(event.target.value)}
        title={t('topbar.language')}
      >
        <option value="auto">{t('language.auto')}</option>
        <option value="en">{NAMES.en}</option>
        <option value="zh">{NAMES.zh}</option>
      </select>
    </label>
  );
}
