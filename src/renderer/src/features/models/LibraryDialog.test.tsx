// @vitest-environment jsdom
// The model library inside the load dialog, against the in-memory platform: My models
// from the first run, picking and one-click loading, the file browser by keyboard,
// drops (refused, uploaded, onto the page), and Discover through to a loaded download.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { InvokeInput } from '@shared/contract';
import { memoryDefaultSettings, type MemoryPlatformOptions } from '@renderer/platform/memory-platform';
import { cleanupApps, manualTimers, renderWithApp, settle } from '@renderer/test-support/render-app';
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

const withFolder = (): MemoryPlatformOptions => {
  const settings = memoryDefaultSettings();
  return {
    settings: { ...settings, models: { ...settings.models, folders: ['/home/user/models', '/home/user/Downloads'] } },
  };
};

async function openDialog(platform: MemoryPlatformOptions = {}) {
  const app = await renderWithApp(<LoadDialogWithWatch />, { platform });
  act(() => app.model.load.open('local'));
  await settle();
  return app;
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const rowOf = (fileName: string) =>
  screen
    .getAllByTestId('library-model')
    .find((row) => row.getAttribute('data-path')?.endsWith(`/${fileName}`)) as HTMLElement;
const dropFiles = (target: Element, files: File[]) =>
  fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });

describe('My models', () => {
  it('on the first run explains where models go, and offers Discover', async () => {
    const { t } = await openDialog();
    const empty = screen.getByTestId('library-empty');
    expect(empty.textContent).toContain(t('library.empty', { folder: '/home/user/.eva/models' }));
    fireEvent.click(screen.getByTestId('library-discover'));
    await settle();
    expect(screen.getByTestId('load-dialog').getAttribute('data-tab')).toBe('discover');
  });

  it('lists models with their facts, pairs the projector, and says why a broken file cannot load', async () => {
    const { t } = await openDialog(withFolder());
    expect(screen.getAllByTestId('library-model')).toHaveLength(3);
    const vision = rowOf('Qwen2.5-VL-3B-Instruct-Q4_K_M.gguf');
    expect(vision.textContent).toContain('Q4_K_M');
    expect(vision.textContent).toContain(t('library.parameters', { params: '3B' }));
    expect(within(vision).getByTestId('library-projector')).toBeTruthy();
    const broken = rowOf('broken-download.gguf');
    expect(within(broken).getByTestId('library-problem').textContent).toContain('not a GGUF file');
    expect((within(broken).getByTestId('library-load') as HTMLButtonElement).disabled).toBe(true);
  });

  it('picking fills the model and its projector; Load picks and loads in one click', async () => {
    const { api } = await openDialog(withFolder());
    fireEvent.click(rowOf('Qwen2.5-VL-3B-Instruct-Q4_K_M.gguf').querySelector('.library-pick') as HTMLElement);
    expect(field('model-path').value).toBe('/home/user/models/vision/Qwen2.5-VL-3B-Instruct-Q4_K_M.gguf');
    expect(field('mmproj-path').value).toBe('/home/user/models/vision/mmproj-Qwen2.5-VL-3B-F16.gguf');
    fireEvent.click(within(rowOf('Qwen2.5-0.5B-Instruct-Q4_K_M.gguf')).getByTestId('library-load'));
    await settle();
    const loads = api.calls
      .filter((c) => c.channel === 'backend:load')
      .map((c) => c.input as InvokeInput<'backend:load'>);
    expect(loads.map((l) => [l.modelPath, l.mmprojPath])).toEqual([
      ['/home/user/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf', ''],
    ]);
  });

  it('adds a folder with the file browser and removes it again', async () => {
    const { api } = await openDialog();
    fireEvent.click(screen.getByTestId('library-add-folder'));
    await settle();
    const list = screen.getByTestId('browse-list');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    await settle();
    expect(screen.getByTestId('browse-path').textContent).toBe('/home/user/models');
    fireEvent.click(screen.getByTestId('browse-choose'));
    await settle();
    expect(api.state.settings.models.folders).toEqual(['/home/user/models']);
    expect(screen.getAllByTestId('library-model')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('library-remove-folder'));
    await settle();
    expect(api.state.settings.models.folders).toEqual([]);
    expect(screen.getByTestId('library-empty')).toBeTruthy();
  });
});

describe('file browser (browser host)', () => {
  it('Browse… opens it: arrows, Enter, Backspace; choosing fills the path; Esc closes only the browser', async () => {
    const { api } = await openDialog();
    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Choose a model file' });
    const list = within(dialog).getByRole('listbox');
    expect(document.activeElement).toBe(list);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    await settle();
    fireEvent.keyDown(list, { key: 'Backspace' });
    await settle();
    expect(screen.getByTestId('browse-path').textContent).toBe('/home/user');
    fireEvent.keyDown(list, { key: 'End' });
    fireEvent.keyDown(list, { key: 'Enter' });
    await settle();
    fireEvent.keyDown(list, { key: 'End' });
    expect(list.getAttribute('aria-activedescendant')).toBe('browse-entry-1');
    fireEvent.keyDown(list, { key: 'Enter' });
    await settle();
    expect(screen.queryByTestId('browse-dialog')).toBeNull();
    expect(field('model-path').value).toBe('/home/user/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf');
    expect(api.calls.some((c) => c.channel === 'dialog:pick-model')).toBe(false);

    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await settle();
    expect(screen.queryByTestId('browse-dialog')).toBeNull();
    expect(screen.getByTestId('load-dialog')).toBeTruthy();
  });

  it('in Electron Browse… uses the native picker instead', async () => {
    const { api } = await openDialog({ appInfo: { host: 'electron', canPickFiles: true } });
    fireEvent.click(screen.getByTestId('model-browse'));
    await settle();
    expect(screen.queryByTestId('browse-dialog')).toBeNull();
    expect(api.calls.filter((c) => c.channel === 'dialog:pick-model')).toHaveLength(1);
  });
});

describe('dropping a model', () => {
  it('refuses a file that is not a .gguf, in words', async () => {
    const { t } = await openDialog();
    dropFiles(screen.getByTestId('load-dialog'), [new File(['x'], 'notes.txt')]);
    await settle();
    expect(screen.getByTestId('drop-note').textContent).toContain(t('library.drop.notGguf', { name: 'notes.txt' }));
    expect(field('model-path').value).toBe('');
  });

  it('uploads a dropped .gguf in the browser host with progress, then fills the path', async () => {
    const { timers, tick } = manualTimers();
    await openDialog({ timers });
    dropFiles(screen.getByTestId('load-dialog'), [new File([new Uint8Array(64)], 'tiny.gguf')]);
    await settle();
    expect(screen.getByTestId('upload-progress')).toBeTruthy();
    await tick();
    expect((screen.getByTestId('upload-progress').querySelector('progress') as HTMLProgressElement).value).toBe(50);
    await tick();
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    expect(field('model-path').value).toBe('/home/user/.eva/models/tiny.gguf');
    expect(rowOf('tiny.gguf')).toBeTruthy();
  });

  it('a .gguf dropped on the page (the empty chat) opens the dialog with it', async () => {
    const { model } = await renderWithApp(<LoadDialogWithWatch />, { platform: { dropMode: 'path' } });
    expect(screen.queryByTestId('load-dialog')).toBeNull();
    dropFiles(document.body, [new File(['x'], 'mine.gguf')]);
    await settle();
    expect(model.load.store.getState().open).toBe(true);
    expect(field('model-path').value).toBe('/dropped/mine.gguf');
  });
});

describe('Discover', () => {
  it('searches, shows files with fit and free space, downloads with progress, and loads the result in one click', async () => {
    const { timers, tick } = manualTimers();
    const { api, t } = await openDialog({ timers });
    fireEvent.click(screen.getByTestId('load-tab-discover'));
    await settle();
    fireEvent.change(screen.getByTestId('hub-query'), { target: { value: 'qwen' } });
    fireEvent.click(screen.getByTestId('hub-search'));
    await settle();
    expect(screen.getAllByTestId('hub-result').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Qwen/Qwen2.5-0.5B-Instruct-GGUF'),
      expect.stringContaining('unsloth/Qwen3-32B-GGUF'),
    ]);
    fireEvent.click(screen.getAllByTestId('hub-result')[1] as HTMLElement);
    await settle();
    expect(screen.getAllByTestId('hub-fit').map((b) => b.getAttribute('data-fit'))).toEqual(['partial', 'too-big']);
    expect(screen.getByTestId('hub-free').textContent).toBe(
      t('library.hub.freeSpace', { free: '50.0 GiB', folder: '/home/user/.eva/models' }),
    );
    fireEvent.click(screen.getByTestId('hub-back'));
    await settle();
    fireEvent.click(screen.getAllByTestId('hub-result')[0] as HTMLElement);
    await settle();
    fireEvent.click(screen.getAllByTestId('hub-download')[0] as HTMLElement);
    await settle();
    await tick();
    const row = screen.getByTestId('download');
    expect(row.getAttribute('data-phase')).toBe('downloading');
    expect(within(row).getByTestId('download-status').textContent).toBe(
      [
        t('library.dl.progress', { percent: 25, received: '100 MiB', total: '399 MiB' }),
        '40 MiB/s',
        t('library.dl.left', { eta: '8.0 s' }),
      ].join(' · '),
    );
    fireEvent.click(within(row).getByTestId('download-cancel'));
    await settle();
    expect(screen.getByTestId('download').getAttribute('data-phase')).toBe('cancelled');
    fireEvent.click(screen.getByTestId('download-resume'));
    await settle();
    expect(screen.getByTestId('download-status').textContent).toContain(t('library.dl.resumed', { from: '100 MiB' }));
    for (let i = 0; i < 3; i++) await tick();
    expect(screen.getByTestId('download').getAttribute('data-phase')).toBe('verifying');
    expect(screen.getByTestId('download-status').textContent).toBe(t('library.dl.verifying'));
    await tick();
    expect(screen.getByTestId('download').getAttribute('data-phase')).toBe('done');
    expect(screen.getAllByTestId('hub-have')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('download-load'));
    await settle();
    const loads = api.calls
      .filter((c) => c.channel === 'backend:load')
      .map((c) => (c.input as InvokeInput<'backend:load'>).modelPath);
    expect(loads).toEqual(['/home/user/.eva/models/qwen2.5-0.5b-instruct-q4_k_m.gguf']);
  });

  it('a download goes on after the dialog closes and is still listed when it opens again', async () => {
    const { timers, tick } = manualTimers();
    const { model } = await openDialog({ timers });
    fireEvent.click(screen.getByTestId('load-tab-discover'));
    fireEvent.click(screen.getByTestId('hub-search'));
    await settle();
    fireEvent.click(screen.getAllByTestId('hub-result')[0] as HTMLElement);
    await settle();
    fireEvent.click(screen.getAllByTestId('hub-download')[0] as HTMLElement);
    await settle();
    act(() => model.load.close());
    for (let i = 0; i < 5; i++) await tick();
    act(() => model.load.open('discover'));
    await settle();
    expect(screen.getByTestId('download').getAttribute('data-phase')).toBe('done');
  });
});
