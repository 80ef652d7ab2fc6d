// The rows of the Settings page and the filter over them: a row matches when the
// query is found in its label, hint or keywords in English or in Chinese, so a
// user finds "hub" or "仓库" whatever language the page shows. A page in English fetches the Chinese catalog when the
// user first types a query (SettingsPage.tsx); until it lands, the Chinese words are not searched.
import { catalogs, type MessageKey } from '../../i18n';

export type SettingsRowId = 'hub' | 'language' | 'data-dir' | 'model-folders' | 'workspace' | 'privacy' | 'logs';
export type SettingsSectionId = 'models' | 'general' | 'storage' | 'privacy';

export interface SettingsRowInfo {
  id: SettingsRowId;
  section: SettingsSectionId;
  label: MessageKey;
  /** the texts searched besides the label (hints, keywords) */
  searched: MessageKey[];
}

export const SETTINGS_SECTIONS: Array<{ id: SettingsSectionId; label: MessageKey }> = [
  { id: 'models', label: 'settings.section.models' },
  { id: 'general', label: 'settings.section.general' },
  { id: 'storage', label: 'settings.section.storage' },
  { id: 'privacy', label: 'settings.section.privacy' },
];

export const SETTINGS_ROWS: SettingsRowInfo[] = [
  { id: 'hub', section: 'models', label: 'settings.hub', searched: ['settings.hubHint', 'settings.hubKeywords'] },
  {
    id: 'model-folders',
    section: 'models',
    label: 'settings.modelFolders',
    searched: ['settings.modelFoldersHint', 'settings.modelFoldersKeywords', 'settings.downloadsGo'],
  },
  { id: 'language', section: 'general', label: 'settings.language', searched: ['settings.languageHint'] },
  {
    id: 'workspace',
    section: 'general',
    label: 'settings.workspace',
    searched: ['tools.workspaceHint', 'settings.workspaceKeywords'],
  },
  { id: 'data-dir', section: 'storage', label: 'settings.dataDir', searched: ['settings.dataDirHint'] },
  {
    id: 'privacy',
    section: 'privacy',
    label: 'settings.privacy',
    searched: ['settings.privacyText', 'settings.privacyKeywords'],
  },
  {
    id: 'logs',
    section: 'privacy',
    label: 'settings.logs',
    searched: ['settings.logsHint', 'settings.logsFolder', 'settings.processLedger'],
  },
];

/** Lower case, one space between words: how both the query and the texts are compared. */
function fold(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether a row is shown for a query; `extra` are texts only the row knows (its paths, its current value). */
export function rowMatches(row: SettingsRowInfo, query: string, extra: readonly string[] = []): boolean {
  const wanted = fold(query);
  if (wanted === '') return true;
  const keys = [row.label, ...row.searched];
  const texts = [...keys.flatMap((key) => [catalogs.en[key], catalogs.zh?.[key] ?? '']), ...extra];
  return texts.some((text) => fold(text).includes(wanted));
}
