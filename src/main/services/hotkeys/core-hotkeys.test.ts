// The hotkeys through the real core's handlers (validation at the boundary
// included): saved settings are applied at once, the old keys given back, and
// dispose releases everything. Electron's globalShortcut is the one stand-in.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core';
import { dispatchInvoke } from '../ipc/dispatch';
import type { GlobalShortcuts } from './hotkey-service';

let core: Core | null = null;
let dataDir = '';

afterEach(async () => {
  await core?.dispose();
  core = null;
  await rm(dataDir, { recursive: true, force: true });
});

async function startCore(shortcuts: GlobalShortcuts | null): Promise<Core> {
  dataDir = await mkdtemp(join(tmpdir(), 'eva-hotkeys-'));
  core = await createCore({
    host: shortcuts ? 'electron' : 'browser',
    version: '0',
    dataDir,
    binDirs: [],
    systemLanguage: 'en',
    globalShortcuts: shortcuts,
  });
  return core;
}

describe('hotkeys in the core', () => {
  it('registers the defaults at start, re-registers on save, refuses a collision, releases on dispose', async () => {
    const live = new Set<string>();
    const started = await startCore({
      register: (keys) => (live.add(keys), true),
      unregister: (keys) => void live.delete(keys),
    });
    expect([...live].sort()).toEqual(['F1', 'F2', 'Shift+F1']);

    const saved = await dispatchInvoke(started.handlers, 'settings:update', {
      hotkeys: { screenshot: 'ctrl+alt+p', screenshotRegion: '', record: 'F2' },
    });
    expect(saved).toMatchObject({
      ok: true,
      value: { hotkeys: { screenshot: 'Ctrl+Alt+P', screenshotRegion: '', record: 'F2' } },
    });
    expect([...live].sort()).toEqual(['Ctrl+Alt+P', 'F2']);
    const status = await dispatchInvoke(started.handlers, 'hotkeys:status', undefined);
    expect(status).toMatchObject({
      ok: true,
      value: { bindings: [{ scope: 'global' }, { scope: 'off' }, { scope: 'global' }] },
    });

    const refused = await dispatchInvoke(started.handlers, 'settings:update', {
      hotkeys: { screenshot: 'F2', screenshotRegion: '', record: 'F2' },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('F2 is also the record hotkey') },
    });
    expect(started.settings.get().hotkeys.screenshot).toBe('Ctrl+Alt+P');

    await started.dispose();
    core = null;
    expect(live.size).toBe(0);
  });

  it('the browser host keeps every binding on the page', async () => {
    const started = await startCore(null);
    const status = await dispatchInvoke(started.handlers, 'hotkeys:status', undefined);
    expect(status).toMatchObject({
      ok: true,
      value: {
        bindings: [
          { accelerator: 'F1', scope: 'page' },
          { accelerator: 'Shift+F1', scope: 'page' },
          { accelerator: 'F2', scope: 'page' },
        ],
      },
    });
  });
});
