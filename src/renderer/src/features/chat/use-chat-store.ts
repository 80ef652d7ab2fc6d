import { useAppModel, type ChatMode } from '../../app-model';
import { useStore } from 'zustand';
import type { ServerProps } from '@shared/contract';
import type { ConversationState } from './conversation';

export function useConversation(): ConversationState {
  return useStore(useAppModel().chat.conversation);
}

export function useServerProps(): ServerProps | null {
  return useStore(useAppModel().chat.props);
}

export function useChatMode(): [ChatMode, (mode: ChatMode) => void] {
  const { chatMode } = useAppModel();
  return [useStore(chatMode), (next) => chatMode.setState(next, true)];
}
