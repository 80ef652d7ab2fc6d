// @vitest-environment jsdom
// The context meter beside the composer, on the in-memory platform (whose fake
// local server counts at the estimate's rate, with n_ctx = the load setting).
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { memoryDefaultSettings } from '@renderer/platform/memory-platform';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from './ChatView';

afterEach(cleanupApps);

async function renderChat(overflow: 'stop' | 'trim-oldest' = 'trim-oldest') {
  const defaults = memoryDefaultSettings();
  // 1,024 tokens of context, 256 kept for the answer: prompts over 768 tokens do not fit.
  const settings = {
    ...defaults,
    load: { ...defaults.load, contextSize: 1024 },
    chat: {
      ...defaults.chat,
      systemPrompt: 'Be brief.',
      overflow,
      sampling: { ...defaults.chat.sampling, max_tokens: 256 },
    },
  };
  const app = await renderWithApp(<ChatView />, { platform: { settings }, before: ({ api }) => loadModel(api) });
  await settle();
  return app;
}

const type = (text: string) => fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
const plans = (calls: ReadonlyArray<{ channel: string }>) =>
  calls.filter((call) => call.channel === 'chat:plan').length;

describe('ContextMeter', () => {
  it('plans the draft once typing pauses, against the server context', async () => {
    const { api, t } = await renderChat();
    await waitFor(() =>
      expect(screen.getByTestId('context-meter-text').textContent).toBe(
        t('chat.context.count', { tokens: '7', nCtx: '1,024' }),
      ),
    );
    const before = plans(api.calls);
    // Three keystrokes inside the debounce: one plan, for the last text. 'Be brief.' (3 + 4) + 35 characters (10 + 4).
    type('a');
    type('a'.repeat(20));
    type('a'.repeat(35));
    await waitFor(() =>
      expect(screen.getByTestId('context-meter-text').textContent).toBe(
        t('chat.context.count', { tokens: '21', nCtx: '1,024' }),
      ),
    );
    expect(plans(api.calls) - before).toBe(1);
    expect(screen.getByTestId('context-meter').dataset.level).toBe('ok');
  });

  it('warns over the limit, says what the policy will do, and refuses to send under Stop', async () => {
    const { api, t } = await renderChat('stop');
    type('word '.repeat(720));
    await waitFor(() => expect(screen.getByTestId('context-meter').dataset.level).toBe('full'));
    fireEvent.click(screen.getByTestId('context-meter-button'));
    expect(screen.getByTestId('context-popover').textContent).toContain(
      t('chat.context.action.refuse', { tokens: '1,040', budget: '768', nCtx: '1,024' }),
    );
    expect((screen.getByTestId('context-policy-stop') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByTestId('chat-send'));
    await settle();
    const alert = await screen.findByTestId('context-refusal');
    expect(alert.textContent).toContain(
      t('chat.context.refused.stop', { tokens: '1,040', budget: '768', nCtx: '1,024' }),
    );
    expect(api.calls.some((call) => call.channel === 'chat:send')).toBe(false);
    // What was typed stays.
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('word '.repeat(720));
  });

  it('under Trim oldest, a first message too long on its own is said to be refused: there is nothing older to leave out', async () => {
    const { t } = await renderChat('trim-oldest');
    type('word '.repeat(720));
    await waitFor(() => expect(screen.getByTestId('context-meter').dataset.level).toBe('full'));
    fireEvent.click(screen.getByTestId('context-meter-button'));
    expect(screen.getByTestId('context-popover').textContent).toContain(
      t('chat.context.action.refuse', { tokens: '1,040', budget: '768', nCtx: '1,024' }),
    );
  });

  it('under Trim oldest, shows what the plan leaves out and what is then sent', async () => {
    const { api, model, t } = await renderChat('trim-oldest');
    type('word '.repeat(300));
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(api.calls.some((call) => call.channel === 'chat:send')).toBe(true));
    await waitFor(() => expect(model.chat.conversation.getState().activeRequestId).toBeNull());
    type('more '.repeat(300));
    await waitFor(() => expect(screen.getByTestId('context-meter').dataset.level).toBe('over'));
    fireEvent.click(screen.getByTestId('context-meter-button'));
    const sent = screen.getByTestId('context-sent').textContent ?? '';
    expect(sent).toContain(t('chat.context.sentAfterCut', { dropped: 2, tokens: '433' }).split(':')[0]);
    // The meter asked the core's plan (the send's own fit) for it, not the bare count.
    const measured = api.calls.filter(
      (call) => call.channel === 'chat:plan' && (call.input as { measure?: true }).measure,
    );
    expect(measured.at(-1)?.input).toMatchObject({ fit: { policy: 'trim-oldest' } });
  });

  it('chooses the policy per conversation, and the next send uses it', async () => {
    const { api, model, t } = await renderChat('stop');
    type('word '.repeat(300));
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(api.calls.some((call) => call.channel === 'chat:send')).toBe(true));
    await waitFor(() => expect(model.chat.conversation.getState().activeRequestId).toBeNull());
    const id = model.chat.conversation.getState().id;
    // A second long message: 2 × 433 tokens and the answer no longer fit 768.
    type('more '.repeat(300));
    fireEvent.click(screen.getByTestId('context-meter-button'));
    await waitFor(() => expect(screen.getByTestId('context-meter').dataset.level).toBe('over'));
    fireEvent.click(screen.getByTestId('context-policy-trim-oldest'));
    await settle();
    expect(
      api.calls.some(
        (call) =>
          call.channel === 'history:set-overflow' &&
          JSON.stringify(call.input) === JSON.stringify({ id, overflow: 'trim-oldest' }),
      ),
    ).toBe(true);
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(screen.getByTestId('chat-dropped').textContent).toBe(t('chat.dropped', { count: 2 })));
    expect(screen.queryByTestId('context-refusal')).toBeNull();
    await act(async () => undefined);
  });
});

describe('the context meter popover', () => {
  const button = () => screen.getByTestId('context-meter-button');
  const popover = () => screen.queryByTestId('context-popover');
  async function openPopover() {
    const app = await renderChat('trim-oldest');
    button().focus();
    fireEvent.click(button());
    expect(popover()).not.toBeNull();
    return app;
  }

  it('takes the focus on the chosen policy; Esc closes it and the focus goes back to its button', async () => {
    await openPopover();
    expect(document.activeElement).toBe(screen.getByTestId('context-policy-trim-oldest'));
    expect(button().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(popover()).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open for a click inside it and closes for a click outside it', async () => {
    await openPopover();
    fireEvent.mouseDown(screen.getByTestId('context-policy-stop'));
    expect(popover()).not.toBeNull();
    fireEvent.mouseDown(screen.getByTestId('chat-input'));
    expect(popover()).toBeNull();
  });

  it('closes when the load dialog opens', async () => {
    const { model } = await openPopover();
    act(() => model.load.open());
    expect(popover()).toBeNull();
  });

  it('closes when another model is loaded', async () => {
    const { api, model } = await openPopover();
    const before = model.chat.props.getState()?.model;
    await act(async () => loadModel(api, '/models/llama-other.gguf'));
    await waitFor(() => expect(model.chat.props.getState()?.model).not.toBe(before));
    expect(popover()).toBeNull();
  });
});
