// A server's question as the live runs keep it: open while the call waits, gone
// once the user answers, the call is cancelled or the run is stopped, so a
// reloaded page shows exactly the form cards the core still waits on.
import { describe, expect, it } from 'vitest';
import type { ElicitAnswer } from '@shared/mcp/elicit-form';
import type { ElicitRequest } from '@shared/mcp/mcp-server-asks';
import { EventBus } from '../events/event-bus';
import { LiveRuns } from '../chat/live-runs';
import { ConsentBroker } from './consent-broker';
import { FormBroker, serverAsksFor } from './server-asks';

const record = { conversationId: 'c1', answerId: 'a1' };
const question: Omit<ElicitRequest, 'requestId' | 'askId'> = {
  server: 'py',
  tool: 'details',
  message: 'Who are you?',
  fields: [{ name: 'name', label: 'Name', required: true, type: 'string' }],
};

function setup() {
  const bus = new EventBus();
  const live = new LiveRuns(bus.emit, () => 1000);
  bus.attach(live.observe);
  const forms = new FormBroker();
  const unused = () => Promise.reject(new Error('not used by a question'));
  const asks = serverAsksFor(
    {
      emit: bus.emit,
      consent: new ConsentBroker(),
      forms,
      chat: { send: unused, props: unused },
      links: { resolve: unused },
    },
    { requestId: 'run', endpoint: { kind: 'local' } },
  );
  let finish: () => void = () => undefined;
  void live.track({ requestId: 'run', kind: 'agent', record }, () => new Promise<void>((r) => (finish = r)));
  const open = () => live.inConversation('c1')[0]?.forms ?? [];
  return { forms, asks, open, finish };
}

describe('form cards of a live run', () => {
  it('are listed while the call waits, and gone once answered, with the answer reaching the call', async () => {
    const { forms, asks, open, finish } = setup();
    const answer = asks.elicit(question);
    expect(open()).toEqual([{ requestId: 'run', askId: expect.any(String), ...question }]);
    const askId = open()[0]!.askId;
    expect(forms.answer({ askId, answer: { action: 'accept', content: { name: 'Ada' } } })).toEqual({ accepted: true });
    const accepted: ElicitAnswer = { action: 'accept', content: { name: 'Ada' } };
    await expect(answer).resolves.toEqual(accepted);
    expect(open()).toEqual([]);
    finish();
  });

  it('a refused answer keeps the card listed', () => {
    const { forms, asks, open, finish } = setup();
    void asks.elicit(question);
    const askId = open()[0]!.askId;
    expect(() => forms.answer({ askId, answer: { action: 'accept', content: {} } })).toThrow(/does not fit/);
    expect(open()).toHaveLength(1);
    finish();
  });

  it('are gone when the call is cancelled or the run stopped', async () => {
    const { forms, asks, open, finish } = setup();
    const call = new AbortController();
    const first = asks.elicit(question, call.signal);
    const second = asks.elicit({ ...question, message: 'And your age?' });
    expect(open().map((form) => form.message)).toEqual(['Who are you?', 'And your age?']);
    call.abort();
    await expect(first).resolves.toEqual({ action: 'cancel' });
    expect(open().map((form) => form.message)).toEqual(['And your age?']);
    forms.cancel('run');
    await expect(second).resolves.toEqual({ action: 'cancel' });
    expect(open()).toEqual([]);
    finish();
  });
});
