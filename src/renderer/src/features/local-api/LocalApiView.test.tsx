// @vitest-environment jsdom
// The Local API page on the in-memory platform: Start shows the base URL to copy and the live figures; the network
// switch warns before it turns on; CORS says it is off while no origin is listed; a new key's secret shows once in a
// dialog whose examples and Test use it, and the Test's requests join the log under the key's name, a row opening
// its bodies; a key is revoked only once confirmed; the parallel slots read "N parallel (one kept for your own chat)".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { LocalApiView } from './LocalApiView';

afterEach(cleanupApps);

/** jsdom has no clipboard: a stand-in records what the page copies. */
let copied: string[] = [];
beforeEach(() => {
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
});

async function startApi() {
  fireEvent.click(await screen.findByTestId('local-api-start'));
  await waitFor(() => expect(screen.getByTestId('local-api-status').getAttribute('data-state')).toBe('running'));
}

describe('LocalApiView', () => {
  it('starts the API, shows its base URL to copy (clipboard stand-in) and the live figures, and stops it', async () => {
    const { api } = await renderWithApp(<LocalApiView />);
    expect(screen.getByTestId('local-api-state').textContent).toBe('Stopped');
    expect(screen.getByTestId('local-api-test-result').textContent).toBe('Start the API to test it.');
    await startApi();
    expect(screen.getByTestId('local-api-base-url').textContent).toBe('http://127.0.0.1:41400/v1');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the base URL' }));
    await waitFor(() => expect(screen.getByTestId('local-api-copy-url-done').textContent).toBe('Copied'));
    expect(copied).toEqual(['http://127.0.0.1:41400/v1']);
    expect(screen.getByTestId('local-api-snippet').textContent).toContain("curl 'http://127.0.0.1:41400/v1/chat");

    const status = await api.invoke('local-api:status');
    if (!status.ok) throw new Error(status.error.message);
    api.emit('local-api:state', { ...status.value, inFlight: 1, maxInFlight: 3, queued: 2 });
    await settle();
    expect(screen.getByTestId('local-api-in-flight').textContent).toBe('1');
    expect(screen.getByTestId('local-api-max-in-flight').textContent).toBe('3');
    expect(screen.getByTestId('local-api-queued').textContent).toBe('2 of 16');

    fireEvent.click(screen.getByTestId('local-api-stop'));
    await waitFor(() => expect(screen.getByTestId('local-api-state').textContent).toBe('Stopped'));
  });

  it('warns before opening the API to the network, and lists CORS origins (empty: off)', async () => {
    const { api } = await renderWithApp(<LocalApiView />);
    const network = (await screen.findByTestId('local-api-network')) as HTMLInputElement;
    expect(network.getAttribute('role')).toBe('switch');
    fireEvent.click(network);
    expect(screen.getByTestId('local-api-network-warning').textContent).toContain(
      'Other machines on your network (and anyone who can reach this computer) will be able to connect',
    );
    expect(network.checked).toBe(false);
    expect(api.calls.some((call) => call.channel === 'local-api:settings')).toBe(false);
    fireEvent.click(screen.getByTestId('local-api-network-confirm'));
    await waitFor(() => expect(network.checked).toBe(true));
    expect(screen.queryByTestId('local-api-network-warning')).toBeNull();
    expect(api.calls.find((call) => call.channel === 'local-api:settings')?.input).toEqual({ network: true });
    fireEvent.click(network);
    await waitFor(() => expect(network.checked).toBe(false));
    expect(screen.queryByTestId('local-api-network-warning')).toBeNull();
    expect(api.calls.filter((call) => call.channel === 'local-api:settings').at(-1)?.input).toEqual({ network: false });

    expect(screen.getByTestId('local-api-cors-state').textContent).toMatch(/^Empty: CORS is off\./);
    const origin = screen.getByTestId('local-api-cors-input');
    fireEvent.change(origin, { target: { value: 'https://app.example.com/path' } });
    fireEvent.click(screen.getByTestId('local-api-cors-add'));
    expect(screen.getByText(/Enter an origin such as https:\/\/app\.example\.com/)).toBeTruthy();
    fireEvent.change(origin, { target: { value: 'https://App.Example.com:8443' } });
    fireEvent.click(screen.getByTestId('local-api-cors-add'));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('local-api-cors-origin').map((row) => row.querySelector('code')?.textContent),
      ).toEqual(['https://app.example.com:8443']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove https://app.example.com:8443' }));
    await waitFor(() => expect(screen.queryAllByTestId('local-api-cors-origin')).toHaveLength(0));
  });

  it('shows a new key once, tests with it, and its requests join the log under its name', async () => {
    const { api } = await renderWithApp(<LocalApiView />, { before: ({ api: platform }) => loadModel(platform) });
    const model = api.state.status.model!.name;
    await startApi();
    expect(screen.getByTestId('local-api-log-empty').textContent).toMatch(/^No requests yet\./);
    fireEvent.click(screen.getByTestId('local-api-keep-bodies'));
    await waitFor(() => expect((screen.getByTestId('local-api-keep-bodies') as HTMLInputElement).checked).toBe(true));

    fireEvent.change(screen.getByTestId('local-api-key-name'), { target: { value: 'my script' } });
    fireEvent.change(screen.getByTestId('local-api-key-models'), { target: { value: `${model}, other,` } });
    fireEvent.click(screen.getByTestId('local-api-key-create'));
    const dialog = await screen.findByTestId('local-api-secret-dialog');
    const secret = within(dialog).getByTestId('local-api-secret').textContent!;
    expect(secret).toMatch(/^eva-fake/);
    expect(within(dialog).getByTestId('local-api-secret-once').textContent).toMatch(/only time the key is shown/);
    expect(within(dialog).getByTestId('local-api-dialog-snippet').textContent).toContain(`Bearer ${secret}`);
    fireEvent.click(within(dialog).getByTestId('local-api-dialog-snippet-python'));
    expect(within(dialog).getByTestId('local-api-dialog-snippet').textContent).toContain(`api_key="${secret}"`);
    fireEvent.click(within(dialog).getByTestId('local-api-secret-copy'));
    await waitFor(() => expect(copied).toEqual([secret]));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    expect(screen.getByTestId('local-api-secret-dialog')).toBe(dialog);

    fireEvent.click(within(dialog).getByTestId('local-api-dialog-test'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('local-api-dialog-test-result').getAttribute('data-ok')).toBe('true'),
    );
    expect(within(dialog).getByTestId('local-api-dialog-test-result').textContent).toMatch(
      new RegExp(`^It works: 1 model listed, and ${model} answered “Hello!” \\(10 ms in all\\)\\.$`),
    );
    expect(api.calls.find((call) => call.channel === 'local-api:test')?.input).toEqual({ key: secret });
    fireEvent.click(within(dialog).getByTestId('local-api-secret-done'));
    expect(screen.queryByTestId('local-api-secret-dialog')).toBeNull();
    expect(screen.queryByText(secret)).toBeNull();

    const rows = screen.getAllByTestId('local-api-request');
    expect(rows.map((row) => within(row).getByTestId('local-api-request-key').textContent)).toEqual([
      'my script',
      'my script',
    ]);
    expect(within(rows[0]!).getByTestId('local-api-request-model').textContent).toBe(model);
    expect(screen.getByTestId('local-api-total-requests').textContent).toBe('2');
    const [allowed] = within(screen.getByTestId('local-api-key')).getAllByRole('cell');
    expect(allowed?.textContent).toBe(`${model}, other`);
    fireEvent.click(rows[0]!);
    const entry = await screen.findByTestId('local-api-entry');
    expect(within(entry).getByTestId('local-api-entry-response').textContent).toContain('"content": "Hello!"');
    fireEvent.click(within(entry).getByTestId('local-api-entry-close'));
    expect(screen.queryByTestId('local-api-entry')).toBeNull();
  });

  it('revokes a key only once the user confirms', async () => {
    const { api } = await renderWithApp(<LocalApiView />);
    fireEvent.change(await screen.findByTestId('local-api-key-name'), { target: { value: 'old' } });
    fireEvent.click(screen.getByTestId('local-api-key-create'));
    fireEvent.click(await screen.findByTestId('local-api-secret-done'));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke “old”' }));
    expect(screen.getByText('Revoke “old”? Programs using it will be refused.')).toBeTruthy();
    expect(api.calls.some((call) => call.channel === 'local-api:key-revoke')).toBe(false);
    fireEvent.click(screen.getByTestId('local-api-key-revoke-confirm'));
    await waitFor(() => expect(screen.getByTestId('local-api-key').getAttribute('data-revoked')).toBe('true'));
    expect(screen.getByTestId('local-api-key-state').textContent).toMatch(/^revoked /);
    expect(screen.queryByTestId('local-api-key-revoke')).toBeNull();
  });

  it('shows the parallel slots with the one kept for the chat, and changes them', async () => {
    const { api } = await renderWithApp(<LocalApiView />);
    const text = await screen.findByTestId('local-api-parallel-text');
    expect(text.textContent).toMatch(/^1 at a time: with one slot, the API shares it with your own chat\./);
    fireEvent.change(screen.getByTestId('local-api-parallel'), { target: { value: '4' } });
    await waitFor(() => expect(text.textContent).toMatch(/^3 parallel \(one kept for your own chat\)\./));
    expect(api.state.settings.load.parallel).toBe(4);
  });

  it('speaks Chinese', async () => {
    await renderWithApp(<LocalApiView />, { language: 'zh' });
    expect((await screen.findByTestId('local-api-state')).textContent).toBe('已停止');
    expect(screen.getByTestId('local-api-log-empty').textContent).toMatch(/^还没有请求。/);
  });
});
