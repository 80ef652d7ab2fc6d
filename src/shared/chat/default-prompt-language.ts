// The default system prompt speaks the UI's language: while the prompt (and the Default template) is still one of the
// shipped defaults, switching the language switches it too. A prompt the user wrote is never touched.
import type { AppSettings, SettingsPatch } from '../contract';
import { DEFAULT_SYSTEM_PROMPTS } from '../default-settings';

type PromptLanguage = keyof typeof DEFAULT_SYSTEM_PROMPTS;

const DEFAULTS: readonly string[] = Object.values(DEFAULT_SYSTEM_PROMPTS);

/** The default prompt in `language`, for a "reset to the default" control. */
export function defaultSystemPromptFor(language: PromptLanguage): string {
  return DEFAULT_SYSTEM_PROMPTS[language];
}

/**
 * The patch that puts the prompt and the Default template into `language`'s default, or null when nothing is a default
 * in another language.
 */
export function defaultPromptsIn(chat: AppSettings['chat'], language: PromptLanguage): SettingsPatch | null {
  const wanted = DEFAULT_SYSTEM_PROMPTS[language];
  const stale = (text: string) => text !== wanted && DEFAULTS.includes(text);
  const promptStale = stale(chat.systemPrompt);
  const templates = chat.templates.map((template, index) =>
    index === 0 && stale(template.text) ? { ...template, text: wanted } : template,
  );
  const templatesStale = templates.some((template, index) => template !== chat.templates[index]);
  if (!promptStale && !templatesStale) return null;
  return {
    chat: {
      ...(promptStale ? { systemPrompt: wanted } : {}),
      ...(templatesStale ? { templates } : {}),
    },
  };
}
