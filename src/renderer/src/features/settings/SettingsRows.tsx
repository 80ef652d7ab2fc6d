// What each row of the Settings page shows: the control or the paths of one setting, each folder with a button
// that opens it in the file manager.
import { useId } from 'react';
import { LanguageSchema, type AppInfo, type AppSettings } from '@shared/contract';
import { DEFAULT_HUB_ENDPOINT } from '@shared/models/model-library';
import { hubAddressProblem } from '@shared/settings/hub-address';
import { workspaceProblem } from '@shared/settings/settings-checks';
import { useAppModel } from '../../app-model';
import { useT, type MessageKey } from '../../i18n';
import { PathLine } from './PathLine';
import { SavedTextField } from './SavedTextField';
import type { SettingsRowId } from './settings-rows';
import { settingsPaths } from './settings-paths';

// Each language is named in itself, so it can be found whatever the UI shows now.
const LANGUAGE_NAMES = { en: 'English', zh: '中文' } as const;

export interface RowProps {
  info: AppInfo;
  settings: AppSettings;
}

function HubRow({ settings }: RowProps) {
  const t = useT();
  const { app } = useAppModel();
  return (
    <SavedTextField
      label={t('settings.hub')}
      hint={t('settings.hubHint')}
      value={settings.models.hubEndpoint}
      placeholder={DEFAULT_HUB_ENDPOINT}
      defaultValue={DEFAULT_HUB_ENDPOINT}
      check={(text) => {
        const problem = hubAddressProblem(text);
        return problem === null ? null : (`error.reason.${problem}` as const);
      }}
      save={(hubEndpoint) => app.updateSettings({ models: { hubEndpoint } })}
      testId="settings-hub"
    />
  );
}

function WorkspaceRow({ info, settings }: RowProps) {
  const t = useT();
  const { app } = useAppModel();
  const paths = settingsPaths(info, settings);
  return (
    <>
      <SavedTextField
        label={t('settings.workspace')}
        hint={t('tools.workspaceHint')}
        value={settings.tools.workspaceDir}
        placeholder={paths.defaultWorkspace}
        check={(text) => (workspaceProblem(text) === null ? null : 'error.reason.workspace_not_absolute')}
        save={(workspaceDir) => app.updateSettings({ tools: { workspaceDir } })}
        testId="settings-workspace"
      />
      <PathLine name={t('settings.workspaceInUse')} path={paths.workspace} testId="settings-workspace-folder" folder />
    </>
  );
}

function LanguageRow({ settings }: RowProps) {
  const t = useT();
  const id = useId();
  const { app, notices } = useAppModel();
  const onChange = (value: string): void => {
    const parsed = LanguageSchema.safeParse(value);
    if (!parsed.success) return;
    void app.setLanguage(parsed.data).then((result) => !result.ok && notices.reportError(result.error));
  };
  return (
    <div className="settings-text-field">
      <label htmlFor={id}>{t('settings.language')}</label>
      <select
        id={id}
        className="input settings-select"
        value={settings.language}
        aria-describedby={`${id}-hint`}
        data-testid="settings-language"
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="auto">{t('language.auto')}</option>
        <option value="en">{LANGUAGE_NAMES.en}</option>
        <option value="zh">{LANGUAGE_NAMES.zh}</option>
      </select>
      <p className="field-hint" id={`${id}-hint`}>
        {t('settings.languageHint')}
      </p>
    </div>
  );
}

function Titled({ title, hint, children }: { title: MessageKey; hint: MessageKey; children?: React.ReactNode }) {
  const t = useT();
  return (
    <>
      <h4 className="settings-row-title">{t(title)}</h4>
      {children}
      <p className="field-hint">{t(hint)}</p>
    </>
  );
}

function DataDirRow({ info, settings }: RowProps) {
  const t = useT();
  return (
    <Titled title="settings.dataDir" hint="settings.dataDirHint">
      <PathLine
        name={t('settings.dataDir')}
        path={settingsPaths(info, settings).dataDir}
        testId="settings-data-dir"
        folder
      />
    </Titled>
  );
}

function ModelFoldersRow({ info, settings }: RowProps) {
  const t = useT();
  const { load } = useAppModel();
  const paths = settingsPaths(info, settings);
  return (
    <Titled title="settings.modelFolders" hint="settings.modelFoldersHint">
      <PathLine name={t('settings.defaultFolder')} path={paths.defaultModels} testId="settings-models-default" folder />
      {paths.modelFolders.map((folder, index) => (
        <PathLine key={folder} name={folder} path={folder} testId={`settings-models-folder-${index}`} folder />
      ))}
      <PathLine
        name={t('settings.downloadsGo')}
        path={paths.downloadFolder}
        testId="settings-models-downloads"
        folder
      />
      {/* The folders and the download choice are changed where the library is shown, not copied here. */}
      <button type="button" className="btn btn-small" data-testid="settings-open-my-models" onClick={() => load.open()}>
        {t('settings.openMyModels')}
      </button>
    </Titled>
  );
}

function PrivacyRow() {
  return <Titled title="settings.privacy" hint="settings.privacyText" />;
}

function LogsRow({ info, settings }: RowProps) {
  const t = useT();
  const { view } = useAppModel();
  const paths = settingsPaths(info, settings);
  return (
    <Titled title="settings.logs" hint="settings.logsHint">
      <PathLine name={t('settings.logsFolder')} path={paths.logs} testId="settings-logs-folder" folder />
      <PathLine name={t('settings.processLedger')} path={paths.processLedger} testId="settings-process-ledger" />
      <button
        type="button"
        className="btn btn-small"
        data-testid="settings-open-log"
        onClick={() => view.setState('log', true)}
      >
        {t('settings.openModelLog')}
      </button>
    </Titled>
  );
}

export const ROW_VIEWS: Record<SettingsRowId, (props: RowProps) => React.JSX.Element> = {
  hub: HubRow,
  'model-folders': ModelFoldersRow,
  language: LanguageRow,
  workspace: WorkspaceRow,
  'data-dir': DataDirRow,
  privacy: PrivacyRow,
  logs: LogsRow,
};
