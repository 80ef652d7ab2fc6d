// The page's queue of the neural voice, over the memory platform's voice:tts-* (answered when the test says, so
// sentences can be held "being made") and a recording player standing in for the audio output tests lack.
import { describe, expect, it } from 'vitest';
import type { AppError } from '@shared/errors';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { handTimers } from '../../test-support/hand-timers';
import { holdSpeech, recordingPlayer } from '../../test-support/neural-voice';
import { BUSY_RETRY_MS, createNeuralSpeaker, MAX_AHEAD, type NeuralVoice } from './neural-speaker';

const voice: NeuralVoice = { modelPath: '/voices/qwen3-tts.gguf', language: 'auto', speed: 1.25 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { voice?: NeuralVoice | null } = {}) {
  const api = createMemoryPlatform();
  const speech = holdSpeech(api);
  const player = recordingPlayer();
  const reported: AppError[] = [];
  const { timers, tick } = handTimers();
  let n = 0;
  const speaker = createNeuralSpeaker({
    api,
    player,
    voice: () => (options.voice === undefined ? voice : options.voice),
    newId: () => `s${++n}`,
    report: (error) => reported.push(error),
    timers,
  });
  const done: string[] = [];
  const say = (...texts: string[]) => texts.forEach((text) => speaker.speak(text, () => done.push(text)));
  const stops = () => api.calls.filter((call) => call.channel === 'voice:tts-stop').map((call) => call.input);
  const pendingTexts = () => speech.pending().map((input) => input.text);
  return { api, speech, player, speaker, reported, done, say, stops, pendingTexts, tick };
}

describe('the neural voice in the page', () => {
  it('plays the sentences in the order they were given, even when a later one is made first', async () => {
    const { speech, player, say, done } = setup();
    say('One.', 'Two.');
    await speech.answer('Two.');
    expect(player.played).toHaveLength(0);
    await speech.answer('One.');
    expect(player.played).toHaveLength(1);
    expect(player.facts.getState().playing).toBe(true);
    player.end();
    await settle();
    expect(done).toEqual(['One.']);
    expect(player.played).toHaveLength(2);
    player.end();
    await settle();
    expect(done).toEqual(['One.', 'Two.']);
    expect(speech.asked.map((input) => input.text)).toEqual(['One.', 'Two.']);
  });

  it('asks for at most two sentences ahead of the one playing, and the next as soon as there is room', async () => {
    const { speech, player, say, pendingTexts } = setup();
    say('One.', 'Two.', 'Three.', 'Four.', 'Five.');
    expect(pendingTexts()).toEqual(['One.', 'Two.']);
    await speech.answer('One.');
    // One plays; Two is being made and Three joins it.
    expect(pendingTexts()).toEqual(['Two.', 'Three.']);
    await speech.answer('Two.');
    // Two waits ready and Three is being made: that is two ahead, so Four waits in the page.
    expect(pendingTexts()).toEqual(['Three.']);
    player.end();
    await settle();
    expect(pendingTexts()).toEqual(['Three.', 'Four.']);
    expect(pendingTexts()).toHaveLength(MAX_AHEAD);
    expect(speech.asked.map((input) => input.text)).toEqual(['One.', 'Two.', 'Three.', 'Four.']);
  });

  it('sends each sentence with the voice files and the language its script asks for', async () => {
    const { speech, say } = setup({ voice: { ...voice, mmprojPath: '/voices/mmproj.gguf', speakerPath: '/d/s.wav' } });
    say('Hello.', '你好。');
    expect(speech.pending()).toEqual([
      {
        modelPath: voice.modelPath,
        mmprojPath: '/voices/mmproj.gguf',
        speakerPath: '/d/s.wav',
        text: 'Hello.',
        language: 'en',
        requestId: 's1',
      },
      expect.objectContaining({ text: '你好。', language: 'zh', requestId: 's2' }),
    ]);
  });

  it('stop silences the player, stops the synthesis in the core and forgets the queue', async () => {
    const { speech, player, speaker, say, done, stops, pendingTexts, reported } = setup();
    say('One.', 'Two.', 'Three.');
    await speech.answer('One.');
    expect(pendingTexts()).toEqual(['Two.', 'Three.']);
    speaker.cancel();
    expect(player.stops()).toBeGreaterThan(0);
    expect(player.facts.getState().playing).toBe(false);
    expect(stops()).toEqual([{ requestId: 's2' }, { requestId: 's3' }]);
    expect(speaker.held.getState()).toBe(0);
    // The core answered them tts_stopped: nothing more plays, nothing is said to be done, and nothing is reported.
    await settle();
    expect(pendingTexts()).toEqual([]);
    expect(player.played).toHaveLength(1);
    expect(done).toEqual([]);
    expect(reported).toEqual([]);

    say('Again.');
    await speech.answer('Again.');
    expect(player.played).toHaveLength(2);
  });

  it('a voice that cannot speak is reported once, and the sentences end without a sound', async () => {
    const { speech, player, say, done, reported, pendingTexts } = setup();
    const wrong = {
      code: 'model_invalid' as const,
      message: '/voices/x.gguf is a chat model.',
      reason: 'tts_not_tts_model',
    };
    say('One.', 'Two.');
    await speech.answer('One.', wrong);
    expect(done).toEqual(['One.', 'Two.']);
    expect(pendingTexts()).toEqual([]);
    expect(reported.map((error) => error.details?.reason)).toEqual(['tts_not_tts_model']);
    // The next sentence of a streaming answer fails the same way: the user has heard it already.
    say('Three.');
    await speech.answer('Three.', wrong);
    expect(reported).toHaveLength(1);
    expect(player.played).toEqual([]);
  });

  it('asks again a moment later when the core is busy with another window', async () => {
    const { speech, say, tick, pendingTexts } = setup();
    say('One.');
    await speech.answer('One.', { code: 'already_running', message: 'busy', reason: 'tts_busy' });
    expect(pendingTexts()).toEqual([]);
    await tick();
    expect(pendingTexts()).toEqual(['One.']);
    expect(BUSY_RETRY_MS).toBeGreaterThan(0);
  });

  it('a long sentence goes in pieces, and is done after the last one', async () => {
    const { speech, player, say, done, pendingTexts } = setup();
    const long = `${'word '.repeat(60)}end, ${'more '.repeat(30)}stop.`;
    say(long);
    const [first, second] = pendingTexts();
    expect(first?.length).toBeLessThanOrEqual(200);
    await speech.answer(first ?? '');
    player.end();
    await settle();
    expect(done).toEqual([]);
    await speech.answer(second ?? '');
    const rest = pendingTexts();
    for (const text of rest) await speech.answer(text);
    while (player.facts.getState().playing) {
      player.end();
      await settle();
    }
    expect(done).toEqual([long]);
  });

  it('says nothing without a chosen voice', () => {
    const { speech, say, done } = setup({ voice: null });
    say('One.');
    expect(speech.asked).toEqual([]);
    expect(done).toEqual(['One.']);
  });

  it('Test silences the reading, speaks with the voice it is given and answers how it went', async () => {
    const { speech, player, speaker, say, done, stops } = setup();
    say('Reading.');
    const other = { ...voice, modelPath: '/voices/unsaved.gguf' };
    const tested = speaker.test(other, 'Hello, this is the voice.');
    expect(stops()).toEqual([{ requestId: 's1' }]);
    expect(speech.pending().at(-1)).toEqual(expect.objectContaining({ modelPath: '/voices/unsaved.gguf' }));
    await speech.answer('Hello, this is the voice.');
    player.end();
    const outcome = await tested;
    expect(outcome.kind).toBe('played');
    if (outcome.kind === 'played') expect(outcome.speech.audioMs).toBeGreaterThan(0);
    expect(done).toEqual([]);

    const stopped = speaker.test(other, 'Again.');
    speaker.cancel();
    expect((await stopped).kind).toBe('stopped');
  });
});
