// The composer's MCP parts, made once per composer and started with it: the
// slash menu of server prompts, the resource picker, and the tool list's count.
import { useEffect, useMemo } from 'react';
import { useAppModel } from '../../app-model';
import { newId } from '../../lib/new-id';
import { realTimers } from '../../lib/timers';
import { createResourcePicker, type ResourcePicker } from './resource-picker';
import { createSlashMenu, type SlashMenu } from './slash-menu';
import { createToolPromptModel, type ToolPromptModel } from './tool-prompt-model';

export function useComposerMcp(): { slash: SlashMenu; picker: ResourcePicker; tools: ToolPromptModel } {
  const { api, app, chat } = useAppModel();
  const parts = useMemo(() => {
    // Only the local server says what it takes (as useAttach): a link endpoint decides for itself.
    const mediaProps = () =>
      app.store.getState().settings?.chat.endpoint.kind === 'local' ? chat.props.getState() : null;
    return {
      slash: createSlashMenu({ api, chat, newId, mediaProps }),
      picker: createResourcePicker({ api, chat, newId, mediaProps }),
      tools: createToolPromptModel({ api, app, chat, timers: realTimers() }),
    };
  }, [api, app, chat]);
  useEffect(() => {
    const offs = [parts.slash.start(), parts.tools.start()];
    return () => {
      for (const off of offs) off();
      parts.picker.close();
    };
  }, [parts]);
  return parts;
}
