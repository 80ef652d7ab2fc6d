// @vitest-environment jsdom
// The context meter's Compact and the summarised marker, on the in-memory
// platform: it runs the core's own planner and compaction, with a stand-in for
// the model's summary (fake-plan.ts) and the shared checkpoint rules.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memoryDefaultSettings } from '@renderer/platform/memory-platform';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from './ChatView';

afterEach(cleanupApps);

const QUESTION = 'word '.repeat(100);

/** 1,024 tokens of context, 256 kept for the answer; four exchanges of ~150 tokens fill most of the 768 left. */
async function renderLongChat() {
  const defaults = memoryDefaultSettings();
  const settings = {
    ...defaults,
    load: { ...defaults.load, contextSize: 1024 },
    chat: { ...defaults.chat, systemPrompt: 'Be brief.', sampling: { ...defaults.chat.sampling, max_tokens: 256 } },
  };
  const app = await renderWithApp(<ChatView />, {
    platform: { settings, chatReply: () => [[{ type: 'content', text: 'Noted, thank you.' }]] },
    before: ({ api }) => loadModel(api),
  });
  await settle();
  for (let i = 0; i < 4; i++) {
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: `${i} ${QUESTION}` } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(app.model.chat.conversation.getState().items).toHaveLength(2 * (i + 1)));
    await waitFor(() => expect(app.model.chat.conversation.getState().activeRequestId).toBeNull());
  }
  await waitFor(() => expect(screen.getByTestId('context-meter').dataset.level).toBe('near'));
  return app;
}

describe('Compact in the context meter', () => {
  it('summarises the older exchanges, marks them in the transcript, and counts the summary', async () => {
    const { api, model, t } = await renderLongChat();
    fireEvent.click(screen.getByTestId('context-meter-button'));
    fireEvent.click(within(screen.getByTestId('context-popover')).getByTestId('context-compact-button'));

    const marker = await screen.findByTestId('summary-marker');
    expect(marker.textContent).toContain(t('chat.summary.marker'));
    const compact = api.calls.find((call) => call.channel === 'chat:compact');
    const { id, items } = model.chat.conversation.getState();
    expect(compact?.input).toMatchObject({ fit: { saved: { conversationId: id, ids: items.map((item) => item.id) } } });
    // The covered messages stay on screen, dimmed and labelled; the last exchange is not covered.
    const rows = screen.getAllByTestId('chat-list')[0]!.querySelectorAll('.chat-row');
    const summarised = [...rows].filter((row) => row.hasAttribute('data-summarised'));
    expect(summarised.length).toBeGreaterThan(0);
    expect(summarised.length).toBeLessThan(rows.length);
    expect(summarised[0]?.getAttribute('title')).toBe(t('chat.summary.label'));
    expect(summarised.at(-1)?.contains(marker)).toBe(true);

    // The summary itself, to read.
    expect(screen.queryByTestId('summary-text')).toBeNull();
    fireEvent.click(screen.getByTestId('summary-marker-toggle'));
    expect(screen.getByTestId('summary-text').textContent).toContain('(In-memory stand-in summary)');

    // The meter plans again with the summary in place: its share is said and drawn, and the prompt is smaller.
    await waitFor(() => expect(screen.getByTestId('context-meter').dataset.level).toBe('ok'));
    expect(screen.getByTestId('context-meter-summary')).toBeTruthy();
    if (!screen.queryByTestId('context-popover')) fireEvent.click(screen.getByTestId('context-meter-button'));
    expect(screen.getByTestId('context-summary-share').textContent).toMatch(/\d/);
  });

  it('a summary that could not be written is said in the popover, and nothing is marked', async () => {
    const { api, t } = await renderLongChat();
    // A stand-in for a server that fails the summary request.
    api.handle('chat:compact', () => ({
      ok: false,
      error: {
        code: 'endpoint_error',
        message: 'The summary could not be written (the server went away); nothing was changed.',
        details: { reason: 'summary_failed', why: 'the server went away' },
      },
    }));
    fireEvent.click(screen.getByTestId('context-meter-button'));
    fireEvent.click(screen.getByTestId('context-compact-button'));
    const failure = await screen.findByTestId('context-compact-failure');
    expect(failure.textContent).toBe(t('error.reason.summary_failed', { why: 'the server went away' }));
    expect(screen.queryByTestId('summary-marker')).toBeNull();
  });

  it('offers Compact as an overflow policy, with its hint, saved with the conversation', async () => {
    const { api, model, t } = await renderLongChat();
    fireEvent.click(screen.getByTestId('context-meter-button'));
    const choice = screen.getByTestId('context-policy-compact') as HTMLInputElement;
    expect(choice.closest('label')?.textContent).toContain(t('chat.context.policyHint.compact'));
    fireEvent.click(choice);
    await waitFor(() => expect(choice.checked).toBe(true));
    const id = model.chat.conversation.getState().id;
    await waitFor(() =>
      expect(api.calls).toContainEqual({ channel: 'history:set-overflow', input: { id, overflow: 'compact' } }),
    );
  });
});
