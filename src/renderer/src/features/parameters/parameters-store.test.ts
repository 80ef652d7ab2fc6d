import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { addTemplate, editTemplate } from './parameters-form';
import { createParametersStore, type OwnConventions } from './parameters-store';

async function setup(own: OwnConventions | null = null) {
  const api = createMemoryPlatform();
  const app = createSettingsStore(api);
  await app.refresh();
  const held = createStore<OwnConventions | null>()(() => own);
  const created = await api.invoke('history:create', { title: 'Open one' });
  if (!created.ok) throw new Error(created.error.message);
  const conversationId = created.value.id;
  const saveOwn = (values: OwnConventions | null) =>
    api.invoke('history:set-conventions', {
      id: conversationId,
      systemPrompt: values?.systemPrompt ?? '',
      sampling: values?.sampling ?? {},
    });
  /** what the conversation's saved file says now */
  const savedMeta = async () => {
    const opened = await api.invoke('history:open', { id: conversationId });
    if (!opened.ok) throw new Error(opened.error.message);
    return opened.value.meta;
  };
  return { api, held, savedMeta, parameters: createParametersStore({ app, own: held, saveOwn }) };
}

describe('parameters store', () => {
  it('saves the defaults as one settings update and stays open beside the chat', async () => {
    const { api, parameters } = await setup();
    parameters.open();
    expect(parameters.store.getState().scope).toBe('defaults');
    parameters.update((form) => editTemplate(addTemplate(form, 'Brief'), 1, { text: 'Be brief.' }));
    parameters.update((form) => ({ ...form, sampling: { ...form.sampling, temperature: '0.2' } }));
    expect(await parameters.save()).toBe(true);
    expect(parameters.store.getState()).toMatchObject({ open: true, saved: true });
    expect(api.state.settings.chat).toMatchObject({
      systemPrompt: 'Be brief.',
      sampling: { temperature: 0.2 },
      endpoint: { kind: 'local' },
    });
    expect(api.calls.some((c) => c.channel === 'backend:load')).toBe(false);
    parameters.update((form) => ({ ...form, userName: 'Ann' }));
    expect(parameters.store.getState().saved).toBe(false);
  });

  it('stays with field errors', async () => {
    const { parameters } = await setup();
    parameters.open();
    parameters.update((form) => ({ ...form, sampling: { ...form.sampling, max_tokens: 'lots' } }));
    expect(await parameters.save()).toBe(false);
    expect(parameters.store.getState()).toMatchObject({
      open: true,
      saved: false,
      errors: { max_tokens: { key: 'conventions.error.number' } },
    });
  });

  it("opens on a conversation's own values and saves them to it alone, never to the defaults", async () => {
    const { api, held, savedMeta, parameters } = await setup({
      systemPrompt: 'Be a pirate.',
      sampling: { temperature: 0.3 },
    });
    const defaults = api.state.settings.chat;
    parameters.open();
    const { scope, form } = parameters.store.getState();
    expect(scope).toBe('conversation');
    expect(form?.templates[form.selected]?.text).toBe('Be a pirate.');
    expect(form?.sampling.temperature).toBe('0.3');
    parameters.update((f) => ({ ...f, userName: 'Ann', sampling: { ...f.sampling, temperature: '0.5' } }));
    expect(await parameters.save()).toBe(true);
    expect(held.getState()).toEqual({ systemPrompt: 'Be a pirate.', sampling: { temperature: 0.5 } });
    // Saved with the conversation, so a reopen (or a reload) keeps them.
    expect(await savedMeta()).toMatchObject({ systemPrompt: 'Be a pirate.', sampling: { temperature: 0.5 } });
    expect(api.state.settings.chat.systemPrompt).toBe(defaults.systemPrompt);
    expect(api.state.settings.chat.sampling).toEqual(defaults.sampling);
    // Names are the same in every conversation.
    expect(api.state.settings.chat.userName).toBe('Ann');
  });

  it('shows the defaults on switching to them, and a reset makes the conversation follow the defaults', async () => {
    const { api, held, savedMeta, parameters } = await setup({ systemPrompt: 'Be a pirate.' });
    await api.invoke('history:set-conventions', {
      id: (await savedMeta()).id,
      systemPrompt: 'Be a pirate.',
      sampling: {},
    });
    parameters.open();
    parameters.setScope('defaults');
    let form = parameters.store.getState().form;
    expect(form?.templates[form.selected]?.text).toBe(api.state.settings.chat.systemPrompt);
    parameters.setScope('conversation');
    parameters.resetConversation();
    expect(held.getState()).toBeNull();
    await vi.waitFor(async () => expect((await savedMeta()).systemPrompt).toBe(''));
    expect(parameters.store.getState().scope).toBe('defaults');
    form = parameters.store.getState().form;
    expect(form?.templates[form.selected]?.text).toBe(api.state.settings.chat.systemPrompt);
  });

  it('follows the conversation in front of the user while open', async () => {
    const { held, parameters } = await setup();
    parameters.open();
    held.setState({ systemPrompt: 'Opened.' }, true);
    const { scope, form } = parameters.store.getState();
    expect(scope).toBe('conversation');
    expect(form?.templates[form.selected]?.text).toBe('Opened.');
    parameters.toggle();
    expect(parameters.store.getState().open).toBe(false);
  });
});
