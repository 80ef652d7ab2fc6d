import { describe, expect, it } from 'vitest';
import { defaultSettings, DEFAULT_SYSTEM_PROMPTS } from '../default-settings';
import { defaultPromptsIn } from './default-prompt-language';

describe('the default system prompt follows the UI language', () => {
  it('puts a fresh install’s prompt and Default template into Chinese, and back', () => {
    const chat = defaultSettings().chat;
    const zh = defaultPromptsIn(chat, 'zh');
    expect(zh).toEqual({
      chat: {
        systemPrompt: DEFAULT_SYSTEM_PROMPTS.zh,
        templates: [{ name: 'Default', text: DEFAULT_SYSTEM_PROMPTS.zh }],
      },
    });
    const inChinese = { ...chat, ...zh!.chat } as typeof chat;
    expect(defaultPromptsIn(inChinese, 'zh')).toBeNull();
    expect(defaultPromptsIn(inChinese, 'en')?.chat?.systemPrompt).toBe(DEFAULT_SYSTEM_PROMPTS.en);
  });

  it('never touches a prompt or a template the user wrote', () => {
    const chat = {
      ...defaultSettings().chat,
      systemPrompt: 'Answer like a pirate.',
      templates: [
        { name: 'Default', text: 'Mine.' },
        { name: 'Other', text: DEFAULT_SYSTEM_PROMPTS.en },
      ],
    };
    expect(defaultPromptsIn(chat, 'zh')).toBeNull();
  });

  it('moves only what is still a default: an edited prompt stays, the untouched template follows', () => {
    const chat = { ...defaultSettings().chat, systemPrompt: 'Mine.' };
    expect(defaultPromptsIn(chat, 'zh')).toEqual({
      chat: { templates: [{ name: 'Default', text: DEFAULT_SYSTEM_PROMPTS.zh }] },
    });
  });
});
