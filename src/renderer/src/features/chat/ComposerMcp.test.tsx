// @vitest-environment jsdom
// The composer's MCP parts on the in-memory platform (fake-mcp.ts: every ready
// server offers the same prompts, resources and two tools): server prompts as
// slash commands, resources attached from the picker, and the tool selection
// with its token count, its refusal when the tool list does not fit, and its
// place in the conversation's meta.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvokeInput } from '@shared/contract';
import { memoryDefaultSettings, type MemoryPlatform } from '@renderer/platform/memory-platform';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from './ChatView';

afterEach(() => {
  cleanupApps();
  // Drafts are kept across reloads (composer-drafts.ts): one test's text must not open the next.
  localStorage.clear();
});

const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(input(), { key: name });
const options = () => screen.queryAllByTestId('slash-option');
const callsTo = <C extends 'agent:run' | 'mcp:get-prompt' | 'chat:send'>(api: MemoryPlatform, channel: C) =>
  api.calls.filter((c) => c.channel === channel).map((c) => c.input as InvokeInput<C>);

async function renderChat(contextSize = 32_768, mmprojPath = '') {
  const defaults = memoryDefaultSettings();
  const settings = {
    ...defaults,
    load: { ...defaults.load, contextSize, mmprojPath },
    chat: { ...defaults.chat, sampling: { ...defaults.chat.sampling, max_tokens: 256 } },
  };
  return renderWithApp(<ChatView />, {
    platform: { settings, agentScript: { actions: [], answer: 'Done.' } },
    before: async ({ api }) => {
      await loadModel(api);
      await api.invoke('mcp:save', { mcpServers: { docs: { command: 'docs-server' } } });
    },
  });
}

describe('server prompts as slash commands', () => {
  it('lists the prompts on "/", moves with the arrows, closes on Esc and narrows as you type', async () => {
    const { t } = await renderChat();
    type('/');
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(options().map((o) => [o.dataset.name, o.dataset.server])).toEqual([
      ['summarize', 'docs'],
      ['review', 'docs'],
    ]);
    expect(screen.getByTestId('slash-menu').textContent).toContain('Summarize the conversation so far');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    key('ArrowDown');
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');

    key('Escape');
    expect(screen.queryByTestId('slash-menu')).toBeNull();
    expect(input().value).toBe('/');

    type('/rev');
    await waitFor(() => expect(options().map((o) => o.dataset.name)).toEqual(['review']));
    type('/nothing');
    await waitFor(() =>
      expect(screen.getByTestId('slash-empty').textContent).toBe(t('chat.slash.noMatch', { query: 'nothing' })),
    );
  });

  it('puts a prompt without arguments into the message box on Tab, without sending', async () => {
    const { api } = await renderChat();
    type('/sum');
    await waitFor(() => expect(options()).toHaveLength(1));
    key('Tab');
    await waitFor(() => expect(input().value).toBe('Summarize the conversation so far.'));
    expect(screen.queryByTestId('slash-menu')).toBeNull();
    expect(callsTo(api, 'chat:send')).toEqual([]);
  });

  it('asks for the arguments of a prompt that has them, insists on the required one, and quotes its embedded resource', async () => {
    const { api, t } = await renderChat();
    type('/review');
    await waitFor(() => expect(options()).toHaveLength(1));
    key('Enter');
    const form = await screen.findByTestId('slash-form');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('slash-arg-file')));
    fireEvent.click(within(form).getByTestId('slash-submit'));
    await settle();
    expect(form.textContent).toContain(t('chat.slash.required', { name: 'file' }));
    expect(callsTo(api, 'mcp:get-prompt')).toEqual([]);

    fireEvent.change(screen.getByTestId('slash-arg-file'), { target: { value: 'src/a.ts' } });
    fireEvent.change(screen.getByTestId('slash-arg-focus'), { target: { value: 'errors' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(input().value).toBe(
        'Please review src/a.ts, looking at errors first.\n\nfile:///src/a.ts\n```\ncontents of src/a.ts\n```',
      ),
    );
    expect(callsTo(api, 'mcp:get-prompt')).toEqual([
      { server: 'docs', name: 'review', arguments: { file: 'src/a.ts', focus: 'errors' } },
    ]);
    expect(screen.queryByTestId('slash-form')).toBeNull();
  });

  it('keeps an Enter pressed before the prompts are listed and picks with it once they are, not a newline', async () => {
    await renderChat();
    type('/review');
    expect(options()).toHaveLength(0);
    key('Enter');
    await screen.findByTestId('slash-form');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('slash-arg-file')));
    expect(input().value).toBe('/review');
  });

  it('leaves the keys to the message box when no prompt matches, so Enter still sends', async () => {
    const { api } = await renderWithApp(<ChatView />, {
      platform: {
        settings: { ...memoryDefaultSettings(), chat: { ...memoryDefaultSettings().chat, sendKey: 'enter' } },
      },
      before: ({ api }) => loadModel(api),
    });
    type('/etc/hosts');
    await settle();
    key('Enter');
    await waitFor(() => expect(callsTo(api, 'chat:send')).toHaveLength(1));
  });
});

describe('resources from an MCP server', () => {
  it("lists a server's resources page by page with their types, and quotes a text resource into the message", async () => {
    await renderChat();
    type('Read this:');
    fireEvent.click(screen.getByTestId('chat-attach-mcp'));
    const dialog = await screen.findByTestId('resource-picker');
    await waitFor(() => expect(within(dialog).getAllByTestId('resource-row')).toHaveLength(2));
    expect((within(dialog).getByTestId('resource-server') as HTMLSelectElement).value).toBe('docs');
    expect(
      within(dialog)
        .getAllByTestId('resource-mime')
        .map((el) => el.textContent),
    ).toEqual(['text/markdown · 25 B', 'image/png · 70 B']);
    fireEvent.click(within(dialog).getByTestId('resource-more'));
    await waitFor(() => expect(within(dialog).getAllByTestId('resource-row')).toHaveLength(4));
    fireEvent.click(within(dialog).getByTestId('resource-more'));
    await waitFor(() => expect(within(dialog).getAllByTestId('resource-row')).toHaveLength(5));
    expect(within(dialog).queryByTestId('resource-more')).toBeNull();

    fireEvent.click(within(dialog).getAllByTestId('resource-attach')[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('resource-picker')).toBeNull());
    expect(input().value).toBe('Read this:\n\nfile:///readme.md\n```markdown\n# Demo\nA project to try.\n```');
  });

  it('attaches an image as an image, fills in a template, and says what it left out with the numbers', async () => {
    // A model with a vision projector takes images.
    const { t } = await renderChat(32_768, '/models/mmproj.gguf');
    fireEvent.click(screen.getByTestId('chat-attach-mcp'));
    let dialog = await screen.findByTestId('resource-picker');
    await waitFor(() => expect(within(dialog).getAllByTestId('resource-row')).toHaveLength(2));
    fireEvent.click(within(dialog).getAllByTestId('resource-attach')[1] as HTMLElement);
    await waitFor(() =>
      expect(within(screen.getByTestId('chat-attachments')).getByRole('img').getAttribute('alt')).toBe('logo.png'),
    );

    fireEvent.click(screen.getByTestId('chat-attach-mcp'));
    dialog = await screen.findByTestId('resource-picker');
    await waitFor(() => expect(within(dialog).getByTestId('resource-template')).toBeTruthy());
    fireEvent.change(within(dialog).getByTestId('resource-var-id'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByTestId('resource-template-attach'));
    await waitFor(() => expect(input().value).toBe('note:///7\n```\nNote 7\n```'));

    fireEvent.click(screen.getByTestId('chat-attach-mcp'));
    dialog = await screen.findByTestId('resource-picker');
    await waitFor(() => expect(within(dialog).getAllByTestId('resource-row')).toHaveLength(2));
    fireEvent.click(within(dialog).getByTestId('resource-more'));
    await waitFor(() => expect(within(dialog).getAllByTestId('resource-row')).toHaveLength(4));
    fireEvent.click(within(dialog).getAllByTestId('resource-attach')[3] as HTMLElement);
    const notice = await within(dialog).findByTestId('resource-left-out');
    expect(notice.textContent).toContain(
      t('chat.mcp.leftOut.tooLarge', {
        name: 'big.log',
        size: t('chat.mcp.chars', { count: '3,000,000' }),
        limit: t('chat.mcp.chars', { count: '262,144' }),
      }),
    );
    fireEvent.click(within(dialog).getAllByTestId('resource-attach')[2] as HTMLElement);
    await waitFor(() =>
      expect(within(dialog).getByTestId('resource-left-out').textContent).toContain(
        t('chat.mcp.leftOut.binary', { name: 'data.bin', type: 'application/octet-stream' }),
      ),
    );
    // Nothing was added for either.
    expect(input().value).toBe('note:///7\n```\nNote 7\n```');
  });
});

describe('the tools this conversation offers', () => {
  const toolChoice = (name: string) =>
    screen.getAllByTestId('tool-choice').find((el) => el.dataset.tool === name) as HTMLInputElement;
  const group = (server: string) =>
    screen.getAllByTestId('tool-group').find((el) => el.dataset.server === server) as HTMLElement;
  const countText = () => screen.getByTestId('tool-selection-count').textContent ?? '';
  const tokensIn = (text: string) => Number(/([\d,]+) tokens?/.exec(text)?.[1]?.replace(/,/g, ''));

  it("shows the tool list's size, lets a whole server and single tools go, and the run offers exactly the rest", async () => {
    const { api, t } = await renderChat();
    fireEvent.click(screen.getByTestId('chat-tools-toggle'));
    await waitFor(() => expect(countText()).toMatch(/\d+ tokens/));
    const all = tokensIn(countText());
    fireEvent.click(screen.getByTestId('tool-selection-button'));
    expect(screen.getAllByTestId('tool-group').map((el) => el.dataset.server)).toEqual(['builtin', 'docs']);
    expect(toolChoice('docs@search').checked).toBe(true);

    fireEvent.click(within(group('docs')).getByTestId('tool-group-none'));
    await waitFor(() => expect(toolChoice('docs@search').checked).toBe(false));
    fireEvent.click(toolChoice('execute_command'));
    await waitFor(() => expect(toolChoice('execute_command').checked).toBe(false));
    await waitFor(() => expect(tokensIn(countText())).toBeLessThan(all));
    expect(screen.getByTestId('tool-selection-summary').textContent).toContain(
      t('chat.tools.listSizeAll', { size: t('chat.tools.tokens', { tokens: all.toLocaleString('en-US') }) }),
    );
    expect(screen.getByTestId('tool-selection-button').textContent).toContain(
      t('chat.tools.choose', { chosen: 6, total: 9 }),
    );

    type('Add 2 and 3');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(callsTo(api, 'agent:run')).toHaveLength(1));
    expect(callsTo(api, 'agent:run')[0]?.disableTools).toEqual(['docs@*', 'execute_command']);
  });

  it('refuses a send whose tool list and conversation do not fit, in words with the numbers, and sends once fewer tools are picked', async () => {
    // 1,024 tokens of context, 256 kept for the answer: the prompt may take 768, and every tool alone is more.
    const { api, model, t } = await renderChat(1024);
    fireEvent.click(screen.getByTestId('chat-tools-toggle'));
    await waitFor(() => expect(countText()).toMatch(/\d+ tokens/));
    const toolTokens = tokensIn(countText());
    expect(toolTokens).toBeGreaterThan(768);
    type('Add 2 and 3');
    fireEvent.click(screen.getByTestId('chat-send'));
    const refusal = await screen.findByTestId('context-refusal');
    const tokens = model.chat.contextRefusal.getState()?.tokens ?? 0;
    expect(tokens).toBeGreaterThan(toolTokens);
    expect(refusal.textContent).toContain(
      t('chat.tools.refused', {
        tools: toolTokens.toLocaleString('en-US'),
        tokens: tokens.toLocaleString('en-US'),
        budget: '768',
        nCtx: '1,024',
      }),
    );
    expect(callsTo(api, 'agent:run')).toEqual([]);
    expect(input().value).toBe('Add 2 and 3');

    fireEvent.click(screen.getByTestId('tool-selection-button'));
    fireEvent.click(within(group('builtin')).getByTestId('tool-group-none'));
    fireEvent.click(within(group('docs')).getByTestId('tool-group-none'));
    await waitFor(() => expect(screen.queryByTestId('context-refusal')).toBeNull());
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(callsTo(api, 'agent:run')).toHaveLength(1));
  });

  it('is kept with the conversation and comes back when it is opened again', async () => {
    const { api, model } = await renderChat();
    fireEvent.click(screen.getByTestId('chat-tools-toggle'));
    await waitFor(() => expect(countText()).toMatch(/\d+ tokens/));
    fireEvent.click(screen.getByTestId('tool-selection-button'));
    fireEvent.click(within(group('docs')).getByTestId('tool-group-none'));
    await waitFor(() => expect(toolChoice('docs@fetch').checked).toBe(false));
    // Sent as a plain chat: the new conversation is created with the selection.
    fireEvent.click(screen.getByTestId('chat-tools-toggle'));
    type('Hello');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(model.chat.conversation.getState().activeRequestId).toBeNull());
    const id = model.chat.conversation.getState().id ?? '';
    const first = callsTo(api, 'chat:send')[0];
    expect(first?.mode === 'chat' ? first.record?.create?.toolSelection : null).toEqual({ off: ['docs@*'] });

    // Changed later: saved through the history channel.
    fireEvent.click(screen.getByTestId('chat-tools-toggle'));
    await waitFor(() => expect(countText()).toMatch(/\d+ tokens/));
    fireEvent.click(screen.getByTestId('tool-selection-button'));
    fireEvent.click(toolChoice('docs@fetch'));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) =>
            c.channel === 'history:set-tool-selection' &&
            JSON.stringify(c.input) === JSON.stringify({ id, toolSelection: { off: ['docs@search'] } }),
        ),
      ).toBe(true),
    );

    act(() => model.chat.clear());
    expect(model.chat.toolSelection.getState()).toBeNull();
    await act(() => model.chat.open(id));
    expect(model.chat.toolSelection.getState()).toEqual({ off: ['docs@search'] });
    // Tools stayed on; the popover shows the reopened conversation's choice once it is counted again.
    if (screen.queryByTestId('tool-selection-popover') === null)
      fireEvent.click(screen.getByTestId('tool-selection-button'));
    await waitFor(() => expect(toolChoice('docs@fetch').checked).toBe(true));
    expect(toolChoice('docs@search').checked).toBe(false);
  });
});
