// Pending approval cards: the loop awaits the user's answer; the renderer
// answers by id. Stopping a run denies whatever it was still waiting for.
import { randomUUID } from 'node:crypto';
import type { ConsentAnswer } from '@shared/tools/consent';

interface Pending {
  requestId: string;
  resolve: (answer: ConsentAnswer) => void;
}

export class ConsentBroker {
  private readonly pending = new Map<string, Pending>();

  /** Registers a question; `publish` shows it (with the id), the promise settles on the answer. */
  ask(requestId: string, publish: (askId: string) => void): Promise<ConsentAnswer> {
    const askId = randomUUID();
    return new Promise((resolve) => {
      this.pending.set(askId, { requestId, resolve });
      publish(askId);
    });
  }

  answer(askId: string, answer: ConsentAnswer): boolean {
    const pending = this.pending.get(askId);
    if (!pending) return false;
    this.pending.delete(askId);
    pending.resolve(answer);
    return true;
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
