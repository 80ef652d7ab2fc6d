import { describe, expect, it } from 'vitest';
import type { ConsentAnswer } from '@shared/tools/consent';
import { ConsentBroker } from './consent-broker';

/** Asks one question and tells whether (and how) it was answered so far. */
function askOne(broker: ConsentBroker, requestId: string, choices: ConsentAnswer['kind'][]) {
  let askId = '';
  let answered: ConsentAnswer | null = null;
  void broker.ask(requestId, choices, (id) => (askId = id)).then((answer) => (answered = answer));
  return { askId: () => askId, answered: () => answered };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ConsentBroker', () => {
  it('takes only the choices the card offered, and a refused answer leaves the card waiting', async () => {
    const broker = new ConsentBroker();
    const controller = askOne(broker, 'r1', ['allow_once', 'deny']);
    for (const kind of ['allow_conversation', 'allow_server'] as const) {
      expect(broker.answer(controller.askId(), { kind })).toEqual({
        kind: 'not_offered',
        offered: ['allow_once', 'deny'],
      });
    }
    await settle();
    expect(controller.answered()).toBeNull();
    expect(broker.answer(controller.askId(), { kind: 'allow_once' })).toEqual({ kind: 'accepted' });
    await settle();
    expect(controller.answered()).toEqual({ kind: 'allow_once' });
    expect(broker.answer(controller.askId(), { kind: 'allow_once' })).toEqual({ kind: 'unknown' });
  });

  it('keeps its own copy of the choices', async () => {
    const broker = new ConsentBroker();
    const choices: ConsentAnswer['kind'][] = ['allow_once', 'deny'];
    const card = askOne(broker, 'r1', choices);
    choices.push('allow_conversation');
    expect(broker.answer(card.askId(), { kind: 'allow_conversation' }).kind).toBe('not_offered');
  });

  it('Stop denies the run’s open cards only', async () => {
    const broker = new ConsentBroker();
    const mine = askOne(broker, 'r1', ['allow_once', 'allow_conversation', 'deny']);
    const other = askOne(broker, 'r2', ['allow_once', 'deny']);
    broker.cancel('r1');
    await settle();
    expect(mine.answered()).toEqual({ kind: 'deny', reason: 'the run was stopped' });
    expect(other.answered()).toBeNull();
    expect(broker.answer(mine.askId(), { kind: 'deny' })).toEqual({ kind: 'unknown' });
    expect(broker.answer(other.askId(), { kind: 'deny' })).toEqual({ kind: 'accepted' });
  });
});
