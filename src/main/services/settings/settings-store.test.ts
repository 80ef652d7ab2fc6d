import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../shared/contract';
import { openSettingsStore } from './settings-store';
import { defaultSettings } from '../../../shared/default-settings';

const tempDir = () => mkdtemp(join(tmpdir(), 'eva-settings-'));

describe('settings store', () => {
  it('starts from defaults and persists updates atomically', async () => {
    const dir = await tempDir();
    const notices: Notice[] = [];
    const store = await openSettingsStore(dir, (n) => notices.push(n));
    expect(store.get()).toEqual(defaultSettings());
    await store.update({ language: 'zh', load: { contextSize: 8192 } });
    const onDisk = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(onDisk.language).toBe('zh');
    expect(onDisk.load.contextSize).toBe(8192);
    expect(onDisk.load.backend).toBe('auto');
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const reopened = await openSettingsStore(dir, (n) => notices.push(n));
    expect(reopened.get().load.contextSize).toBe(8192);
    expect(notices).toEqual([]);
  });

  it('backs up a corrupt file, uses defaults and says so', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), '{"version":1, "language": ');
    const notices: Notice[] = [];
    const store = await openSettingsStore(dir, (n) => notices.push(n), () => 1234);
    expect(store.get()).toEqual(defaultSettings());
    expect(notices).toHaveLength(1);
    expect(notices[0]?.code).toBe('settings_corrupt');
    expect(await readFile(join(dir, 'settings.json.corrupt-1234'), 'utf8')).toBe('{"version":1, "language": ');
  });

  it('treats schema violations as corrupt too', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, language: 'klingon' }));
    const notices: Notice[] = [];
    await openSettingsStore(dir, (n) => notices.push(n), () => 5);
    expect(notices[0]?.message).toMatch(/language/);
  });

  it('fills keys missing from an older file from the defaults', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, language: 'en', load: { contextSize: 1024 } }));
    const notices: Notice[] = [];
    const store = await openSettingsStore(dir, (n) => notices.push(n));
    expect(notices).toEqual([]);
    expect(store.get().load.contextSize).toBe(1024);
    expect(store.get().load.backend).toBe('auto');
  });

  it('rejects an invalid update and keeps the old settings', async () => {
    const dir = await tempDir();
    const store = await openSettingsStore(dir, () => {});
    await expect(store.update({ load: { contextSize: -5 } })).rejects.toThrow();
    expect(store.get().load.contextSize).toBe(4096);
  });
});
