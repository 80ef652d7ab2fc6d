import { describe, expect, it } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { streamedAnswer } from '../../test-support/streamed-answer';
import type { Timers } from '../../lib/timers';
import { createChatStore } from '../chat/chat-store';
import { createStreamFollower } from '../chat/stream-follower';
import { createSettingsStore } from '../settings/settings-store';
import { createStatusStore } from '../status/status-store';
import type { VoiceInfo } from './pick-voice';
import { createReadAloudStore } from './read-aloud-store';
import type { Speaker } from './speaker';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Node has no speech engine: this one records what it was asked to say and finishes sentences on demand. */
function recordingSpeaker(
  voices: VoiceInfo[] | null = [{ name: 'English', lang: 'en-US', default: true, localService: true }],
) {
  const said: string[] = [];
  const queue: Array<() => void> = [];
  const voiceListeners = new Set<() => void>();
  let list = voices;
  let cancels = 0;
  const speaker: Speaker = {
    voices: () => list,
    onVoicesChanged: (listener) => {
      voiceListeners.add(listener);
      return () => voiceListeners.delete(listener);
    },
    speak: (text, done) => {
      said.push(text);
      queue.push(done);
    },
    cancel: () => {
      cancels++;
      queue.splice(0).forEach((done) => done());
    },
  };
  return {
    speaker,
    said,
    cancels: () => cancels,
    finishAll: () => queue.splice(0).forEach((done) => done()),
    setVoices: (next: VoiceInfo[]) => {
      list = next;
      voiceListeners.forEach((listener) => listener());
    },
  };
}

function manualTimers(): Timers & { fire(): void } {
  const pending: Array<() => void> = [];
  return {
    setTimeout: (callback) => pending.push(callback),
    clearTimeout: () => {},
    fire: () => pending.splice(0).forEach((callback) => callback()),
  };
}

async function setup(options: { readAloud?: boolean; voices?: VoiceInfo[] | null } = {}) {
  const api = createMemoryPlatform();
  api.state.settings = { ...api.state.settings, readAloud: options.readAloud ?? true };
  const frames: Array<() => void> = [];
  const app = createSettingsStore(api);
  const status = createStatusStore(api);
  const follower = createStreamFollower(api, (callback) => frames.push(callback));
  let n = 0;
  const chat = createChatStore({
    api,
    app,
    status,
    follower,
    newId: () => `id${++n}`,
    sleep: () => Promise.resolve(),
    lastOpened: { get: () => null, set: () => {} },
  });
  const speech = recordingSpeaker(options.voices === undefined ? undefined : options.voices);
  const timers = manualTimers();
  const readAloud = createReadAloudStore({ chat, app, speaker: speech.speaker, timers });
  const stops = [follower.start(), status.start(), chat.start(), readAloud.start()];
  await app.refresh();
  await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/qwen.gguf' });
  await settle();

  const stream = (pieces: string[]) => streamedAnswer(api, () => frames.splice(0).forEach((run) => run()), pieces);
  return { api, app, chat, readAloud, speech, timers, stream, dispose: () => stops.forEach((stop) => stop()) };
}

describe('read-aloud store', () => {
  it('says each sentence once it is complete, and the rest when the answer is done', async () => {
    const { chat, readAloud, speech, stream } = await setup();
    const answer = stream(['Hello there. How ', 'are you? I am ', 'fine', ' thanks']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    expect(speech.said).toEqual(['Hello there.']);
    expect(readAloud.speaking.getState()).toBe(true);
    answer.push();
    expect(speech.said).toEqual(['Hello there.', 'How are you?']);
    answer.push();
    answer.push();
    expect(speech.said).toHaveLength(2);
    answer.end('done');
    await sent;
    expect(speech.said).toEqual(['Hello there.', 'How are you?', 'I am fine thanks']);
    speech.finishAll();
    expect(readAloud.speaking.getState()).toBe(false);
  });

  it('skips code blocks and speaks Chinese sentences without waiting for a space', async () => {
    const { chat, speech, stream } = await setup();
    const answer = stream(['好的。运行：\n```sh\nnpm test', '\n```\n完成！']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    expect(speech.said).toEqual(['好的。', '运行：']);
    answer.push();
    expect(speech.said).toEqual(['好的。', '运行：', '完成！']);
    answer.end('done');
    await sent;
    expect(speech.said).toHaveLength(3);
  });

  it('falls silent when the user stops the answer, and says nothing more of it', async () => {
    const { chat, readAloud, speech, stream } = await setup();
    const answer = stream(['One. Two. ', 'Three. Four']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    const cancelsBefore = speech.cancels();
    answer.end('stopped');
    await sent;
    expect(speech.cancels()).toBeGreaterThan(cancelsBefore);
    expect(speech.said).toEqual(['One.', 'Two.']);
    expect(readAloud.speaking.getState()).toBe(false);
  });

  it('falls silent when the user sends the next question', async () => {
    const { chat, speech, stream } = await setup();
    const first = stream(['First answer. Still going on and on. ']);
    const one = chat.send('Hi');
    await settle();
    first.push();
    first.end('done');
    await one;
    // Two sentences are still queued in the engine when the next question goes out.
    expect(speech.said).toEqual(['First answer.', 'Still going on and on.']);
    const cancels = speech.cancels();
    const second = stream(['Second. ']);
    const two = chat.send('Next');
    await settle();
    expect(speech.cancels()).toBeGreaterThan(cancels);
    second.push();
    expect(speech.said.at(-1)).toBe('Second.');
    second.end('done');
    await two;
  });

  it('stop() hushes the answer that is streaming for good', async () => {
    const { chat, readAloud, speech, stream } = await setup();
    const answer = stream(['One. ', 'Two. ', 'Three. ']);
    const sent = chat.send('Hi');
    await settle();
    answer.push();
    readAloud.stop();
    answer.push();
    answer.end('done');
    await sent;
    expect(speech.said).toEqual(['One.']);
  });

  it('says nothing when switched off, and switching off mid-answer falls silent', async () => {
    const off = await setup({ readAloud: false });
    const quiet = off.stream(['One. Two. ']);
    const sent = off.chat.send('Hi');
    await settle();
    quiet.push();
    quiet.end('done');
    await sent;
    expect(off.speech.said).toEqual([]);

    const on = await setup();
    const loud = on.stream(['One. ', 'Two. ']);
    const sending = on.chat.send('Hi');
    await settle();
    loud.push();
    const cancels = on.speech.cancels();
    expect((await on.readAloud.setEnabled(false)).ok).toBe(true);
    expect(on.api.state.settings.readAloud).toBe(false);
    expect(on.speech.cancels()).toBeGreaterThan(cancels);
    loud.push();
    loud.end('done');
    await sending;
    expect(on.speech.said).toEqual(['One.']);
  });

  it('reads a finished answer on request, code left out', async () => {
    const { readAloud, speech } = await setup({ readAloud: false });
    readAloud.readText('Step one. Then:\n```\nrm -rf x\n```\nDone');
    expect(speech.said).toEqual(['Step one.', 'Then:', 'Done']);
  });

  it('says when there is no voice, after giving the list time to fill in', async () => {
    const none = await setup({ voices: [] });
    expect(none.readAloud.availability.getState()).toBe('checking');
    none.timers.fire();
    expect(none.readAloud.availability.getState()).toBe('none');
    none.speech.setVoices([{ name: 'Ting-Ting', lang: 'zh-CN', default: false, localService: true }]);
    expect(none.readAloud.availability.getState()).toBe('available');

    const unsupported = await setup({ voices: null });
    expect(unsupported.readAloud.availability.getState()).toBe('unsupported');
    unsupported.readAloud.readText('Hello.');
    expect(unsupported.speech.said).toEqual([]);
  });
});
