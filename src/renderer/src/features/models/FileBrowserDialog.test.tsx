// @vitest-environment jsdom
// The app's file browser on the in-memory platform: a typed path opened on Enter (a
// missing one said in words, in both languages), the Show hidden toggle, where it opens,
// and adding a library folder that leaves the download folder where it was.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { memoryDefaultSettings, type MemoryPlatformOptions } from '@renderer/platform/memory-platform';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { LoadDialog } from '../load/LoadDialog';
import { LoadWatch } from '../load/LoadWatch';

/** The dialog as App mounts it: with what runs while it is closed. */
const LoadDialogWithWatch = () => (
  <>
    <LoadWatch />
    <LoadDialog />
  </>
);

afterEach(cleanupApps);

const modelFiles = {
  '/home/user/.eva/models/downloaded-Q4_K_M.gguf': 100,
  '/home/user/models/tiny.gguf': 200,
  '/home/user/.cache/hf/hidden-Q8_0.gguf': 300,
};

async function openDialog(platform: MemoryPlatformOptions = {}, language?: 'zh') {
  const app = await renderWithApp(<LoadDialogWithWatch />, { platform: { modelFiles, ...platform }, language });
  act(() => app.model.load.open('local'));
  await settle();
  return app;
}

const names = () => screen.queryAllByTestId('browse-entry').map((el) => el.querySelector('.browse-name')?.textContent);
const typePath = async (path: string): Promise<void> => {
  fireEvent.change(screen.getByTestId('browse-path-input'), { target: { value: path } });
  fireEvent.keyDown(screen.getByTestId('browse-path-input'), { key: 'Enter' });
  await settle();
};

describe('file browser', () => {
  it('opens in the models folder when no model is chosen yet', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    expect(screen.getByTestId('browse-path').textContent).toBe('/home/user/.eva/models');
    expect((screen.getByTestId('browse-path-input') as HTMLInputElement).value).toBe('/home/user/.eva/models');
    expect(names()).toEqual(['downloaded-Q4_K_M.gguf']);
  });

  it('opens a typed ~/ or absolute path on Enter, and says a missing one in words', async () => {
    const { t } = await openDialog();
    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    await typePath('~/models');
    expect(screen.getByTestId('browse-path').textContent).toBe('/home/user/models');
    expect(names()).toEqual(['tiny.gguf']);
    await typePath('/home/user/nowhere');
    expect(screen.getByRole('alert').textContent).toBe(
      t('error.reason.folder_missing', { path: '/home/user/nowhere' }),
    );
    // The listing stays where it was, and the typo stays in the box to be fixed.
    expect(screen.getByTestId('browse-path').textContent).toBe('/home/user/models');
    expect((screen.getByTestId('browse-path-input') as HTMLInputElement).value).toBe('/home/user/nowhere');
    await typePath('models/relative');
    expect(screen.getByRole('alert').textContent).toBe(t('error.reason.not_absolute', { path: 'models/relative' }));
  });

  it('says a missing typed folder in Chinese too', async () => {
    await openDialog({}, 'zh');
    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    await typePath('/home/user/nowhere');
    expect(screen.getByRole('alert').textContent).toBe('文件夹 /home/user/nowhere 不存在。请返回并选择其他文件夹。');
    // The places the core names by kind are worded too; a library folder keeps its own name.
    const places = [...document.querySelectorAll('.browse-place')].map((el) => el.textContent);
    expect(places[0]).toBe('主目录');
  });

  it('shows dot-folders only with Show hidden, which is off at first', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    await typePath('~');
    const toggle = screen.getByTestId('browse-hidden') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(names()).toEqual(['models']);
    fireEvent.click(toggle);
    await settle();
    expect(names()).toEqual(['.cache', '.eva', 'models']);
    fireEvent.click(screen.getByTestId('browse-hidden'));
    await settle();
    expect(names()).toEqual(['models']);
  });
});

describe('library folders', () => {
  it('adding a folder keeps the download folder; "Downloads go here" moves it', async () => {
    const { api } = await openDialog();
    fireEvent.click(screen.getByTestId('library-add-folder'));
    await settle();
    // No folder yet: the picker starts in the models folder.
    expect(screen.getByTestId('browse-path').textContent).toBe('/home/user/.eva/models');
    await typePath('~/models');
    fireEvent.click(screen.getByTestId('browse-choose'));
    await settle();
    expect(api.state.settings.models.folders).toEqual(['/home/user/models']);
    expect(api.state.settings.models.downloadFolder).toBe('/home/user/.eva/models');
    const chosen = () =>
      screen
        .getAllByTestId('library-folder')
        .filter((row) => (row.querySelector('[data-testid="library-download-here"]') as HTMLInputElement).checked)
        .map((row) => row.querySelector('.mono')?.textContent);
    expect(chosen()).toEqual(['/home/user/.eva/models']);

    fireEvent.click(screen.getAllByTestId('library-download-here')[1]!);
    await settle();
    expect(api.state.settings.models.downloadFolder).toBe('/home/user/models');
    expect(chosen()).toEqual(['/home/user/models']);
  });

  it('a settings file from before the choice keeps downloads in its first folder', async () => {
    const settings = memoryDefaultSettings();
    await openDialog({ settings: { ...settings, models: { ...settings.models, folders: ['/home/user/models'] } } });
    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    expect(screen.getByTestId('browse-path').textContent).toBe('/home/user/models');
  });
});
