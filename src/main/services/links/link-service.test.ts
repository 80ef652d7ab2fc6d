import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { localKeyFileCipher } from '../secrets/secret-cipher';
import { openSecretStore } from '../secrets/secret-store';
import { openSettingsStore } from '../settings/settings-store';
import { createLinkService } from './link-service';

async function service(settingsFile?: object) {
  const dir = await mkdtemp(join(tmpdir(), 'eva-links-'));
  if (settingsFile) await writeFile(join(dir, 'settings.json'), JSON.stringify(settingsFile));
  const settings = await openSettingsStore(dir, () => {});
  const secrets = await openSecretStore(join(dir, 'secrets.json'), await localKeyFileCipher(join(dir, 'key')));
  const fetched: string[] = [];
  const fetchFn = (async (url: string) => {
    fetched.push(url);
    return new Response(JSON.stringify({ data: [{ id: 'm1' }] }));
  }) as typeof fetch;
  return { links: createLinkService({ settings, secrets, fetch: fetchFn }), settings, fetched };
}

const profile = (baseUrl: string, name = 'X') => ({ name, presetId: '', baseUrl, model: '' });
const BAD_URLS = [
  'file:///etc/passwd',
  'javascript:alert(1)',
  'ftp://example.com/v1',
  'ws://127.0.0.1:8080',
  'data:text/plain,hi',
  'http://user:pass@127.0.0.1:8080',
  'not a url',
];

describe('link service', () => {
  it.each(BAD_URLS)('refuses to save or test %s, and fetches nothing', async (baseUrl) => {
    const { links, settings, fetched } = await service();
    await expect(links.save({ profile: profile(baseUrl) })).rejects.toMatchObject({
      code: 'bad_request',
      details: { field: 'baseUrl' },
    });
    await expect(links.test({ baseUrl })).rejects.toMatchObject({ code: 'bad_request' });
    expect(settings.get().links).toEqual([]);
    expect(fetched).toEqual([]);
  });

  it('saves and tests an http(s) endpoint', async () => {
    const { links, fetched } = await service();
    const saved = await links.save({ profile: profile('https://api.example.com/v1') });
    expect(await links.resolve(saved.id)).toMatchObject({ profile: { baseUrl: 'https://api.example.com/v1' } });
    expect(await links.test({ baseUrl: 'http://127.0.0.1:8080' })).toEqual({ models: ['m1'] });
    expect(fetched).toEqual(['http://127.0.0.1:8080/v1/models']);
  });

  it('will not use a stored profile whose URL an older version accepted', async () => {
    const old = { id: 'old', name: 'Legacy', presetId: '', baseUrl: 'ftp://files.example.com', model: '' };
    const { links, settings } = await service({ ...defaultSettings(), links: [old] });
    // The file is not "corrupt" for it (the profile is listed and can be fixed or deleted)...
    expect(settings.get().links).toEqual([old]);
    // ...but it is never requested.
    await expect(links.resolve('old')).rejects.toMatchObject({
      code: 'endpoint_error',
      message: expect.stringContaining('Legacy'),
    });
    expect(await links.remove('old')).toEqual({ deleted: true });
  });

  it('loses no profile when several are saved and deleted at once', async () => {
    const { links, settings } = await service();
    const first = await links.save({ profile: profile('http://127.0.0.1:1/v1', 'first') });
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        links.save({ profile: profile(`http://127.0.0.1:${1000 + i}/v1`, `n${i}`) }),
      ),
      links.remove(first.id),
    ]);
    expect(
      settings
        .get()
        .links.map((link) => link.name)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `n${i}`).sort());
  });
});
