import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import type { ToolSettings } from '@shared/tools/schemas';
import type { ToolDescriptor } from '@shared/tools/tool-types';
import { formFromList, isAbsolutePath, policyChoices, setRow, toolsSettings } from './tools-form';

const base: ToolSettings = {
  policies: {},
  enabled: {},
  maxSteps: 25,
  agentMode: false,
  workspaceDir: '',
  protocol: 'auto',
  sandbox: defaultSettings().tools.sandbox,
  webSearch: defaultSettings().tools.webSearch,
  webAllowHosts: [],
};
const list = (settings: ToolSettings = base, tools: ToolDescriptor[] = builtinToolDescriptors()) => ({
  tools,
  settings,
  workspaceDir: '/data/workspace',
});
const row = (form: ReturnType<typeof formFromList>, name: string) => form.rows.find((r) => r.name === name);

describe('tools form', () => {
  it('starts from the defaults: controller off and always asking, shell asking, answer fixed', () => {
    const form = formFromList(list());
    expect(row(form, 'controller')).toMatchObject({ enabled: false, policy: 'ask', alwaysAsk: true });
    expect(row(form, 'execute_command')).toMatchObject({ enabled: true, policy: 'ask', risk: 'exec' });
    expect(row(form, 'answer')).toMatchObject({ enabled: true, final: true, policy: 'allow' });
    expect(form).toMatchObject({
      maxSteps: '25',
      agentMode: false,
      workspaceDir: '',
      defaultWorkspaceDir: '/data/workspace',
    });
    expect(formFromList(list({ ...base, workspaceDir: '/srv/work' })).defaultWorkspaceDir).toBeNull();
  });

  it('offers only ask and deny for a tool that always asks, and shows a saved "allow" as what happens', () => {
    expect(policyChoices({ alwaysAsk: true, final: false })).toEqual(['ask', 'deny']);
    expect(policyChoices({ alwaysAsk: false, final: true })).toEqual(['allow']);
    const form = formFromList(list({ ...base, policies: { controller: 'allow' } }));
    expect(row(form, 'controller')?.policy).toBe('ask');
    expect(row(setRow(form, 'controller', { policy: 'allow' }), 'controller')?.policy).toBe('ask');
    expect(row(setRow(form, 'controller', { policy: 'deny' }), 'controller')?.policy).toBe('deny');
    expect(row(setRow(form, 'answer', { enabled: false }), 'answer')?.enabled).toBe(true);
  });

  it('saves only what differs from each tool’s defaults and keeps entries of tools not listed now', () => {
    const saved: ToolSettings = {
      ...base,
      policies: { 'git@push': 'deny', read_file: 'ask' },
      enabled: { 'git@push': false },
    };
    let form = formFromList(list(saved));
    form = setRow(form, 'read_file', { policy: 'allow' });
    form = setRow(form, 'execute_command', { policy: 'allow' });
    form = setRow(form, 'controller', { enabled: true });
    form = setRow(form, 'calculator', { enabled: false });
    form = { ...form, maxSteps: '40', agentMode: true, protocol: 'prompt', workspaceDir: ' /home/me/agent ' };
    expect(toolsSettings(form, saved)).toEqual({
      ok: true,
      value: {
        policies: { 'git@push': 'deny', execute_command: 'allow' },
        enabled: { 'git@push': false, controller: true, calculator: false },
        maxSteps: 40,
        agentMode: true,
        protocol: 'prompt',
        workspaceDir: '/home/me/agent',
        sandbox: defaultSettings().tools.sandbox,
        webSearch: defaultSettings().tools.webSearch,
        webAllowHosts: [],
      },
    });
  });

  it('keeps the web_fetch allow-list as one line and refuses an entry that is not a host', () => {
    const form = formFromList(list({ ...base, webAllowHosts: ['nas.local', '192.168.1.5:8080'] }));
    expect(form.webAllowHosts).toBe('nas.local, 192.168.1.5:8080');
    expect(toolsSettings({ ...form, webAllowHosts: 'nas.local [fd00::5]:80' }, base)).toMatchObject({
      ok: true,
      value: { webAllowHosts: ['nas.local', '[fd00::5]:80'] },
    });
    expect(toolsSettings({ ...form, webAllowHosts: 'https://nas.local/' }, base)).toEqual({
      ok: false,
      errors: { webAllowHosts: { key: 'tools.error.webAllowHosts' } },
    });
  });

  it('rejects a step limit out of range and a relative workspace', () => {
    const form = formFromList(list());
    for (const maxSteps of ['0', '501', '2.5', 'many', '', '-3', '1e2', '0x10', '12abc']) {
      expect(toolsSettings({ ...form, maxSteps }, base), maxSteps).toEqual({
        ok: false,
        errors: { maxSteps: { key: 'tools.error.maxSteps', vars: { max: 500 } } },
      });
    }
    expect(toolsSettings({ ...form, maxSteps: ' 40 ' }, base)).toEqual({
      ok: false,
      errors: { maxSteps: { key: 'load.error.spaces' } },
    });
    expect(toolsSettings({ ...form, workspaceDir: 'work/here' }, base)).toEqual({
      ok: false,
      errors: { workspaceDir: { key: 'tools.error.workspace' } },
    });
    expect(toolsSettings({ ...form, maxSteps: '1', workspaceDir: '' }, base)).toMatchObject({
      ok: true,
      value: { maxSteps: 1, workspaceDir: '' },
    });
  });

  it('knows absolute paths on both systems', () => {
    expect(['/home/a', 'C:\\Users\\a', 'd:/work', '\\\\server\\share'].map(isAbsolutePath)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['a/b', './a', '~/work', 'C:work', '\\\\'].map(isAbsolutePath)).toEqual([false, false, false, false, false]);
  });
});
