// @vitest-environment jsdom
// The Settings page on the in-memory platform: the filter box hides the rows it does
// not match (English and Chinese labels alike), the hub address is saved through
// settings:update and a bad one refused in words, and the page is reached from the
// navigation and with Ctrl+, with every control on it reachable by Tab and labelled.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useStore } from 'zustand';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { useAppModel } from '@renderer/app-model';
import { defaultSettings } from '@shared/default-settings';
import { SidebarProvider } from '../frame/SidebarProvider';
import { TopBar } from '../frame/TopBar';
import { SettingsPage } from './SettingsPage';
import { SettingsShortcut } from './SettingsShortcut';

afterEach(cleanupApps);

/** The top bar, the shortcut and the page switch, as App.tsx lays them out. */
function Frame() {
  const view = useStore(useAppModel().view);
  return (
    <SidebarProvider>
      <TopBar />
      <SettingsShortcut />
      {view === 'settings' ? <SettingsPage /> : <p data-testid="other-page">{view}</p>}
    </SidebarProvider>
  );
}

const rowIds = (): string[] =>
  screen.queryAllByTestId(/^settings-row-/).map((row) => row.dataset.testid?.replace('settings-row-', '') ?? '');

async function search(text: string): Promise<void> {
  fireEvent.change(screen.getByTestId('settings-search'), { target: { value: text } });
  await settle();
}

async function submitHub(address: string): Promise<void> {
  fireEvent.change(screen.getByTestId('settings-hub-input'), { target: { value: address } });
  fireEvent.click(screen.getByTestId('settings-hub-save'));
  await settle();
}

describe('the Settings page', () => {
  it('shows every row with no query, and the filter hides those that do not match, in English or Chinese', async () => {
    await renderWithApp(<SettingsPage />);
    expect(rowIds()).toEqual(['hub', 'model-folders', 'language', 'workspace', 'data-dir', 'privacy', 'logs']);
    // The privacy statement names the model hub among the endpoints the user sets.
    await search('hub');
    expect(rowIds()).toEqual(['hub', 'privacy']);
    await search('hub address');
    expect(rowIds()).toEqual(['hub']);
    await search('  仓库地址 ');
    expect(rowIds()).toEqual(['hub']);
    await search('MIRROR');
    expect(rowIds()).toEqual(['hub']);
    await search('日志');
    expect(rowIds()).toEqual(['logs']);
    await search('telemetry');
    expect(rowIds()).toEqual(['privacy']);
    await search('no such setting');
    expect(rowIds()).toEqual([]);
    expect(screen.getByTestId('settings-no-match').textContent).toContain('no such setting');
    await search('');
    expect(rowIds()).toHaveLength(7);
  });

  it('a Chinese page finds rows by their English labels too', async () => {
    await renderWithApp(<SettingsPage />, { language: 'zh' });
    await search('data folder');
    expect(rowIds()).toEqual(['data-dir']);
  });

  it('shows the data folder, the logs and the model folders with their paths, each with a copy button', async () => {
    await renderWithApp(<SettingsPage />, { platform: { appInfo: { dataDir: '/home/ada/.eva' } } });
    expect(screen.getByTestId('settings-data-dir-path').textContent).toBe('/home/ada/.eva');
    expect(screen.getByTestId('settings-logs-folder-path').textContent).toBe('/home/ada/.eva/logs');
    expect(screen.getByTestId('settings-process-ledger-path').textContent).toBe('/home/ada/.eva/run/children.json');
    expect(screen.getByTestId('settings-models-downloads-path').textContent).toBe('/home/ada/.eva/models');
    expect(screen.getByTestId('settings-data-dir-copy')).toBeTruthy();
    expect(screen.getByTestId('settings-row-privacy').textContent).toMatch(/sends nothing anywhere/);
  });

  it('offers to open each folder it shows (not the process record, a file), by name, through app:open-folder', async () => {
    const { api, t } = await renderWithApp(<SettingsPage />, {
      platform: { appInfo: { dataDir: '/home/ada/.eva' }, settings: withFolders(['/models/a']) },
    });
    const openButtons = screen.getAllByRole('button', { name: /^Open folder: / });
    expect(openButtons.map((button) => button.dataset.testid)).toEqual([
      'settings-models-default-open',
      'settings-models-folder-0-open',
      'settings-models-downloads-open',
      'settings-workspace-folder-open',
      'settings-data-dir-open',
      'settings-logs-folder-open',
    ]);
    expect(screen.queryByTestId('settings-process-ledger-open')).toBeNull();
    expect(screen.getByTestId('settings-workspace-folder-path').textContent).toBe('/home/ada/.eva/workspace');

    const dataDir = screen.getByRole('button', { name: 'Open folder: Data folder' });
    expect(dataDir.tabIndex).toBe(0);
    dataDir.focus();
    fireEvent.click(dataDir);
    await settle();
    fireEvent.click(screen.getByTestId('settings-models-folder-0-open'));
    await settle();
    const opened = api.calls.filter((call) => call.channel === 'app:open-folder').map((call) => call.input);
    expect(opened).toEqual([{ path: '/home/ada/.eva' }, { path: '/models/a' }]);
    expect(screen.getByTestId('settings-data-dir-note').textContent).toBe(t('settings.opened'));
    expect(screen.getByTestId('settings-models-folder-0-note').textContent).toBe(t('settings.opened'));
  });

  it('says in the page language why a folder did not open, with the core sentence as its tooltip', async () => {
    const { api } = await renderWithApp(<SettingsPage />, {
      language: 'zh',
      platform: { appInfo: { dataDir: '/home/ada/.eva' } },
    });
    const message = 'no program to open folders was found: could not start "xdg-open": not found';
    api.handle('app:open-folder', ({ path }) => ({
      ok: false,
      error: { code: 'not_found', message, details: { reason: 'open_folder_no_opener', command: 'xdg-open', path } },
    }));
    fireEvent.click(screen.getByTestId('settings-logs-folder-open'));
    await settle();
    const error = screen.getByTestId('settings-logs-folder-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe(
      '找不到用来打开文件夹的程序：未安装“xdg-open”。请在文件管理器中自行打开 /home/ada/.eva/logs。',
    );
    expect(error.getAttribute('title')).toBe(message);
    expect(screen.getByTestId('settings-logs-folder-note').textContent).toBe('');
  });

  it('saves a new hub address through settings:update and says so', async () => {
    const { api, t } = await renderWithApp(<SettingsPage />);
    await submitHub('http://127.0.0.1:5555/');
    const updates = api.calls.filter((call) => call.channel === 'settings:update');
    expect(updates.map((call) => call.input)).toEqual([{ models: { hubEndpoint: 'http://127.0.0.1:5555/' } }]);
    expect(api.state.settings.models.hubEndpoint).toBe('http://127.0.0.1:5555/');
    expect(screen.getByTestId('settings-hub-note').textContent).toBe(t('settings.saved'));
    fireEvent.click(screen.getByTestId('settings-hub-default'));
    await settle();
    expect(api.state.settings.models.hubEndpoint).toBe('https://huggingface.co');
  });

  it.each([
    ['ftp://hub.example.com', 'error.reason.hub_url_scheme'],
    ['hub.example.com', 'error.reason.hub_url_invalid'],
    ['', 'error.reason.hub_url_empty'],
  ] as const)('refuses the hub address %j in words and sends nothing', async (address, key) => {
    const { api, t } = await renderWithApp(<SettingsPage />);
    await submitHub(address);
    const note = screen.getByTestId('settings-hub-note');
    expect(note.textContent).toBe(t(key));
    expect(note.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('settings-hub-input').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((call) => call.channel === 'settings:update')).toBe(false);
    expect(api.state.settings.models.hubEndpoint).toBe('https://huggingface.co');
  });

  it('refuses a relative workspace and saves an absolute one', async () => {
    const { api, t } = await renderWithApp(<SettingsPage />);
    fireEvent.change(screen.getByTestId('settings-workspace-input'), { target: { value: 'my/work' } });
    fireEvent.click(screen.getByTestId('settings-workspace-save'));
    await settle();
    expect(screen.getByTestId('settings-workspace-note').textContent).toBe(t('error.reason.workspace_not_absolute'));
    fireEvent.change(screen.getByTestId('settings-workspace-input'), { target: { value: '/srv/agent' } });
    fireEvent.click(screen.getByTestId('settings-workspace-save'));
    await settle();
    expect(api.state.settings.tools.workspaceDir).toBe('/srv/agent');
  });

  it('changes the language', async () => {
    const { api } = await renderWithApp(<SettingsPage />);
    fireEvent.change(screen.getByTestId('settings-language'), { target: { value: 'zh' } });
    await settle();
    expect(api.state.settings.language).toBe('zh');
  });
});

describe('reaching the Settings page', () => {
  it('opens from the navigation, marked as the current page, with the filter focused', async () => {
    await renderWithApp(<Frame />);
    const nav = screen.getByRole('navigation');
    const entry = within(nav).getByTestId('open-settings');
    fireEvent.click(entry);
    await settle();
    expect(screen.getByTestId('settings-page')).toBeTruthy();
    expect(entry.getAttribute('aria-current')).toBe('page');
    expect(document.activeElement).toBe(screen.getByTestId('settings-search'));
  });

  it.each([
    ['Ctrl+,', { ctrlKey: true }],
    ['Cmd+,', { metaKey: true }],
  ])('opens with %s from another page', async (_name, modifiers) => {
    await renderWithApp(<Frame />);
    expect(screen.getByTestId('other-page')).toBeTruthy();
    act(() => void fireEvent.keyDown(document.body, { key: ',', ...modifiers }));
    await settle();
    expect(screen.getByTestId('settings-page')).toBeTruthy();
  });

  it('leaves a plain comma and Ctrl+Shift+, alone', async () => {
    await renderWithApp(<Frame />);
    act(() => void fireEvent.keyDown(document.body, { key: ',' }));
    act(() => void fireEvent.keyDown(document.body, { key: ',', ctrlKey: true, shiftKey: true }));
    await settle();
    expect(screen.queryByTestId('settings-page')).toBeNull();
  });

  it('every control on the page is in the Tab order and has a name', async () => {
    await renderWithApp(<SettingsPage />, {
      platform: { settings: withFolders(['/models/a']) },
    });
    const page = screen.getByTestId('settings-page');
    const controls = Array.from(page.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]'));
    expect(controls.length).toBeGreaterThanOrEqual(12);
    const unreachable = controls.filter((control) => control.tabIndex < 0 || control.closest('[aria-hidden="true"]'));
    expect(unreachable).toEqual([]);
    const unnamed = controls.filter((control) => accessibleName(control) === '');
    expect(unnamed.map((control) => control.outerHTML)).toEqual([]);
    // The only disabled control is "Use the default" while the default is in use.
    const disabled = controls.filter((control) => (control as HTMLButtonElement).disabled);
    expect(disabled.map((control) => control.dataset.testid)).toEqual(['settings-hub-default']);
  });
});

function withFolders(folders: string[]) {
  const settings = defaultSettings();
  return { ...settings, models: { ...settings.models, folders } };
}

/** A label, aria-label or aria-labelledby, else the text: enough for the controls this page uses. */
function accessibleName(control: HTMLElement): string {
  const aria = control.getAttribute('aria-label');
  if (aria) return aria.trim();
  const labels = (control as HTMLInputElement).labels;
  if (labels && labels.length > 0)
    return Array.from(labels, (label) => label.textContent ?? '')
      .join(' ')
      .trim();
  return control.tagName === 'BUTTON' ? (control.textContent ?? '').trim() : '';
}
