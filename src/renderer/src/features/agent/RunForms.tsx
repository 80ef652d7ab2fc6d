import { useSyncExternalStore } from 'react';
import { useAppModel } from '../../app-model';
import { ElicitCard } from './ElicitCard';

/** The open questions MCP servers asked during this run's tool calls; once answered, the tool's step tells the rest. */
export function RunForms({ runId }: { runId: string }) {
  const { agent } = useAppModel();
  const cards = useSyncExternalStore(agent.forms.store.subscribe, () => agent.forms.store.getState().cards);
  const open = cards.filter(
    (card) => card.request.requestId === runId && (card.state === 'pending' || card.state === 'sending'),
  );
  if (open.length === 0) return null;
  return (
    <>
      {open.map((card) => (
        <ElicitCard
          key={card.request.askId}
          card={card}
          onAnswer={(answer) => void agent.forms.answer(card.request.askId, answer)}
        />
      ))}
    </>
  );
}
