import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { poolModelFor } from './pool-choice';

/** The pool model the open conversation answers with; null when no pool runs. */
export function usePoolModel(): string | null {
  const { pool, chat } = useAppModel();
  const status = useStore(pool.status);
  const choices = useStore(pool.choices);
  const conversationId = useStore(chat.conversation, (state) => state.id);
  return poolModelFor(status, choices, conversationId);
}
