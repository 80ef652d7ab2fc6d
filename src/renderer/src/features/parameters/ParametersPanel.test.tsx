// @vitest-environment jsdom
// The Parameters panel beside the chat: opened from the toolbar, it stays open while
// chatting, shows the loaded model and its context, and says which values it saves.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { InvokeInput } from '@shared/contract';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from '../chat/ChatView';

afterEach(cleanupApps);

const sent = (api: MemoryPlatform) =>
  api.calls
    .filter((c) => c.channel === 'chat:send')
    .map((c) => c.input as Extract<InvokeInput<'chat:send'>, { mode: 'chat' }>);
const systemPrompt = () => screen.getByTestId('system-prompt') as HTMLTextAreaElement;

async function openPanel() {
  const app = await renderWithApp(<ChatView />, { before: ({ api }) => loadModel(api) });
  fireEvent.click(screen.getByTestId('parameters-toggle'));
  await settle();
  return app;
}

describe('ParametersPanel', () => {
  it('docks beside the chat (no modal), names the model and its context, and the reload button opens the load dialog', async () => {
    const { model, t } = await openPanel();
    const panel = screen.getByTestId('parameters-panel');
    expect(panel.dataset.layout).toBe('docked');
    expect(panel.getAttribute('aria-modal')).toBeNull();
    expect(screen.getByTestId('chat-view')).toBeTruthy();
    expect(screen.getByTestId('parameters-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('parameters-model').textContent).toContain('qwen');
    expect(screen.getByTestId('parameters-context').textContent).not.toBe(t('conventions.contextUnknown'));
    // The send key lives in the Hotkeys panel only.
    expect(screen.queryByTestId('send-key')).toBeNull();
    fireEvent.click(screen.getByTestId('parameters-reload'));
    expect(model.load.store.getState()).toMatchObject({ open: true, tab: 'local' });
  });

  it('stays open while a message is sent, and the saved default is what the next request uses', async () => {
    const { api, t } = await openPanel();
    expect(screen.getByTestId('parameters-scope-defaults').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(systemPrompt(), { target: { value: 'Answer in haiku.' } });
    fireEvent.click(screen.getByTestId('parameters-save'));
    await settle();
    expect(screen.getByTestId('parameters-saved').textContent).toBe(t('conventions.saved'));
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await settle();
    expect(screen.getByTestId('parameters-panel')).toBeTruthy();
    expect(sent(api).at(-1)?.systemPrompt).toBe('Answer in haiku.');
  });

  it('"This conversation" changes what this conversation sends, not the default; reset brings the default back', async () => {
    const { api, model, t } = await openPanel();
    const before = api.state.settings.chat.systemPrompt;
    fireEvent.click(screen.getByTestId('parameters-scope-conversation'));
    expect(screen.getByTestId('parameters-scope-note').textContent).toBe(t('conventions.scope.followsNote'));
    fireEvent.change(systemPrompt(), { target: { value: 'Only here.' } });
    fireEvent.click(screen.getByTestId('parameters-save'));
    await settle();
    expect(api.state.settings.chat.systemPrompt).toBe(before);
    expect(screen.getByTestId('parameters-scope-note').textContent).toBe(t('conventions.scope.ownNote'));
    await model.chat.send('hi');
    expect(sent(api).at(-1)?.systemPrompt).toBe('Only here.');
    fireEvent.click(screen.getByTestId('parameters-reset'));
    await settle();
    expect(screen.queryByTestId('parameters-reset')).toBeNull();
    expect(systemPrompt().value).toBe(before);
    await model.chat.send('again');
    expect(sent(api).at(-1)?.systemPrompt).toBe(before);
  });

  it('collapses from its own button and from the toolbar', async () => {
    await openPanel();
    fireEvent.click(screen.getByTestId('parameters-close'));
    expect(screen.queryByTestId('parameters-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('parameters-toggle'));
    expect(screen.getByTestId('parameters-panel')).toBeTruthy();
    fireEvent.click(screen.getByTestId('parameters-toggle'));
    expect(screen.queryByTestId('parameters-panel')).toBeNull();
  });
});
