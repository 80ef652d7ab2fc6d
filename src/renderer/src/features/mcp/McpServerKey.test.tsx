// @vitest-environment jsdom
// An HTTP server's API key on the MCP page: typed once, sent to the core to be
// sealed, then shown only as "stored"; replace and remove work; a program
// (stdio) server has no key field. In-memory platform.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { McpView } from './McpView';

afterEach(cleanupApps);

const config = {
  mcpServers: { web: { url: 'https://mcp.example/mcp' }, git: { command: 'uvx', args: ['mcp-server-git'] } },
};

describe('MCP API keys', () => {
  it('seals a typed key, shows only that one is stored, and removes it', async () => {
    const { api, t } = await renderWithApp(<McpView />, {
      before: async ({ api }) => void (await api.invoke('mcp:save', config)),
    });
    expect(within(screen.getByTestId('mcp-server-git')).queryByTestId('mcp-key-form')).toBeNull();
    const web = screen.getByTestId('mcp-server-web');
    const save = within(web).getByTestId('mcp-key-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(within(web).getByTestId('mcp-key-input'), { target: { value: ' sk-secret ' } });
    await act(async () => {
      fireEvent.click(save);
    });
    await settle();
    expect(api.calls.filter((call) => call.channel === 'mcp:set-key').map((call) => call.input)).toEqual([
      { name: 'web', apiKey: 'sk-secret' },
    ]);
    const stored = within(screen.getByTestId('mcp-server-web')).getByTestId('mcp-key-stored');
    expect(stored.textContent).toContain(t('mcp.key.stored', { protection: t('secrets.localKeyFile') }));
    expect(document.body.textContent).not.toContain('sk-secret');

    fireEvent.click(within(stored).getByTestId('mcp-key-replace'));
    expect(within(screen.getByTestId('mcp-server-web')).getByTestId('mcp-key-input')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('mcp-server-web')).getByText(t('mcp.key.cancel')));

    await act(async () => {
      fireEvent.click(within(screen.getByTestId('mcp-server-web')).getByTestId('mcp-key-remove'));
    });
    await settle();
    expect(api.calls.filter((call) => call.channel === 'mcp:set-key').at(-1)?.input).toEqual({
      name: 'web',
      apiKey: null,
    });
    expect(within(screen.getByTestId('mcp-server-web')).getByTestId('mcp-key-form')).toBeTruthy();
  });
});
