// @vitest-environment jsdom
// The shipped system prompt follows the page language; one the user wrote never does.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_PROMPTS } from '@shared/default-settings';
import { cleanupApps, renderWithApp, settle } from '../../test-support/render-app';
import { DefaultPromptLanguage } from './DefaultPromptLanguage';

afterEach(cleanupApps);

describe('the shipped system prompt in the page language', () => {
  it('a Chinese page saves the Chinese default prompt and Default template; a prompt the user wrote stays', async () => {
    const { api } = await renderWithApp(<DefaultPromptLanguage />, { language: 'zh' });
    await settle();
    expect(api.state.settings.chat.systemPrompt).toBe(DEFAULT_SYSTEM_PROMPTS.zh);
    expect(api.state.settings.chat.templates[0]?.text).toBe(DEFAULT_SYSTEM_PROMPTS.zh);

    await api.invoke('settings:update', { chat: { systemPrompt: 'Answer like a pirate.' } });
    const english = await renderWithApp(<DefaultPromptLanguage />, {
      language: 'en',
      before: async ({ api: other }) => {
        await other.invoke('settings:update', { chat: { systemPrompt: 'Answer like a pirate.' } });
      },
    });
    await settle();
    expect(english.api.state.settings.chat.systemPrompt).toBe('Answer like a pirate.');
    expect(english.api.state.settings.chat.templates[0]?.text).toBe(DEFAULT_SYSTEM_PROMPTS.en);
  });
});
