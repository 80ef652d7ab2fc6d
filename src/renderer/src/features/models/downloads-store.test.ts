// Downloads against the in-memory platform's pretend hub, on a hand-moved clock:
// progress events, the checksum phase, Cancel keeping the partial bytes, Resume
// picking them up, the library told when a file is done, and a refused start.
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../lib/timers';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createDownloadsStore, latestFor, latestPerFile } from './downloads-store';

const REPO = 'Qwen/Qwen2.5-0.5B-Instruct-GGUF';
const FILE = 'qwen2.5-0.5b-instruct-q4_k_m.gguf';

function clock(): { timers: Timers; tick: () => Promise<void> } {
  const queue = new Map<number, () => void>();
  let next = 0;
  return {
    timers: { setTimeout: (cb) => (queue.set(++next, cb), next), clearTimeout: (h) => void queue.delete(h as number) },
    tick: async () => {
      const due = [...queue.values()];
      queue.clear();
      for (const cb of due) cb();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function setup() {
  const { timers, tick } = clock();
  const api = createMemoryPlatform({ timers });
  const done: string[] = [];
  const downloads = createDownloadsStore({ api, onDone: (state) => done.push(state.dest) });
  const stop = downloads.start();
  return { api, downloads, done, tick, stop };
}

describe('downloads store', () => {
  it('follows a download through progress and verifying to done, and tells the library once', async () => {
    const { downloads, done, tick } = setup();
    await downloads.download(REPO, FILE);
    const phases: string[] = [];
    downloads.store.subscribe((state) => phases.push(`${latestFor(state.byId, REPO, FILE)?.phase}`));
    for (let i = 0; i < 6; i++) await tick();
    expect(phases).toEqual(['downloading', 'downloading', 'downloading', 'verifying', 'done']);
    expect(done).toEqual([`/home/user/.eva/models/${FILE}`]);
  });

  it('cancel keeps the partial file; starting again resumes from it and replaces the cancelled attempt', async () => {
    const { downloads, tick } = setup();
    await downloads.download(REPO, FILE);
    await tick();
    const first = latestFor(downloads.store.getState().byId, REPO, FILE);
    await downloads.cancel(first?.id ?? '');
    expect(latestFor(downloads.store.getState().byId, REPO, FILE)?.phase).toBe('cancelled');
    await downloads.download(REPO, FILE);
    const again = latestFor(downloads.store.getState().byId, REPO, FILE);
    expect(again?.phase).toBe('downloading');
    expect(again?.resumedFrom).toBe(first?.receivedBytes);
    expect(again?.resumedFrom).toBeGreaterThan(0);
    expect(latestPerFile(downloads.store.getState().byId).map((d) => d.id)).toEqual([again?.id]);
  });

  it('picks up downloads already under way when it starts (a reopened window)', async () => {
    const { api, tick } = setup();
    await api.invoke('models:start-download', { repo: REPO, file: FILE });
    await tick();
    const late = createDownloadsStore({ api, onDone: () => {} });
    late.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(latestFor(late.store.getState().byId, REPO, FILE)?.phase).toBe('downloading');
  });

  it('keeps a refused start as an error of that file', async () => {
    const { downloads } = setup();
    await downloads.download(REPO, 'nope.gguf');
    expect(downloads.store.getState().startErrors[`${REPO}/nope.gguf`]?.code).toBe('not_found');
  });
});
