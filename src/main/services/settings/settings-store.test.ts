import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Notice } from '@shared/contract';
import { openSettingsStore } from './settings-store';
import { defaultSettings } from '@shared/default-settings';

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
    const store = await openSettingsStore(
      dir,
      (n) => notices.push(n),
      () => 1234,
    );
    expect(store.get()).toEqual(defaultSettings());
    expect(notices).toHaveLength(1);
    expect(notices[0]?.code).toBe('settings_corrupt');
    expect(await readFile(join(dir, 'settings.json.corrupt-1234'), 'utf8')).toBe('{"version":1, "language": ');
  });

  it('treats schema violations as corrupt too', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, language: 'klingon' }));
    const notices: Notice[] = [];
    await openSettingsStore(
      dir,
      (n) => notices.push(n),
      () => 5,
    );
    expect(notices[0]?.message).toMatch(/language/);
  });

  it('fills keys missing from an older file from the defaults', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ version: 1, language: 'en', load: { contextSize: 1024 } }),
    );
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

  it('lands every one of 50 concurrent updates, in memory and on disk', async () => {
    const dir = await tempDir();
    const store = await openSettingsStore(dir, () => {});
    const models = Array.from({ length: 20 }, (_, i) => `/models/m${i}.gguf`);
    const updates = [
      ...models.map((_, i) => store.update({ recentModels: models.slice(0, i + 1) })),
      store.update({ language: 'zh' }),
      store.update({ hideToTrayOnClose: false }),
      store.update({ readAloud: true }),
      store.update({ voice: { modelPath: '/w/ggml-base.bin', language: 'de' } }),
      store.update({ hotkeys: { screenshot: 'F5', screenshotRegion: 'Shift+F5', record: 'F6' } }),
      store.update({ load: { contextSize: 8192 } }),
      store.update({ load: { threads: 6 } }),
      store.update({ load: { batchSize: 512 } }),
      store.update({ load: { parallel: 2 } }),
      store.update({ load: { port: 8123 } }),
      store.update({ load: { mlock: true } }),
      store.update({ load: { jinja: false } }),
      store.update({ load: { gpuLayers: 12 } }),
      store.update({ chat: { userName: 'Ada' } }),
      store.update({ chat: { modelName: 'Eva' } }),
      store.update({ chat: { sendKey: 'enter' } }),
      store.update({ chat: { autoTitle: true } }),
      store.update({ chat: { stopWords: ['###'] } }),
      store.update({ chat: { systemPrompt: 'Be brief.' } }),
      store.update({ tools: { maxSteps: 7 } }),
      store.update({ tools: { agentMode: true } }),
      store.update({ tools: { protocol: 'prompt' } }),
      store.update({ tools: { workspaceDir: '/work' } }),
      store.update({ tools: { policies: { execute_command: 'deny' } } }),
      store.update({ tools: { enabled: { controller: true } } }),
      store.update({ links: [{ id: 'l1', name: 'One', presetId: '', baseUrl: 'http://127.0.0.1:9000', model: '' }] }),
      store.update((current) => ({
        links: [
          ...current.links,
          { id: 'l2', name: 'Two', presetId: '', baseUrl: 'https://api.example.com/v1', model: 'm' },
        ],
      })),
      store.update({ chat: { endpoint: { kind: 'link', linkId: 'l2' } } }),
      store.update({ load: { flashAttention: 'on' } }),
      store.update({ load: { reasoningFormat: 'none' } }),
    ];
    expect(updates).toHaveLength(50);
    await Promise.all(updates);

    const expected = defaultSettings();
    Object.assign(expected, { recentModels: models, language: 'zh', hideToTrayOnClose: false, readAloud: true });
    expected.voice = { modelPath: '/w/ggml-base.bin', language: 'de' };
    expected.hotkeys = { screenshot: 'F5', screenshotRegion: 'Shift+F5', record: 'F6' };
    Object.assign(expected.load, {
      contextSize: 8192,
      threads: 6,
      batchSize: 512,
      parallel: 2,
      port: 8123,
      mlock: true,
      jinja: false,
      gpuLayers: 12,
      flashAttention: 'on',
      reasoningFormat: 'none',
    });
    Object.assign(expected.chat, {
      userName: 'Ada',
      modelName: 'Eva',
      sendKey: 'enter',
      autoTitle: true,
      stopWords: ['###'],
      systemPrompt: 'Be brief.',
      endpoint: { kind: 'link', linkId: 'l2' },
    });
    Object.assign(expected.tools, {
      maxSteps: 7,
      agentMode: true,
      protocol: 'prompt',
      workspaceDir: '/work',
      policies: { execute_command: 'deny' },
      enabled: { controller: true },
    });
    expected.links = [
      { id: 'l1', name: 'One', presetId: '', baseUrl: 'http://127.0.0.1:9000', model: '' },
      { id: 'l2', name: 'Two', presetId: '', baseUrl: 'https://api.example.com/v1', model: 'm' },
    ];
    expect(store.get()).toEqual(expected);
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual(expected);
    expect((await openSettingsStore(dir, () => {})).get()).toEqual(expected);
  });

  it('applies updates in call order, and a refused one fails only its caller', async () => {
    const dir = await tempDir();
    const store = await openSettingsStore(dir, () => {});
    const first = store.update({ load: { contextSize: 1000 } });
    const refused = store.update({ load: { contextSize: -1 } });
    const last = store.update({ load: { contextSize: 2000 } });
    await expect(first).resolves.toMatchObject({ load: { contextSize: 1000 } });
    await expect(refused).rejects.toThrow();
    await expect(last).resolves.toMatchObject({ load: { contextSize: 2000 } });
    expect(store.get().load.contextSize).toBe(2000);
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).load.contextSize).toBe(2000);
  });

  it('a failed write rejects its caller, keeps memory equal to the file, and later updates still work', async () => {
    const dir = await tempDir();
    const store = await openSettingsStore(dir, () => {});
    await store.update({ language: 'en' });
    const file = join(dir, 'settings.json');
    const saved = await readFile(file, 'utf8');
    // A directory where the file should be: the atomic rename fails.
    await rm(file);
    await mkdir(file);
    await expect(store.update({ language: 'zh' })).rejects.toThrow();
    expect(store.get().language).toBe('en');
    await rmdir(file);
    await writeFile(file, saved);
    await store.update({ readAloud: true });
    expect(store.get()).toMatchObject({ language: 'en', readAloud: true });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ language: 'en', readAloud: true });
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a patch of one nested field keeps its siblings', async () => {
    const dir = await tempDir();
    const store = await openSettingsStore(dir, () => {});
    await store.update({ chat: { sampling: { temperature: 0.2, top_k: 10 } } });
    await store.update({ chat: { userName: 'Ada' } });
    expect(store.get().chat).toMatchObject({
      userName: 'Ada',
      systemPrompt: defaultSettings().chat.systemPrompt,
      sampling: { temperature: 0.2, top_k: 10 },
    });
    // Sampling is saved whole: a field left out is "server default", not "keep the old value".
    expect(store.get().chat.sampling).toEqual({ temperature: 0.2, top_k: 10 });
    // Records are replaced, so a removed policy stays removed.
    await store.update({ tools: { policies: { a: 'deny', b: 'allow' } } });
    await store.update({ tools: { policies: { b: 'allow' } } });
    expect(store.get().tools).toMatchObject({ policies: { b: 'allow' }, maxSteps: 25 });
    // A union is replaced: back to local leaves no stale linkId.
    await store.update({ chat: { endpoint: { kind: 'link', linkId: 'x' } } });
    await store.update({ chat: { endpoint: { kind: 'local' } } });
    expect(store.get().chat.endpoint).toEqual({ kind: 'local' });
  });

  it('loads a file from an older version, missing whole sections and fields in every section, without a corrupt notice', async () => {
    const dir = await tempDir();
    const old = {
      version: 1,
      language: 'en',
      load: { modelPath: '/m/a.gguf', contextSize: 1024 },
      chat: { userName: 'Ada', sampling: { temperature: 1.1 } },
      tools: { maxSteps: 9, policies: { execute_command: 'ask' } },
      hotkeys: { screenshot: 'F7' },
      voice: { language: 'fr' },
      links: [{ id: 'l1', name: 'One', presetId: '', baseUrl: 'http://127.0.0.1:9000', model: '' }],
      // hideToTrayOnClose, recentModels and readAloud are missing entirely.
    };
    await writeFile(join(dir, 'settings.json'), JSON.stringify(old));
    const notices: Notice[] = [];
    const store = await openSettingsStore(dir, (n) => notices.push(n));
    expect(notices).toEqual([]);
    const defaults = defaultSettings();
    expect(store.get()).toEqual({
      ...defaults,
      language: 'en',
      links: old.links,
      load: { ...defaults.load, modelPath: '/m/a.gguf', contextSize: 1024 },
      chat: { ...defaults.chat, userName: 'Ada', sampling: { temperature: 1.1 } },
      tools: { ...defaults.tools, maxSteps: 9, policies: { execute_command: 'ask' } },
      hotkeys: { ...defaults.hotkeys, screenshot: 'F7' },
      voice: { ...defaults.voice, language: 'fr' },
    });
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('still treats a genuinely invalid value inside a section as corrupt', async () => {
    const dir = await tempDir();
    const text = JSON.stringify({ version: 1, hotkeys: { screenshot: 42 }, load: { contextSize: 1024 } });
    await writeFile(join(dir, 'settings.json'), text);
    const notices: Notice[] = [];
    const store = await openSettingsStore(
      dir,
      (n) => notices.push(n),
      () => 77,
    );
    expect(store.get()).toEqual(defaultSettings());
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      code: 'settings_corrupt',
      message: expect.stringContaining('hotkeys.screenshot'),
    });
    expect(await readFile(join(dir, 'settings.json.corrupt-77'), 'utf8')).toBe(text);
  });
});
