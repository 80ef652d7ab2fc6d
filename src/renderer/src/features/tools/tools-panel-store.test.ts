import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { setRow } from './tools-form';
import { createToolsPanelStore } from './tools-panel-store';

async function setup() {
  const api = createMemoryPlatform();
  const app = createSettingsStore(api);
  await app.refresh();
  return { api, app, panel: createToolsPanelStore({ api, app }) };
}

describe('tools panel store', () => {
  it('lists the tools and saves the draft as one settings update', async () => {
    const { api, panel } = await setup();
    await panel.open();
    const state = panel.store.getState();
    expect(state).toMatchObject({ open: true, loading: false, error: null });
    expect(state.form?.rows.map((r) => r.name)).toEqual([
      'answer',
      'calculator',
      'execute_command',
      'read_file',
      'write_file',
      'edit_file',
      'list_files',
      'web_fetch',
      'controller',
    ]);
    panel.update((form) => setRow(setRow(form, 'controller', { enabled: true }), 'write_file', { policy: 'deny' }));
    panel.update((form) => ({
      ...form,
      maxSteps: '10',
      agentMode: true,
      protocol: 'native',
      sandbox: { ...form.sandbox, mode: 'container', runArgs: '--runtime runc' },
    }));
    expect(await panel.save()).toBe(true);
    expect(panel.store.getState().open).toBe(false);
    expect(api.state.settings.tools).toEqual({
      policies: { write_file: 'deny' },
      enabled: { controller: true },
      maxSteps: 10,
      agentMode: true,
      protocol: 'native',
      workspaceDir: '',
      sandbox: {
        ...defaultSettings().tools.sandbox,
        mode: 'container',
        container: { ...defaultSettings().tools.sandbox.container, runArgs: ['--runtime', 'runc'] },
      },
      webSearch: defaultSettings().tools.webSearch,
      webAllowHosts: [],
    });
    expect(api.calls.filter((c) => c.channel === 'settings:update')).toHaveLength(1);

    await panel.open();
    expect(panel.store.getState().form?.rows.find((r) => r.name === 'write_file')?.policy).toBe('deny');
  });

  it('stays open with field errors and saves nothing', async () => {
    const { api, panel } = await setup();
    await panel.open();
    panel.update((form) => ({ ...form, maxSteps: '9000' }));
    expect(await panel.save()).toBe(false);
    expect(panel.store.getState()).toMatchObject({ open: true, errors: { maxSteps: { key: 'tools.error.maxSteps' } } });
    expect(api.calls.some((c) => c.channel === 'settings:update')).toBe(false);
  });

  it('shows why the list could not be read, and a list that arrives after closing is dropped', async () => {
    const { api, panel } = await setup();
    api.handle('tools:list', () => ({ ok: false, error: { code: 'internal', message: 'registry broke' } }));
    await panel.open();
    expect(panel.store.getState()).toMatchObject({ open: true, form: null, error: { message: 'registry broke' } });
    expect(await panel.save()).toBe(false);

    let answer: (() => void) | null = null;
    api.handle(
      'tools:list',
      () =>
        new Promise(
          (resolve) =>
            (answer = () =>
              resolve({ ok: true, value: { tools: [], settings: api.state.settings.tools, workspaceDir: '/w' } })),
        ),
    );
    const opening = panel.open();
    panel.close();
    answer!();
    await opening;
    expect(panel.store.getState()).toMatchObject({ open: false, form: null });
  });
});
