// The neural voice's speaker recording over the memory platform: Node has no microphone or decoder, so the
// stand-ins of recorder-setup.ts "record" a tone. What reaches voice:tts-save-speaker is whisper's input format.
import { describe, expect, it } from 'vitest';
import { parseWavHeader } from '@shared/audio/wav';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { decodeBase64, pcmMicrophone, tone, toneMicrophone } from '../../test-support/recorder-setup';
import type { DecodeAudio } from './capture';
import { createSpeakerClipStore } from './speaker-clip-store';

const file = (name: string) => ({ name, size: 4, arrayBuffer: () => Promise.resolve(new ArrayBuffer(4)) });
const decodes =
  (seconds: number): DecodeAudio =>
  () =>
    Promise.resolve({ channels: [tone(seconds, 44_100), tone(seconds, 44_100)], sampleRate: 44_100 });

function setup(options: { openMicrophone?: Parameters<typeof createSpeakerClipStore>[0]['openMicrophone'] } = {}) {
  const api = createMemoryPlatform();
  const mic = toneMicrophone();
  const store = createSpeakerClipStore({
    api,
    openMicrophone: options.openMicrophone ?? mic.open,
    decodeAudio: decodes(3),
  });
  const sentWavs = () =>
    api.calls
      .filter((call) => call.channel === 'voice:tts-save-speaker')
      .map((call) => parseWavHeader(decodeBase64((call.input as { wavBase64: string }).wavBase64)));
  return { api, mic, store, sentWavs };
}

describe('the speaker recording', () => {
  it('records with the microphone and keeps it as whisper input: 16 kHz mono, all of it', async () => {
    const { store, mic, sentWavs } = setup();
    expect(await store.record()).toBeNull();
    expect(store.state.getState().phase).toBe('recording');
    const result = await store.stop();
    expect(result).toEqual({ ok: true, clip: { path: '/data/voice/speaker-1.wav', audioMs: 1000 } });
    expect(mic.log).toEqual(['open', 'finish']);
    expect(sentWavs()).toEqual([expect.objectContaining({ sampleRate: 16_000, channels: 1, durationMs: 1000 })]);
    expect(store.state.getState().phase).toBe('idle');
  });

  it('takes a recording the browser made at 16 kHz as it is', async () => {
    const mic = pcmMicrophone();
    const { store, sentWavs } = setup({ openMicrophone: mic.open });
    await store.record();
    mic.speak(2);
    expect((await store.stop())?.ok).toBe(true);
    expect(sentWavs()[0]?.durationMs).toBeCloseTo(2000, -2);
  });

  it('decodes a picked file, mixes it down and keeps it', async () => {
    const { store, sentWavs } = setup();
    const result = await store.pick(file('me.mp3'));
    expect(result?.ok).toBe(true);
    expect(sentWavs()).toEqual([expect.objectContaining({ sampleRate: 16_000, channels: 1, durationMs: 3000 })]);
  });

  it('says why when the file is too long, cannot be decoded, or the microphone is refused', async () => {
    const api = createMemoryPlatform();
    const long = createSpeakerClipStore({ api, openMicrophone: toneMicrophone().open, decodeAudio: decodes(61) });
    expect(await long.pick(file('speech.wav'))).toEqual({
      ok: false,
      problem: { key: 'readAloud.neural.speakerTooLong', vars: { seconds: 60 } },
    });
    const broken = createSpeakerClipStore({
      api,
      openMicrophone: () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })),
      decodeAudio: () => Promise.reject(new Error('Unable to decode audio data')),
    });
    expect(await broken.pick(file('notes.txt'))).toEqual({
      ok: false,
      problem: { key: 'voice.decodeFailed', vars: { name: 'notes.txt', message: 'Unable to decode audio data' } },
    });
    expect(await broken.record()).toEqual({ key: 'voice.mic.denied', vars: { message: 'denied' } });
    expect(broken.state.getState().phase).toBe('idle');
    expect(api.calls.filter((call) => call.channel === 'voice:tts-save-speaker')).toEqual([]);
  });

  it('discard releases the microphone and keeps nothing', async () => {
    const { store, mic, sentWavs } = setup();
    await store.record();
    store.discard();
    expect(mic.log).toEqual(['open', 'discard']);
    expect(await store.stop()).toBeNull();
    expect(sentWavs()).toEqual([]);
  });
});
