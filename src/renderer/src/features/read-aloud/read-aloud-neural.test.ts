// Read aloud with the neural voice, the whole feature over the memory platform: the chat streams an answer, the
// sentences go to voice:tts-speak (held until the test answers them), and a recording player stands in for the
// audio output tests lack. On a CPU backend the answer is read once it is done, unless the user asked otherwise.
import { describe, expect, it } from 'vitest';
import type { TtsSettings } from '@shared/audio/tts-settings';
import { defaultTtsSettings } from '@shared/audio/tts-settings';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { holdSpeech, recordingPlayer } from '../../test-support/neural-voice';
import { streamedAnswer } from '../../test-support/streamed-answer';
import { createChatStore } from '../chat/chat-store';
import { createStreamFollower } from '../chat/stream-follower';
import { createSettingsStore } from '../settings/settings-store';
import { createStatusStore } from '../status/status-store';
import { createReadAloud } from './read-aloud-feature';
import type { Speaker } from './speaker';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The system's voices, which tests do not have: a speaker that only records what it was asked to say. */
function recordingSystemSpeaker() {
  const said: string[] = [];
  const speaker: Speaker = {
    voices: () => [{ name: 'English', lang: 'en-US', default: true, localService: true }],
    onVoicesChanged: () => () => {},
    speak: (text) => void said.push(text),
    cancel: () => {},
  };
  return { speaker, said };
}

async function setup(options: { tts?: Partial<TtsSettings>; backend?: 'cpu' | 'cuda' } = {}) {
  const api = createMemoryPlatform({
    backends: [
      { kind: options.backend ?? 'cpu', serverPath: '/opt/eva/bin/llama-server', executable: true, build: null },
    ],
  });
  const tts = {
    ...defaultTtsSettings(),
    source: 'neural' as const,
    modelPath: '/voices/qwen3-tts.gguf',
    ...options.tts,
  };
  api.state.settings = { ...api.state.settings, readAloud: true, tts };
  const frames: Array<() => void> = [];
  const app = createSettingsStore(api);
  const status = createStatusStore(api);
  const follower = createStreamFollower(api, (callback) => frames.push(callback));
  let n = 0;
  const chat = createChatStore({ api, app, status, follower, newId: () => `id${++n}`, sleep: () => Promise.resolve() });
  const speech = holdSpeech(api);
  const player = recordingPlayer();
  const system = recordingSystemSpeaker();
  const reported: unknown[] = [];
  const readAloud = createReadAloud({
    api,
    chat,
    app,
    status,
    report: (e) => reported.push(e),
    system: system.speaker,
    player,
  });
  const stops = [follower.start(), status.start(), chat.start(), readAloud.start()];
  await app.refresh();
  await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/qwen.gguf' });
  await settle();

  const stream = (pieces: string[]) => streamedAnswer(api, () => frames.splice(0).forEach((run) => run()), pieces);
  const asked = () => speech.asked.map((input) => input.text);
  return { api, chat, readAloud, speech, player, system, stream, asked, dispose: () => stops.forEach((s) => s()) };
}

describe('read aloud with the neural voice', () => {
  it('on a CPU backend, waits until the answer is done, then reads it in order', async () => {
    const { chat, stream, asked, speech, player, system, readAloud } = await setup({ backend: 'cpu' });
    expect(readAloud.availability.getState()).toBe('available');
    const answer = stream(['One is here. ', 'Two is here. ', 'Three']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    answer.push();
    expect(asked()).toEqual([]);
    answer.push();
    answer.end();
    await sent;
    expect(asked()).toEqual(['One is here.', 'Two is here.']);
    expect(readAloud.speaking.getState()).toBe(true);
    await speech.answer('One is here.');
    expect(player.played).toHaveLength(1);
    player.end();
    await settle();
    expect(asked()).toEqual(['One is here.', 'Two is here.', 'Three']);
    expect(system.said).toEqual([]);
  });

  it('on a CPU backend, reads while the answer streams when the user asked for it', async () => {
    const { chat, stream, asked } = await setup({ backend: 'cpu', tts: { streamOnCpu: true } });
    const answer = stream(['One is here. ', 'Two']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    expect(asked()).toEqual(['One is here.']);
    answer.push();
    answer.end();
    await sent;
    expect(asked()).toEqual(['One is here.', 'Two']);
  });

  it('on a GPU backend, reads while the answer streams', async () => {
    const { chat, stream, asked } = await setup({ backend: 'cuda' });
    const answer = stream(['One is here. ', 'Two']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    expect(asked()).toEqual(['One is here.']);
    answer.end();
    await sent;
  });

  it('Stop stops playback and the synthesis in the core, and nothing more of the answer is read', async () => {
    const { api, chat, stream, asked, speech, player, readAloud } = await setup({ backend: 'cuda' });
    const answer = stream(['One is here. Two is here. Three is here. ', 'Four is here.']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    await speech.answer('One is here.');
    expect(player.facts.getState().playing).toBe(true);
    readAloud.stop();
    expect(player.facts.getState().playing).toBe(false);
    expect(readAloud.speaking.getState()).toBe(false);
    const stopped = api.calls.filter((call) => call.channel === 'voice:tts-stop');
    expect(stopped.length).toBeGreaterThan(0);
    answer.push();
    answer.end();
    await sent;
    await settle();
    expect(speech.pending()).toEqual([]);
    expect(asked()).not.toContain('Four is here.');
  });

  it('the system source reads with the system voices, never the neural one', async () => {
    const { chat, stream, asked, system } = await setup({ backend: 'cuda', tts: { source: 'system' } });
    const answer = stream(['One is here. ']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    answer.end();
    await sent;
    expect(system.said).toEqual(['One is here.']);
    expect(asked()).toEqual([]);
  });
});
