// Speaker recordings kept in the data dir (real files in a temp folder): a new name each time, the one the
// settings use never removed, the others tidied away, and anything but a WAV of a sensible length refused.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SPEAKER_MS } from '@shared/audio/tts-schemas';
import { encodeWav16Mono } from '@shared/audio/wav';
import { AppFailure } from '@shared/errors';
import { saveSpeakerClip, speakerClipDir } from './speaker-clips';

const wav = (seconds: number) =>
  encodeWav16Mono(
    Float32Array.from({ length: seconds * 16_000 }, (_, i) => 0.3 * Math.sin(i / 5)),
    16_000,
  );

async function setup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-speaker-'));
  let inUse = '';
  let clock = 1000;
  const deps = { dataDir, inUse: () => inUse, now: () => clock++ };
  return { dataDir, deps, use: (path: string) => (inUse = path) };
}

describe('speaker recordings', () => {
  it('keeps each recording under a new name and removes the old ones the settings do not use', async () => {
    const { dataDir, deps, use } = await setup();
    const first = await saveSpeakerClip(deps, wav(2));
    expect(first).toEqual({ path: join(speakerClipDir(dataDir), 'speaker-1000.wav'), audioMs: 2000 });
    expect(new Uint8Array(await readFile(first.path))).toEqual(wav(2));
    use(first.path);
    const second = await saveSpeakerClip(deps, wav(1));
    const third = await saveSpeakerClip(deps, wav(1));
    // The one in use stays; the unsaved second choice went when the third came.
    expect((await readdir(speakerClipDir(dataDir))).sort()).toEqual(['speaker-1000.wav', 'speaker-1002.wav']);
    expect(second.path).not.toBe(third.path);
  });

  it('leaves files it did not make alone', async () => {
    const { dataDir, deps } = await setup();
    await saveSpeakerClip(deps, wav(1));
    await writeFile(join(speakerClipDir(dataDir), 'notes.txt'), 'mine');
    await saveSpeakerClip(deps, wav(1));
    expect((await readdir(speakerClipDir(dataDir))).sort()).toEqual(['notes.txt', 'speaker-1001.wav']);
  });

  it('refuses what is not a WAV, an empty one and one longer than a minute', async () => {
    const { dataDir, deps } = await setup();
    const reason = (promise: Promise<unknown>) =>
      promise.then(
        () => 'saved',
        (error: unknown) => (error instanceof AppFailure ? error.details?.reason : String(error)),
      );
    expect(await reason(saveSpeakerClip(deps, new TextEncoder().encode('ID3 not a wav')))).toBe('audio_invalid');
    expect(await reason(saveSpeakerClip(deps, wav(0)))).toBe('audio_invalid');
    expect(await reason(saveSpeakerClip(deps, wav(MAX_SPEAKER_MS / 1000 + 1)))).toBe('too_long');
    expect(await readdir(dataDir)).toEqual([]);
  });
});
