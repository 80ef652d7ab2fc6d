// The compare channels of the in-memory platform: three made-up model files, a
// plan against a made-up free memory, runs kept in memory whose columns answer
// with a canned sentence a tick after they are asked (streamed in two pieces,
// then done with server-like figures), votes, reveals, repeats and exports
// through the same pure code as the core.
import type { compareChannels } from '@shared/compare/compare-contract';
import { exportRun } from '@shared/compare/compare-export';
import { answerFigures } from '@shared/compare/compare-figures';
import {
  listedOrder,
  newRun,
  pendingTurns,
  repeatEntrants,
  withAnswer,
  withFollowUp,
  withVote,
} from '@shared/compare/compare-run';
import type {
  CompareCandidates,
  CompareEntrant,
  ComparePromptSet,
  CompareRun,
  CompareSchedule,
} from '@shared/compare/compare-types';
import { summaryOf, viewOf } from '@shared/compare/compare-view';
import type { EventName, EventPayloads } from '@shared/contract';
import type { Timers } from '../lib/timers';
import type { FakeHandler } from './fake-handler';
import { ok } from './fake-handler';

type CompareChannel = keyof typeof compareChannels;

export interface FakeCompareOptions {
  /** free memory the fake plans with (default 8 GiB: the three made-up models fit together) */
  compareFreeBytes?: number;
  /** ms before each column's answer arrives (default 0: the next tick) */
  compareAnswerMs?: number;
}

const MODELS = '/home/user/models';
export const FAKE_COMPARE_FILES: CompareCandidates['files'] = [
  {
    name: 'Qwen2.5 0.5B Instruct',
    fileName: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    quantization: 'Q4_K_M',
    sizeBytes: 491_400_032,
  },
  {
    name: 'Qwen2.5 0.5B Instruct',
    fileName: 'qwen2.5-0.5b-instruct-q8_0.gguf',
    quantization: 'Q8_0',
    sizeBytes: 675_710_816,
  },
  {
    name: 'Llama 3.2 1B Instruct',
    fileName: 'llama-3.2-1b-instruct-q4_k_m.gguf',
    quantization: 'Q4_K_M',
    sizeBytes: 807_694_464,
  },
].map((file) => ({ ...file, path: `${MODELS}/${file.fileName}` }));

export function createFakeCompare(deps: {
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  timers: Timers;
  now: () => number;
  options: FakeCompareOptions;
}): { [C in CompareChannel]: FakeHandler<C> } {
  const runs = new Map<string, CompareRun>();
  let sets: ComparePromptSet[] = [];
  let count = 0;
  const missing = (id: string) => ({
    ok: false as const,
    error: { code: 'not_found' as const, message: `no compare run ${id}` },
  });

  const plan = (entrants: readonly CompareEntrant[], oneAfterAnother = false): CompareSchedule => {
    const estimates = entrants.map((entrant, index) => ({
      columnId: 'abcd'[index]!,
      bytes: FAKE_COMPARE_FILES.find((file) => entrant.kind === 'file' && file.path === entrant.path)?.sizeBytes ?? 0,
    }));
    const neededBytes = estimates.reduce((sum, estimate) => sum + estimate.bytes, 0);
    const freeBytes = deps.options.compareFreeBytes ?? 8 * 2 ** 30;
    const fits = neededBytes <= freeBytes;
    return {
      mode: fits && !oneAfterAnother ? 'parallel' : 'sequential',
      reason: !fits ? 'memory' : oneAfterAnother ? 'chosen' : 'fits',
      neededBytes,
      freeBytes,
      estimates,
      tooLarge: [],
    };
  };

  const save = (run: CompareRun): CompareRun => {
    runs.set(run.id, run);
    deps.emit('compare:run', viewOf(run));
    return run;
  };

  const answerAll = (id: string): void => {
    let run = save({ ...runs.get(id)!, running: true });
    for (const column of run.columns)
      for (const turn of pendingTurns(column)) {
        deps.timers.setTimeout(() => {
          const text = `${column.name} answers: ${run.turns[turn]!.prompt}`;
          const half = Math.ceil(text.length / 2);
          const events = [
            { type: 'content' as const, text: text.slice(0, half) },
            { type: 'content' as const, text: text.slice(half) },
          ];
          run = runs.get(id)!;
          deps.emit('compare:stream', { runId: id, columnId: column.id, turn, events });
          const timings = {
            prompt_n: 12,
            prompt_ms: 40,
            prompt_per_second: 300,
            predicted_n: 9,
            predicted_ms: 214,
            predicted_per_second: 42,
          };
          run = withAnswer(
            run,
            column.id,
            turn,
            (answer) => ({
              ...answer,
              status: 'done',
              content: text,
              figures: answerFigures({
                timings,
                usage: null,
                ttftMs: 120,
                nCtx: 4096,
                peakRssBytes: 612 * 2 ** 20,
                rssSamples: 4,
                memorySource: 'server',
                loadMs: 800,
              }),
            }),
            deps.now(),
          );
          const finished = run.columns.every(
            (other) =>
              pendingTurns(other).length === 0 && other.answers.every((answer) => answer.status !== 'streaming'),
          );
          save({ ...run, running: !finished });
        }, deps.options.compareAnswerMs ?? 0);
        run = withAnswer(run, column.id, turn, (answer) => ({ ...answer, status: 'streaming' }), deps.now());
      }
    save(run);
  };

  const start = (
    entrants: CompareEntrant[],
    prompts: string[],
    settings: CompareRun['settings'],
    repeatOf: string | null,
    turns?: CompareRun['turns'],
  ) => {
    const run = newRun({
      id: `fake-run-${++count}`,
      now: deps.now(),
      entrants,
      prompts,
      settings,
      schedule: plan(entrants, settings.oneAfterAnother),
      order: listedOrder(entrants.length),
      repeatOf,
      turns,
    });
    save(run);
    answerAll(run.id);
    return ok(viewOf(runs.get(run.id)!));
  };

  const change = (id: string, edit: (run: CompareRun) => CompareRun) => {
    const run = runs.get(id);
    return run ? ok(viewOf(save(edit(run)))) : missing(id);
  };

  return {
    'compare:candidates': () => ok({ files: FAKE_COMPARE_FILES, pool: [] }),
    'compare:plan': ({ entrants, oneAfterAnother }) => ok(plan(entrants, oneAfterAnother)),
    'compare:start': ({ entrants, prompts, settings }) =>
      start(entrants, prompts, { ...settings, oneAfterAnother: settings.oneAfterAnother ?? false }, null),
    'compare:follow-up': ({ runId, prompt }) => {
      const run = runs.get(runId);
      if (!run) return missing(runId);
      save(withFollowUp(run, prompt, deps.now()));
      answerAll(runId);
      return ok(viewOf(runs.get(runId)!));
    },
    'compare:stop': ({ runId }) => change(runId, (run) => ({ ...run, running: false })),
    'compare:vote': ({ runId, turn, columnId }) => change(runId, (run) => withVote(run, turn, columnId, deps.now())),
    'compare:reveal': ({ runId }) => change(runId, (run) => ({ ...run, revealed: true })),
    'compare:list': () =>
      ok({ runs: [...runs.values()].map(summaryOf).sort((a, b) => b.createdAt - a.createdAt), unreadable: 0 }),
    'compare:open': ({ id }) => (runs.has(id) ? ok(viewOf(runs.get(id)!)) : missing(id)),
    'compare:delete': ({ id }) => ok({ deleted: runs.delete(id) }),
    'compare:export': ({ id, format }) =>
      runs.has(id) ? ok(exportRun(viewOf(runs.get(id)!), format, deps.now())) : missing(id),
    'compare:repeat': ({ id, swap }) => {
      const run = runs.get(id);
      if (!run) return missing(id);
      return start(
        repeatEntrants(run, swap),
        run.turns.map((turn) => turn.prompt),
        run.settings,
        run.id,
        run.turns,
      );
    },
    'compare:prompt-sets': () => ok({ sets }),
    'compare:save-prompt-set': (set) => {
      sets = [...sets.filter((other) => other.name !== set.name), set].sort((a, b) => a.name.localeCompare(b.name));
      return ok({ sets });
    },
    'compare:delete-prompt-set': ({ name }) => {
      sets = sets.filter((set) => set.name !== name);
      return ok({ sets });
    },
  };
}
