import { describe, expect, it } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { addTemplate, editTemplate } from './conventions-form';
import { createConventionsStore } from './conventions-store';

describe('conventions store', () => {
  it('saves the draft as one settings update and closes', async () => {
    const api = createMemoryPlatform();
    const app = createSettingsStore(api);
    await app.refresh();
    const conventions = createConventionsStore(app);
    conventions.open();
    conventions.update((form) => editTemplate(addTemplate(form, 'Brief'), 1, { text: 'Be brief.' }));
    conventions.update((form) => ({ ...form, sampling: { ...form.sampling, temperature: '0.2' } }));
    expect(await conventions.save()).toBe(true);
    expect(conventions.store.getState().open).toBe(false);
    expect(api.state.settings.chat).toMatchObject({ systemPrompt: 'Be brief.', sampling: { temperature: 0.2 }, endpoint: { kind: 'local' } });
    expect(api.calls.some((c) => c.channel === 'backend:load')).toBe(false);
  });

  it('stays open with field errors', async () => {
    const api = createMemoryPlatform();
    const app = createSettingsStore(api);
    await app.refresh();
    const conventions = createConventionsStore(app);
    conventions.open();
    conventions.update((form) => ({ ...form, sampling: { ...form.sampling, max_tokens: 'lots' } }));
    expect(await conventions.save()).toBe(false);
    expect(conventions.store.getState()).toMatchObject({ open: true, errors: { max_tokens: { key: 'conventions.error.number' } } });
  });
});
