import { describe, expect, it } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createOutboundLinkStore } from './outbound-link-store';

function setup() {
  const api = createMemoryPlatform();
  const tabs: string[] = [];
  const links = createOutboundLinkStore({ api, openTab: (url) => tabs.push(url) });
  return { api, links, tabs };
}

describe('outbound link store', () => {
  it('opens nothing on a click: it waits for the user, then hands the checked URL to the core', async () => {
    const { api, links, tabs } = setup();
    links.request('https://bank.example@evil.example/login');
    expect(links.store.getState()).toMatchObject({
      kind: 'confirm',
      link: { destination: 'evil.example', hasCredentials: true },
    });
    expect(api.calls.filter((call) => call.channel === 'app:open-external')).toHaveLength(0);
    expect(tabs).toEqual([]);
    await links.confirm();
    expect(api.calls.filter((call) => call.channel === 'app:open-external').map((call) => call.input)).toEqual([
      { url: 'https://bank.example@evil.example/login' },
    ]);
    // The in-memory core, like the browser host, has no system browser: the page opens a tab.
    expect(tabs).toEqual(['https://bank.example@evil.example/login']);
    expect(links.store.getState()).toEqual({ kind: 'idle' });
  });

  it('Cancel opens nothing', async () => {
    const { api, links, tabs } = setup();
    links.request('https://example.com/');
    links.dismiss();
    await links.confirm();
    expect(api.calls.filter((call) => call.channel === 'app:open-external')).toHaveLength(0);
    expect(tabs).toEqual([]);
  });

  it('a javascript:, file: or relative link is refused with the reason, and Open is not offered', async () => {
    const { api, links, tabs } = setup();
    for (const href of ['javascript:alert(1)', 'file:///etc/passwd', 'notes.html']) {
      links.request(href);
      expect(links.store.getState()).toMatchObject({ kind: 'refused', href, reason: expect.any(String) });
      await links.confirm();
    }
    expect(api.calls.filter((call) => call.channel === 'app:open-external')).toHaveLength(0);
    expect(tabs).toEqual([]);
  });
});
