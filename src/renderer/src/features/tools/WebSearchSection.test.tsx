// @vitest-environment jsdom
// The Tools panel's web search: a line that says web_search is off, with a button
// to the provider choice; a Brave or Tavily key typed once, sealed by the core and
// then shown only as "key set"; the chosen provider's fields checked before the
// panel saves; an MCP server's tools to pick from. In-memory platform.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ToolsPanel } from './ToolsPanel';

afterEach(cleanupApps);

const open = () =>
  renderWithApp(<ToolsPanel />, {
    before: async ({ api, model }) => {
      await api.invoke('mcp:save', { mcpServers: { finder: { command: 'uvx', args: ['finder-mcp'] } } });
      await model.toolsPanel.open();
    },
  });
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
  await settle();
};
const choose = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const keyCalls = (api: Awaited<ReturnType<typeof open>>['api']) =>
  api.calls.filter((call) => call.channel === 'web-search:set-key').map((call) => call.input);

describe('web search in the Tools panel', () => {
  it('says web_search is not offered, and its button leads to the provider choice', async () => {
    const { t } = await open();
    expect(screen.getByTestId('web-search-missing').textContent).toContain(t('tools.webSearch.missing'));
    expect(screen.queryByTestId('tool-row-web_search')).toBeNull();
    await click('web-search-set-up');
    expect(document.activeElement).toBe(screen.getByTestId('web-search-provider'));
  });

  it('seals a typed key write-only, then shows only that a key is set; replace and remove work', async () => {
    const { api, t } = await open();
    choose('web-search-provider', 'brave');
    const input = screen.getByTestId('web-search-key-input') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect((screen.getByTestId('web-search-key-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: ' BSA-secret ' } });
    await click('web-search-key-save');
    expect(keyCalls(api)).toEqual([{ provider: 'brave', apiKey: 'BSA-secret' }]);
    const stored = screen.getByTestId('web-search-key-stored');
    expect(stored.textContent).toContain(t('tools.webSearch.keySet', { protection: t('secrets.localKeyFile') }));
    expect(screen.queryByTestId('web-search-key-input')).toBeNull();
    expect(document.body.innerHTML).not.toContain('BSA-secret');

    // Tavily has its own key, not set yet.
    choose('web-search-provider', 'tavily');
    expect(screen.getByTestId('web-search-key-form').textContent).toContain(t('tools.webSearch.keyNone'));
    choose('web-search-provider', 'brave');
    await click('web-search-key-replace');
    expect(screen.getByTestId('web-search-key-input')).toBeTruthy();
    await click('web-search-key-cancel');
    expect(screen.getByTestId('web-search-key-stored')).toBeTruthy();
    await click('web-search-key-remove');
    expect(keyCalls(api).at(-1)).toEqual({ provider: 'brave', apiKey: null });
    expect(screen.getByTestId('web-search-key-form')).toBeTruthy();

    await click('tools-save');
    expect(api.state.settings.tools.webSearch.provider).toBe('brave');
    expect(JSON.stringify(api.state.settings)).not.toContain('BSA-secret');
  });

  it('checks the SearXNG address before saving, and saves it trimmed', async () => {
    const { api, t } = await open();
    choose('web-search-provider', 'searxng');
    await click('tools-save');
    expect(screen.getByText(t('tools.webSearch.error.urlRequired'))).toBeTruthy();
    choose('web-search-searxng-url', 'ftp://search.example.org');
    await click('tools-save');
    expect(screen.getByText(t('tools.webSearch.error.url'))).toBeTruthy();
    expect(api.calls.some((call) => call.channel === 'settings:update')).toBe(false);

    choose('web-search-searxng-url', ' https://search.example.org ');
    await click('tools-save');
    expect(api.state.settings.tools.webSearch).toMatchObject({
      provider: 'searxng',
      searxngUrl: 'https://search.example.org',
    });
  });

  it('offers the MCP servers and picks the tool named like search', async () => {
    const { api, t } = await open();
    choose('web-search-provider', 'mcp');
    await click('tools-save');
    expect(screen.getByText(t('tools.webSearch.error.mcpServer'))).toBeTruthy();
    choose('web-search-mcp-server', 'finder');
    expect((screen.getByTestId('web-search-mcp-tool') as HTMLSelectElement).value).toBe('search');
    choose('web-search-mcp-tool', 'fetch');
    await click('tools-save');
    expect(api.state.settings.tools.webSearch).toMatchObject({
      provider: 'mcp',
      mcpServer: 'finder',
      mcpTool: 'fetch',
    });
  });
});
