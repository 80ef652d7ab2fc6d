// Pending approval cards: the loop awaits the user's answer; the renderer
// answers by id. Each card remembers the choices it offered, and only those
// count: "allow for this conversation" sent to a card that offered only
// Allow once / Deny (the controller's) is refused, and the card still waits.
// Stopping a run denies whatever it was still waiting for.
import { randomUUID } from 'node:crypto';
import type { ConsentAnswer } from '@shared/tools/consent';

export type ConsentChoice = ConsentAnswer['kind'];

/**
 * What became of an answer: taken, for no open card (answered, or its run stopped), or not a choice the card offered.
 */
export type AnswerOutcome =
  { kind: 'accepted' } | { kind: 'unknown' } | { kind: 'not_offered'; offered: readonly ConsentChoice[] };

interface Pending {
  requestId: string;
  choices: readonly ConsentChoice[];
  resolve: (answer: ConsentAnswer) => void;
}

export class ConsentBroker {
  private readonly pending = new Map<string, Pending>();

  /** Registers a question offering `choices`; `publish` shows it (with the id), the promise settles on the answer. */
  ask(requestId: string, choices: readonly ConsentChoice[], publish: (askId: string) => void): Promise<ConsentAnswer> {
    const askId = randomUUID();
    return new Promise((resolve) => {
      this.pending.set(askId, { requestId, choices: [...choices], resolve });
      publish(askId);
    });
  }

  answer(askId: string, answer: ConsentAnswer): AnswerOutcome {
    const pending = this.pending.get(askId);
    if (!pending) return { kind: 'unknown' };
    if (!pending.choices.includes(answer.kind)) return { kind: 'not_offered', offered: pending.choices };
    this.pending.delete(askId);
    pending.resolve(answer);
    return { kind: 'accepted' };
  }

  /** Deny every open question of a run (Stop) or of all runs (quit). */
  cancel(requestId?: string): void {
    for (const [askId, pending] of this.pending) {
      if (requestId !== undefined && pending.requestId !== requestId) continue;
      this.pending.delete(askId);
      pending.resolve({ kind: 'deny', reason: 'the run was stopped' });
    }
  }
}
