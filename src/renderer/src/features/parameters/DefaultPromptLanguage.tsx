// Keeps the shipped system prompt in the page's language (defaultPromptsIn): nothing to show, only the setting.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { defaultPromptsIn } from '@shared/chat/default-prompt-language';
import { useAppModel } from '../../app-model';
import { useLanguage } from '../../i18n';

export function DefaultPromptLanguage(): null {
  const { app } = useAppModel();
  const chat = useStore(app.store, (state) => state.settings?.chat);
  const language = useLanguage();
  useEffect(() => {
    const patch = chat ? defaultPromptsIn(chat, language) : null;
    // A refused update leaves the prompt as it was, in the language it was: the next change of either tries again.
    if (patch) void app.updateSettings(patch);
  }, [app, chat, language]);
  return null;
}
