// @vitest-environment jsdom
// The chat page against the in-memory platform: the composer's send key and its
// disabled reason, the conversation list as an answer streams in, Stop and Regenerate.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StreamEvent } from '@shared/chat/types';
import type { InvokeInput } from '@shared/contract';
import { memoryDefaultSettings, type MemoryPlatform } from '@renderer/platform/memory-platform';
import { cleanupApps, loadModel, manualTimers, renderWithApp, settle } from '@renderer/test-support/render-app';
import { createTranslator } from '@renderer/i18n';
import { ChatView } from './ChatView';

afterEach(cleanupApps);

/** An answer in batches, one per tick of the platform's clock. */
const reply =
  (...texts: string[]) =>
  (): StreamEvent[][] =>
    texts.map((text) => [{ type: 'content', text }]);

const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const messages = (role: 'user' | 'assistant') =>
  screen.queryAllByTestId('chat-message').filter((el) => el.dataset.role === role);
const sent = (api: MemoryPlatform) =>
  api.calls
    .filter((c) => c.channel === 'chat:send')
    .map((c) => c.input as Extract<InvokeInput<'chat:send'>, { mode: 'chat' }>);
const enabledRegenerate = () =>
  screen.queryAllByTestId('chat-regenerate').filter((button) => !(button as HTMLButtonElement).disabled);

async function renderStreamingChat(texts: string[], settings = memoryDefaultSettings()) {
  const clock = manualTimers();
  const app = await renderWithApp(<ChatView />, {
    platform: { settings, chatDelayMs: 1, timers: clock.timers, chatReply: reply(...texts) },
    before: ({ api }) => loadModel(api),
  });
  return { ...app, clock };
}

describe('ChatView with no model loaded', () => {
  it('says why it cannot send, keeps Send disabled and ignores Ctrl+Enter, until a model is ready', async () => {
    const { api, t } = await renderWithApp(<ChatView />);
    expect(input().placeholder).toBe(t('chat.disabled.noModel'));
    expect(screen.getByTestId('chat-empty').textContent).toContain(t('chat.empty.noEndpoint'));

    type('hello');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    await settle();
    expect(sent(api)).toEqual([]);
    expect(input().value).toBe('hello');

    // The composer follows the backend's state events: no reload of the page.
    await act(() => loadModel(api));
    await settle();
    expect(input().placeholder).toBe(t('chat.placeholder'));
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('gives the reason in the UI language', async () => {
    const { t } = await renderWithApp(<ChatView />, { language: 'zh' });
    expect(input().placeholder).toBe(t('chat.disabled.noModel'));
    expect(input().placeholder).not.toBe(createTranslator('en')('chat.disabled.noModel'));
  });
});

describe('ChatView with a loaded model', () => {
  it('sends with Ctrl+Enter by default, not with a plain Enter', async () => {
    const { api, t } = await renderStreamingChat(['Hi!']);
    expect(screen.getByText(t('chat.hint.ctrlEnter'))).toBeTruthy();
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);

    type('What is EVA?');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await settle();
    expect(sent(api)).toEqual([]);
    expect(input().value).toBe('What is EVA?');

    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    await settle();
    expect(sent(api)).toHaveLength(1);
    expect(sent(api)[0]?.messages).toEqual([{ role: 'user', content: 'What is EVA?' }]);
    expect(input().value).toBe('');
    expect(messages('user').map((el) => within(el).getByTestId('chat-content').textContent)).toEqual(['What is EVA?']);
  });

  it('sends with a plain Enter when the setting says so, and Shift+Enter does not', async () => {
    const settings = memoryDefaultSettings();
    const { api, t } = await renderStreamingChat(['Hi!'], {
      ...settings,
      chat: { ...settings.chat, sendKey: 'enter' },
    });
    expect(screen.getByText(t('chat.hint.enter'))).toBeTruthy();
    type('line one');
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    await settle();
    expect(sent(api)).toEqual([]);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await settle();
    expect(sent(api).map((s) => s.messages.at(-1)?.content)).toEqual(['line one']);
  });

  it('an IME composition Enter never sends', async () => {
    const { api } = await renderStreamingChat(['好']);
    type('ni hao');
    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true, isComposing: true });
    await settle();
    expect(sent(api)).toEqual([]);
  });

  it('streams the answer in as it comes, with Stop while it runs and Regenerate once it is done', async () => {
    const { clock } = await renderStreamingChat(['Hel', 'lo', ' there']);
    type('Say hello');
    fireEvent.click(screen.getByTestId('chat-send'));
    await settle();

    const [answer] = messages('assistant');
    expect(answer?.dataset.status).toBe('streaming');
    expect(screen.getByTestId('chat-stop')).toBeTruthy();
    expect(screen.queryByTestId('chat-send')).toBeNull();
    expect(enabledRegenerate()).toEqual([]);

    await clock.tick();
    await waitFor(() =>
      expect(within(messages('assistant')[0] as HTMLElement).getByTestId('chat-content').textContent).toBe('Hel'),
    );
    await clock.tick();
    await waitFor(() =>
      expect(within(messages('assistant')[0] as HTMLElement).getByTestId('chat-content').textContent).toBe('Hello'),
    );
    expect(messages('assistant')[0]?.dataset.status).toBe('streaming');

    await clock.tick(); // ' there'
    await clock.tick(); // timings, finish, done
    await waitFor(() => expect(messages('assistant')[0]?.dataset.status).toBe('done'));
    expect(within(messages('assistant')[0] as HTMLElement).getByTestId('chat-content').textContent).toBe('Hello there');
    expect(screen.queryByTestId('chat-stop')).toBeNull();
    expect(screen.getByTestId('chat-send')).toBeTruthy();
    expect(enabledRegenerate()).toHaveLength(1);
  });

  it('Stop stops the request it started and keeps the partial answer, marked stopped', async () => {
    const { api, clock, t } = await renderStreamingChat(['Once', ' upon', ' a', ' time']);
    type('Tell a story');
    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    await settle();
    await clock.tick();
    await waitFor(() =>
      expect(within(messages('assistant')[0] as HTMLElement).getByTestId('chat-content').textContent).toBe('Once'),
    );

    fireEvent.click(screen.getByTestId('chat-stop'));
    await waitFor(() => expect(messages('assistant')[0]?.dataset.status).toBe('stopped'));
    const stops = api.calls.filter((c) => c.channel === 'chat:stop');
    expect(stops.map((c) => c.input)).toEqual([{ requestId: sent(api)[0]?.requestId }]);
    const answer = messages('assistant')[0] as HTMLElement;
    expect(within(answer).getByTestId('chat-content').textContent).toBe('Once');
    expect(within(answer).getByText(t('chat.status.stopped'))).toBeTruthy();
    expect(screen.getByTestId('chat-send')).toBeTruthy();
    expect(enabledRegenerate()).toHaveLength(1);
  });

  it('Regenerate asks again without the old answer, and is not offered while the new one streams', async () => {
    const { api, clock } = await renderStreamingChat(['An answer']);
    type('Question');
    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    await settle();
    await clock.tick();
    await clock.tick();
    await waitFor(() => expect(enabledRegenerate()).toHaveLength(1));

    fireEvent.click(enabledRegenerate()[0] as HTMLElement);
    await settle();
    expect(sent(api)).toHaveLength(2);
    expect(sent(api)[1]?.messages).toEqual([{ role: 'user', content: 'Question' }]);
    expect(messages('assistant').at(-1)?.dataset.status).toBe('streaming');
    expect(enabledRegenerate()).toEqual([]);
    expect(screen.getByTestId('chat-stop')).toBeTruthy();

    await clock.tick();
    await clock.tick();
    await waitFor(() => expect(enabledRegenerate()).toHaveLength(1));
    expect(messages('user')).toHaveLength(1);
  });
});
