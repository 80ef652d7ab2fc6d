// The sentence queue with jobs the test finishes by hand: one at a time, in order, two held at most, and a
// stop that aborts the running job and drops the waiting ones before they start.
import { describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import { createSpeechQueue, MAX_SENTENCES_AHEAD } from './speech-queue';

/** A job that records its start and finishes when the test says so (or fails when it is aborted). */
function controlledJob(log: string[], name: string) {
  let finish!: (value: string) => void;
  let signal: AbortSignal | null = null;
  const job = (given: AbortSignal) => {
    signal = given;
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      given.addEventListener('abort', () =>
        reject(new AppFailure('backend_failed', 'stopped', { reason: 'tts_stopped' })),
      );
    });
  };
  return { job, finish: (value = name) => finish(value), aborted: () => signal?.aborted ?? false };
}

const reasonOf = (error: unknown) => (error as AppFailure).details?.reason;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSpeechQueue', () => {
  it('holds two sentences at most and runs them one after another, in order', async () => {
    expect(MAX_SENTENCES_AHEAD).toBe(2);
    const log: string[] = [];
    const queue = createSpeechQueue<string>();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => controlledJob(log, name));
    const first = queue.push('a', a!.job);
    const second = queue.push('b', b!.job);
    expect(queue.size()).toBe(2);
    await expect(queue.push('c', c!.job)).rejects.toMatchObject({ details: { reason: 'tts_busy' } });
    expect(log).toEqual(['start a']);

    a!.finish();
    expect(await first).toBe('a');
    // The place came free before the answer arrived: a page asking for the next sentence at once finds room.
    expect(queue.size()).toBe(1);
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    // A place came free: a third sentence is taken now.
    const third = queue.push('c', c!.job);
    b!.finish();
    expect(await second).toBe('b');
    await settle();
    c!.finish();
    expect(await third).toBe('c');
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect(queue.size()).toBe(0);
  });

  it('stop() aborts the running sentence at once and drops the waiting one before it starts', async () => {
    const log: string[] = [];
    const queue = createSpeechQueue<string>();
    const [a, b] = ['a', 'b'].map((name) => controlledJob(log, name));
    const first = queue.push(undefined, a!.job).catch(reasonOf);
    const second = queue.push(undefined, b!.job).catch(reasonOf);
    expect(queue.stop()).toBe(2);
    expect(a!.aborted()).toBe(true);
    expect(await Promise.all([first, second])).toEqual(['tts_stopped', 'tts_stopped']);
    await settle();
    expect(log).toEqual(['start a']);
    expect(queue.size()).toBe(0);
  });

  it('stop(id) stops only that sentence; the others keep their turn', async () => {
    const log: string[] = [];
    const queue = createSpeechQueue<string>();
    const [a, b] = ['a', 'b'].map((name) => controlledJob(log, name));
    const first = queue.push('a', a!.job);
    const second = queue.push('b', b!.job).catch(reasonOf);
    expect(queue.stop('b')).toBe(1);
    expect(queue.stop('nobody')).toBe(0);
    expect(await second).toBe('tts_stopped');
    a!.finish();
    expect(await first).toBe('a');
    expect(log).toEqual(['start a']);
  });

  it('a failed sentence does not stop the next one', async () => {
    const queue = createSpeechQueue<string>();
    const failing = queue.push('x', () => Promise.reject(new Error('llama-tts failed'))).catch((e: Error) => e.message);
    const next = queue.push('y', () => Promise.resolve('spoken'));
    expect(await failing).toBe('llama-tts failed');
    expect(await next).toBe('spoken');
  });
});
