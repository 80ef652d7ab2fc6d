// settings.tts in the real settings file: a file written before the neural voice loads with the defaults, and a
// patch of one field keeps the others.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTtsSettings, TtsSettingsSchema } from '@shared/audio/tts-settings';
import type { Notice } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { openSettingsStore } from '../../settings/settings-store';

describe('settings.tts', () => {
  it('a settings file from before the neural voice loads, with the system voice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-tts-settings-'));
    const { tts: _tts, ...older } = defaultSettings();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ ...older, readAloud: true }));
    const notices: Notice[] = [];
    const store = await openSettingsStore(dir, (notice) => notices.push(notice));
    expect(notices).toEqual([]);
    expect(store.get().readAloud).toBe(true);
    expect(store.get().tts).toEqual(defaultTtsSettings());
    // Each field has its own default too, for a file holding only some of them.
    expect(TtsSettingsSchema.parse({ source: 'neural' })).toEqual({ ...defaultTtsSettings(), source: 'neural' });
  });

  it('a patch of some fields keeps the others, and a speed out of range is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-tts-settings-'));
    const store = await openSettingsStore(dir, () => {});
    await store.update({ tts: { source: 'neural', modelPath: '/voices/qwen3-tts.gguf', speed: 1.5 } });
    await store.update({ tts: { language: 'zh' } });
    const onDisk = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(onDisk.tts).toEqual({
      ...defaultTtsSettings(),
      source: 'neural',
      modelPath: '/voices/qwen3-tts.gguf',
      speed: 1.5,
      language: 'zh',
    });
    await expect(store.update({ tts: { speed: 5 } })).rejects.toThrow();
    expect(store.get().tts.speed).toBe(1.5);
  });
});
