// @vitest-environment jsdom
// The form card of an MCP server's question (`agent:elicit`): one input per field
// of the schema the server sent, values checked against it before anything is
// sent, and Send / Decline / Cancel. Rendered alone, then where runs show it,
// also in a run a reloaded page picked up from the core's live runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { readElicitSchema, type ElicitAnswer } from '@shared/mcp/elicit-form';
import type { ElicitRequest } from '@shared/mcp/mcp-server-asks';
import type { LiveRun } from '@shared/chat/live-run';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import { ok } from '@renderer/platform/fake-handler';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { AgentRunView } from './AgentRunView';
import { ElicitCard } from './ElicitCard';
import type { ElicitCardModel } from './elicit-forms';

afterEach(cleanupApps);

const schema = readElicitSchema({
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Your name', maxLength: 20 },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    ratio: { type: 'number', title: 'Ratio' },
    subscribe: { type: 'boolean', title: 'Send news?' },
    colour: { type: 'string', title: 'Colour', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
  },
  required: ['name', 'age'],
});
if (!schema.ok) throw new Error(schema.why);

const request: ElicitRequest = {
  requestId: 'run-1',
  askId: 'ask-1',
  server: 'py',
  tool: 'details',
  message: 'Who are you?',
  fields: schema.fields,
};
const pending: ElicitCardModel = { request, state: 'pending', answer: null, error: null };
const field = (name: string) => screen.getByTestId(`elicit-field-${name}`) as HTMLInputElement;

async function renderCard() {
  const onAnswer = vi.fn<(answer: ElicitAnswer) => void>();
  const app = await renderWithApp(<ElicitCard card={pending} onAnswer={onAnswer} />);
  return { ...app, onAnswer };
}

describe('ElicitCard', () => {
  it("shows the server's question and one input per field of its schema", async () => {
    const { t } = await renderCard();
    expect(screen.getByText(t('agent.elicit.title', { server: 'py' }))).toBeTruthy();
    expect(screen.getByTestId('elicit-message').textContent).toBe('Who are you?');
    expect(field('name').type).toBe('text');
    expect(field('age').getAttribute('inputmode')).toBe('numeric');
    expect(field('ratio').getAttribute('inputmode')).toBe('decimal');
    expect(field('subscribe').type).toBe('checkbox');
    const options = [...(field('colour') as unknown as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual([t('agent.elicit.choose'), 'Red', 'Green']);
    expect(screen.getByText('Your name')).toBeTruthy();
  });

  it('refuses values that do not fit the schema and sends nothing', async () => {
    const { t, onAnswer } = await renderCard();
    fireEvent.change(field('age'), { target: { value: '36.5' } });
    fireEvent.change(field('ratio'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByTestId('elicit-accept'));
    expect(screen.getByTestId('elicit-problem-name').textContent).toBe(t('agent.elicit.problem.required'));
    expect(screen.getByTestId('elicit-problem-age').textContent).toBe(t('agent.elicit.problem.notInteger'));
    expect(screen.getByTestId('elicit-problem-ratio').textContent).toBe(t('agent.elicit.problem.notNumber'));
    fireEvent.change(field('age'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('elicit-accept'));
    expect(screen.getByTestId('elicit-problem-age').textContent).toBe(
      t('agent.elicit.problem.tooLarge', { limit: 150 }),
    );
    expect(field('age').getAttribute('aria-invalid')).toBe('true');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('sends the values with the types of the schema, an empty optional field left out', async () => {
    const { onAnswer } = await renderCard();
    fireEvent.change(field('name'), { target: { value: 'Ada' } });
    fireEvent.change(field('age'), { target: { value: '36' } });
    fireEvent.click(field('subscribe'));
    fireEvent.change(field('colour'), { target: { value: 'g' } });
    fireEvent.click(screen.getByTestId('elicit-accept'));
    expect(onAnswer).toHaveBeenCalledWith({
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: true, colour: 'g' },
    });
  });

  it('declines or cancels without values', async () => {
    const { onAnswer } = await renderCard();
    fireEvent.click(screen.getByTestId('elicit-decline'));
    fireEvent.click(screen.getByTestId('elicit-cancel'));
    expect(onAnswer.mock.calls).toEqual([[{ action: 'decline' }], [{ action: 'cancel' }]]);
  });

  it('appears in the run that made the call, and the answer goes to the core as agent:elicit-answer', async () => {
    const app = await renderWithApp(<AgentRunView runId="run-1" renderText={(text) => <p>{text}</p>} />);
    act(() => {
      app.model.agent.startRun('run-1');
      app.api.emit('agent:elicit', request);
      app.api.emit('agent:elicit', { ...request, requestId: 'another-run', askId: 'ask-2' });
    });
    await settle();
    expect(screen.getAllByTestId('elicit-card').map((card) => card.dataset.askId)).toEqual(['ask-1']);
    fireEvent.click(screen.getByTestId('elicit-decline'));
    await settle();
    expect(app.api.calls.filter((c) => c.channel === 'agent:elicit-answer').map((c) => c.input)).toEqual([
      { askId: 'ask-1', answer: { action: 'decline' } },
    ]);
    // The in-memory core has no such open question, so the card closes as no longer waited for.
    expect(screen.queryByTestId('elicit-card')).toBeNull();
  });

  it('a page that picks up a live run (a reload) shows its open form, and the answer reaches the core', async () => {
    const app = await renderWithApp(<AgentRunView runId="run-1" renderText={(text) => <p>{text}</p>} />);
    app.api.handle('agent:elicit-answer', () => ok({ accepted: true }));
    const live: LiveRun = {
      requestId: 'run-1',
      kind: 'agent',
      conversationId: 'c1',
      answerId: 'a1',
      turn: 'run-1:0',
      message: initialStreamingMessage(),
      steps: [],
      asks: [],
      forms: [request],
      allowed: [],
      startedAt: 0,
    };
    act(() => app.model.agent.attach(live));
    await settle();
    expect(screen.getAllByTestId('elicit-card').map((card) => card.dataset.askId)).toEqual(['ask-1']);
    expect(screen.getByTestId('elicit-message').textContent).toBe('Who are you?');
    fireEvent.change(field('name'), { target: { value: 'Ada' } });
    fireEvent.change(field('age'), { target: { value: '36' } });
    fireEvent.click(screen.getByTestId('elicit-accept'));
    await settle();
    expect(app.api.calls.filter((c) => c.channel === 'agent:elicit-answer').map((c) => c.input)).toEqual([
      { askId: 'ask-1', answer: { action: 'accept', content: { name: 'Ada', age: 36, subscribe: false } } },
    ]);
    expect(screen.queryByTestId('elicit-card')).toBeNull();
  });

  it('a card answered in another window, or whose call ended, closes here', async () => {
    const app = await renderWithApp(<AgentRunView runId="run-1" renderText={(text) => <p>{text}</p>} />);
    act(() => {
      app.model.agent.startRun('run-1');
      app.api.emit('agent:elicit', request);
    });
    await settle();
    expect(screen.getAllByTestId('elicit-card')).toHaveLength(1);
    act(() => app.api.emit('agent:elicit-closed', { requestId: 'run-1', askId: 'ask-1' }));
    await settle();
    expect(screen.queryByTestId('elicit-card')).toBeNull();
  });
});
