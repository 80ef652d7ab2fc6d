// The core platform answers with the real areas: what the history, settings and links keep is on disk in its temp
// dir, a fake send asking to be recorded is saved by the real recorder, and input is checked as the hosts check it.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { closeCorePlatforms, openCorePlatform } from './core-platform';

afterEach(closeCorePlatforms);

describe('core platform', () => {
  it('refuses bad input as the hosts do, and a settings change is the real store’s', async () => {
    const api = await openCorePlatform();
    const refused = await api.invoke('history:rename', { id: 'no spaces allowed', title: 'x' });
    expect(refused.ok ? null : refused.error.code).toBe('bad_request');
    const updated = await api.invoke('settings:update', { chat: { autoTitle: false } });
    expect(updated.ok && updated.value.chat.autoTitle).toBe(false);
    expect(api.state.settings.chat.autoTitle).toBe(false);
  });

  it('saves a link with its key sealed, records a send to it, and reopens the conversation', async () => {
    const api = await openCorePlatform();
    const changed: string[][] = [];
    api.on('history:changed', ({ conversationIds }) => changed.push(conversationIds));
    const baseUrl = 'https://api.example.test/v1';
    const saved = await api.invoke('link:save', {
      profile: { name: 'Remote', presetId: '', baseUrl, model: 'm' },
      apiKey: 'k',
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(JSON.stringify(saved.value)).not.toContain('"k"');
    const linkId = saved.value.id;
    const sent = await api.invoke('chat:send', {
      requestId: 'r1',
      endpoint: { kind: 'link', linkId },
      sampling: {},
      idSlot: null,
      mode: 'chat',
      systemPrompt: '',
      messages: [{ role: 'user', content: 'hello there' }],
      record: {
        conversationId: 'c1',
        parentId: null,
        answerId: 'a1',
        question: { id: 'q1', content: 'hello there' },
        create: {},
      },
    });
    expect(sent.ok).toBe(true);
    await api.settle();
    const opened = await api.invoke('history:open', { id: 'c1' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.activePath).toEqual(['q1', 'a1']);
    expect(changed.flat()).toContain('c1');
    const dir = api.dataDir;
    await api.close();
    expect(existsSync(dir)).toBe(false);
  });
});
