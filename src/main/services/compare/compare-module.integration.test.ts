// Compare through the core, as the page drives it, against the real llama-server: the tiny model, the tiny model
// trained for 16K tokens and the speculative target side by side; their answers stream, their figures are the
// server's own and this machine's; a follow-up goes to every column in its conversation; the run is saved and read
// back by a fresh core; with little memory free the models run one after another; Stop leaves no process.
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompareRunView } from '@shared/compare/compare-types';
import type { EventName, EventPayloads } from '@shared/contract';
import type { Core } from '@main/core';
import { createTestCore } from '@test-support/test-core';
import { testAssets } from '@test-support/test-assets';
import { descendants } from '@test-support/proc-tree';

const SETTINGS = {
  systemPrompt: 'You are a test.',
  sampling: { temperature: 0, seed: 1, max_tokens: 12 },
  contextSize: 512,
  blind: false,
  oneAfterAnother: false,
};

let cores: Core[] = [];

afterEach(async () => {
  for (const core of cores) await core.dispose();
  cores = [];
});

async function openCore(dataDir: string, freeMemory?: () => number): Promise<Core> {
  const core = await createTestCore(dataDir, { freeMemory });
  cores.push(core);
  await core.handlers['settings:update']({ load: { threads: 1 } });
  return core;
}

/** Every event the core pushes, kept in order, and a wait for the first one that fits. */
function record(core: Core) {
  const seen: Array<{ event: EventName; payload: unknown }> = [];
  const waiting: Array<{ test: () => boolean; resolve: () => void }> = [];
  core.events.attach((event, payload) => {
    seen.push({ event, payload });
    for (const wait of [...waiting])
      if (wait.test()) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
  });
  const runs = () =>
    seen.filter((item) => item.event === 'compare:run').map((item) => item.payload as EventPayloads['compare:run']);
  const streams = () =>
    seen
      .filter((item) => item.event === 'compare:stream')
      .map((item) => item.payload as EventPayloads['compare:stream']);
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => (test() ? resolve() : waiting.push({ test, resolve })));
  /** the run once it has `turns` turns, no longer answers and owes no answer */
  const finished = async (id: string, turns = 1): Promise<CompareRunView> => {
    const done = (run: CompareRunView) =>
      run.id === id &&
      run.turns.length === turns &&
      !run.running &&
      run.columns.every((column) =>
        column.answers.every((answer) => !['waiting', 'loading', 'streaming'].includes(answer.status)),
      );
    await until(() => runs().some(done));
    return runs().filter(done).at(-1)!;
  };
  return { runs, streams, until, finished };
}

/** This test's llama-servers running now whose model is one of `paths` (other tests may run the same files). */
function compareServers(paths: readonly string[]): number[] {
  return descendants(process.pid)
    .filter((child) => {
      const args = child.cmdline.split(' ');
      return args[0]?.endsWith('llama-server') && paths.includes(args[args.indexOf('-m') + 1] ?? '');
    })
    .map((child) => child.pid);
}

/** The text a column's stream carried for one turn. */
const streamedText = (streams: EventPayloads['compare:stream'][], columnId: string, turn: number) =>
  streams
    .filter((item) => item.columnId === columnId && item.turn === turn)
    .flatMap((item) => item.events)
    .map((event) => (event.type === 'content' ? event.text : ''))
    .join('');

describe('Compare against the real llama-server', () => {
  it('streams three models side by side with the server’s figures, follows up in each conversation, and is saved', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-compare-'));
    const models = [testAssets.tinyModel, testAssets.tinyLongModel, testAssets.specTarget];
    const core = await openCore(join(dir, 'data'));
    const events = record(core);
    const started = await core.handlers['compare:start']({
      entrants: models.map((path) => ({ kind: 'file' as const, path })),
      prompts: ['Say something about rivers.'],
      settings: SETTINGS,
    });
    expect(started.columns.map((column) => column.name)).toEqual(['tiny-llama', 'tiny-llama-long', 'spec-target-tiny']);
    const run = await events.finished(started.id);
    expect(run.schedule).toMatchObject({ mode: 'parallel', reason: 'fits' });
    // Together: all three servers ran at once, and stay up for a follow-up.
    expect(compareServers(models)).toHaveLength(3);
    for (const column of run.columns) {
      const [answer] = column.answers;
      expect(answer!.status).toBe('done');
      expect(answer!.content.length).toBeGreaterThan(0);
      expect(streamedText(events.streams(), column.id, 0)).toBe(answer!.content);
      const figures = answer!.figures;
      expect(figures.tokensPerSecond).toBeGreaterThan(0);
      expect(figures.promptTokensPerSecond).toBeGreaterThan(0);
      expect(figures.ttftMs).toBeGreaterThanOrEqual(0);
      expect(figures.generatedTokens).toBe(12);
      expect(figures.promptTokens).toBeGreaterThan(5);
      expect(figures.contextUsed).toBe(figures.promptTokens! + figures.generatedTokens!);
      expect(figures.nCtx).toBe(512);
      expect(figures.memorySource).toBe('server');
      // The model file is mapped in and the KV cache allocated: a resident set of megabytes, read more than once.
      expect(figures.peakRssBytes).toBeGreaterThan(4 * 2 ** 20);
      expect(figures.rssSamples).toBeGreaterThanOrEqual(2);
      expect(figures.loadMs).toBeGreaterThan(0);
    }

    const followed = await core.handlers['compare:follow-up']({ runId: run.id, prompt: 'And about the sea?' });
    expect(followed.turns.map((turn) => turn.followUp)).toEqual([false, true]);
    const after = await events.finished(run.id, 2);
    for (const column of after.columns) {
      const [first, second] = column.answers;
      expect(second!.status).toBe('done');
      // The follow-up was sent with the column's own first exchange before it.
      expect(second!.figures.promptTokens).toBeGreaterThan(first!.figures.contextUsed!);
      // The servers were kept: no second start.
      expect(second!.figures.loadMs).toBeNull();
    }
    await core.handlers['compare:vote']({ runId: run.id, turn: 1, columnId: 'b' });
    await core.dispose();
    cores = [];
    expect(compareServers(models)).toEqual([]);

    // A fresh core on the same data dir lists the run and opens it as it was.
    const again = await openCore(join(dir, 'data'));
    const { runs } = await again.handlers['compare:list'](undefined);
    expect(runs.map((summary) => [summary.id, summary.turns, summary.votes])).toEqual([[run.id, 2, 1]]);
    const reopened = await again.handlers['compare:open']({ id: run.id });
    expect(reopened.columns.map((column) => column.answers.map((answer) => answer.content))).toEqual(
      after.columns.map((column) => column.answers.map((answer) => answer.content)),
    );
    expect(reopened.votes).toEqual([expect.objectContaining({ turn: 1, columnId: 'b' })]);
    const csv = await again.handlers['compare:export']({ id: run.id, format: 'csv' });
    expect(csv.text.trim().split('\r\n')).toHaveLength(1 + 2 * 3);
  });

  it('runs the models one after another when the memory free does not hold them together, and says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-compare-seq-'));
    const alpha = join(dir, 'alpha.gguf');
    const beta = join(dir, 'beta.gguf');
    await copyFile(testAssets.tinyModel, alpha);
    await copyFile(testAssets.tinyLongModel, beta);
    let free = Number.MAX_SAFE_INTEGER;
    const core = await openCore(join(dir, 'data'), () => free);
    const entrants = [alpha, beta].map((path) => ({ kind: 'file' as const, path }));
    const plan = await core.handlers['compare:plan']({ entrants, contextSize: 512, oneAfterAnother: false });
    expect(plan.mode).toBe('parallel');
    // Room for the larger of the two, not for both.
    free = Math.max(...plan.estimates.map((estimate) => estimate.bytes)) + 1;
    const events = record(core);
    let most = 0;
    core.events.attach((event) => {
      if (event === 'compare:stream' || event === 'compare:run')
        most = Math.max(most, compareServers([alpha, beta]).length);
    });
    const started = await core.handlers['compare:start']({ entrants, prompts: ['One.', 'Two.'], settings: SETTINGS });
    expect(started.schedule).toMatchObject({ mode: 'sequential', reason: 'memory', freeBytes: free });
    expect(started.schedule.neededBytes).toBeGreaterThan(free);
    const run = await events.finished(started.id, 2);
    expect(run.columns.flatMap((column) => column.answers.map((answer) => answer.status))).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    // Each column's server started once for both prompts, and was stopped before the next column's began.
    expect(run.columns.map((column) => column.answers.map((answer) => answer.figures.loadMs !== null))).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(most).toBe(1);
    expect(compareServers([alpha, beta])).toEqual([]);
  });

  it('Stop ends the answers under way and every server the run started', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-compare-stop-'));
    const models = [testAssets.tinyModel, testAssets.tinyLongModel];
    const core = await openCore(join(dir, 'data'));
    const events = record(core);
    const started = await core.handlers['compare:start']({
      entrants: models.map((path) => ({ kind: 'file' as const, path })),
      prompts: ['Write a very long story.'],
      settings: { ...SETTINGS, sampling: { ...SETTINGS.sampling, max_tokens: 100_000 }, contextSize: 16_384 },
    });
    await events.until(() => new Set(events.streams().map((item) => item.columnId)).size === 2);
    const stopped = await core.handlers['compare:stop']({ runId: started.id });
    expect(stopped.running).toBe(false);
    expect(stopped.columns.map((column) => column.answers[0]!.status)).toEqual(['stopped', 'stopped']);
    expect(stopped.columns.every((column) => column.answers[0]!.content.length > 0)).toBe(true);
    expect(compareServers(models)).toEqual([]);
    expect(core.processes.pids()).toEqual([]);
  });
});
