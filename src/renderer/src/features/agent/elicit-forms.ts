// The form cards of MCP servers' questions (`agent:elicit`) per run, and the
// answers sent with `agent:elicit-answer`. React-free; the agent store opens it
// with its own listeners and closes a run's cards when the run ends or stops.
import type { ElicitAnswer } from '@shared/mcp/elicit-form';
import type { ElicitRequest } from '@shared/mcp/mcp-server-asks';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';

/** pending: waiting for the user; sending: on its way; answered; cancelled: the run or the call ended first. */
export interface ElicitCardModel {
  request: ElicitRequest;
  state: 'pending' | 'sending' | 'answered' | 'cancelled';
  answer: ElicitAnswer | null;
  /** why the last answer did not land; the card stays open */
  error: AppError | null;
}

export interface ElicitForms {
  /** by ask id, in the order they came */
  store: StoreApi<{ cards: readonly ElicitCardModel[] }>;
  listen(): () => void;
  /** a card the core waits on: from `agent:elicit`, or from a live run this page did not start */
  show(request: ElicitRequest): void;
  /** false when the card is not open or the core refused the answer (it says why on the card) */
  answer(askId: string, answer: ElicitAnswer): Promise<boolean>;
  /** the run ended or stopped: its open cards can no longer be answered */
  closeRun(runId: string): void;
}

export function createElicitForms(api: EvaApi): ElicitForms {
  const store = createStore<{ cards: readonly ElicitCardModel[] }>()(() => ({ cards: [] }));
  const update = (askId: string, change: (card: ElicitCardModel) => ElicitCardModel): void =>
    store.setState((state) => ({
      cards: state.cards.map((card) => (card.request.askId === askId ? change(card) : card)),
    }));
  const show = (request: ElicitRequest): void =>
    store.setState((state) =>
      state.cards.some((card) => card.request.askId === request.askId)
        ? state
        : { cards: [...state.cards, { request, state: 'pending', answer: null, error: null }] },
    );
  return {
    store,
    listen: () => {
      const offAsked = api.on('agent:elicit', show);
      // Answered in another window, or its call ended: this page's copy can no longer be answered. One on its way
      // from here is left to the answer's own result.
      const offClosed = api.on('agent:elicit-closed', ({ askId }) =>
        update(askId, (card) => (card.state === 'pending' ? { ...card, state: 'cancelled' } : card)),
      );
      return () => {
        offAsked();
        offClosed();
      };
    },
    show,
    async answer(askId, answer) {
      const card = store.getState().cards.find((candidate) => candidate.request.askId === askId);
      if (!card || card.state !== 'pending') return false;
      update(askId, (c) => ({ ...c, state: 'sending', error: null }));
      const result = await api.invoke('agent:elicit-answer', { askId, answer });
      if (!result.ok) {
        update(askId, (c) => ({ ...c, state: 'pending', error: result.error }));
        return false;
      }
      update(askId, (c) => ({ ...c, state: result.value.accepted ? 'answered' : 'cancelled', answer }));
      return result.value.accepted;
    },
    closeRun: (runId) =>
      store.setState((state) => ({
        cards: state.cards.map((card) =>
          card.request.requestId === runId && (card.state === 'pending' || card.state === 'sending')
            ? { ...card, state: 'cancelled' }
            : card,
        ),
      })),
  };
}
