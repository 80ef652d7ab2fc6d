// The workshop's convert channels on the in-memory platform: any folder is a
// 1B-parameter Hugging Face llama (a name ending in `empty` has nothing in it, one
// with `unsupported` names an architecture the script lacks, one with
// `custom-code` ships a tokenization_qwen.py its tokenizer_config.json maps); the Python
// environment starts unset (unless told otherwise) and a conversion first sets
// it up in five steps, then "reads" 12 tensors and "writes" in four parts, one a
// tick, with progress and log events. Cancel stops it; nothing is written.
import {
  CONVERT_OUT_TYPE_FACTS,
  CONVERT_OUT_TYPES,
  PYTHON_SETUP_STEPS,
  type ConvertPlan,
  type HfFolderCheck,
  type PythonEnvStatus,
} from '@shared/workshop/convert-types';
import { estimateConvertedBytes } from '@shared/workshop/convert-estimate';
import type { workshopChannels } from '@shared/workshop/workshop-contract';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import type { EventName, EventPayloads } from '@shared/contract';
import type { Timers } from '../lib/timers';
import type { Result } from './types';
import type { FakeHandler } from './fake-handler';

type ConvertChannel = Extract<
  keyof typeof workshopChannels,
  'workshop:convert-plan' | 'workshop:convert' | 'workshop:setup-python'
>;

const PARAMETERS = 1_000_000_000;
const TENSORS = 12;
const ENV_DIR = '/home/user/.config/eva-desktop/python/convert-env';
/** The hash of a `custom-code` folder's code. */
export const FAKE_CODE_HASH = 'c0de'.repeat(16);

export interface FakeConvertOptions {
  /** milliseconds between two steps of a fake conversion or Python setup (default 30) */
  convertTickMs?: number;
  /** the Python environment is set up already */
  pythonReady?: boolean;
}

export function createFakeConvert(deps: {
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  timers: Timers;
  options: FakeConvertOptions;
}) {
  const tick = deps.options.convertTickMs ?? 30;
  let pythonReady = deps.options.pythonReady ?? false;
  const written = new Set<string>();
  let running: { jobId: string; stop: () => void } | null = null;
  const python = (): PythonEnvStatus => ({
    ready: pythonReady,
    dir: ENV_DIR,
    python: pythonReady ? '3.11.7' : null,
    torch: pythonReady ? '2.13.0+cpu' : null,
  });

  /** Runs `steps` one a tick, then resolves with `done()`; Cancel resolves with the cancelled failure. */
  const job = <T>(jobId: string, steps: (() => void)[], done: () => T): Promise<Result<T>> =>
    new Promise((resolve) => {
      let at = 0;
      let timer: unknown = null;
      const finish = (result: Result<T>) => {
        running = null;
        resolve(result);
      };
      const step = () => {
        steps[at++]?.();
        if (at < steps.length) timer = deps.timers.setTimeout(step, tick);
        else finish({ ok: true, value: done() });
      };
      running = {
        jobId,
        stop: () => {
          deps.timers.clearTimeout(timer);
          finish({
            ok: false,
            error: {
              code: 'backend_failed',
              message: 'The conversion was cancelled.',
              details: { reason: 'cancelled' },
            },
          });
        },
      };
      timer = deps.timers.setTimeout(step, tick);
    });

  const progress = (jobId: string, rest: Omit<WorkshopProgress, 'jobId'>, line: string) => () => {
    deps.emit('workshop:progress', { jobId, ...rest });
    deps.emit('workshop:log', { jobId, lines: [line] });
  };
  const setupSteps = (jobId: string) =>
    PYTHON_SETUP_STEPS.map((step, index) =>
      progress(
        jobId,
        {
          phase: 'setup',
          done: index,
          total: PYTHON_SETUP_STEPS.length,
          tensor: null,
          step,
          ...(step === 'install_packages' ? { detail: 'torch' } : {}),
        },
        `setup: ${step}`,
      ),
    );
  const busy = (): Result<never> => ({
    ok: false,
    error: { code: 'already_running', message: 'another job is running', details: { reason: 'busy' } },
  });

  const handlers: { [C in ConvertChannel]: FakeHandler<C> } = {
    'workshop:convert-plan': (input) => ({ ok: true, value: planFor(input.folderPath, python(), written) }),
    'workshop:convert': (input) => {
      if (running) return busy();
      const plan = planFor(input.folderPath, python(), written);
      const [problem] = plan.folder.problems;
      if (problem)
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message: problem.reason,
            details: { reason: problem.reason, path: input.folderPath },
          },
        };
      // As the core's guard answers: the code is refused unless allowed for its very hash.
      if (plan.folder.code.hash !== null && input.allowFolderCode !== plan.folder.code.hash) {
        const message =
          "This model's tokenizer needs Python code shipped in its folder (tokenization_qwen.py); EVA does not run it unless you allow it on the folder's card.";
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message,
            details: {
              reason: 'folder_code_refused',
              kind: 'tokenizer',
              files: plan.folder.code.pyFiles,
              path: input.folderPath,
            },
          },
        };
      }
      if (written.has(input.outputPath) && !input.overwrite)
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message: `${input.outputPath} exists already`,
            details: { reason: 'output_exists', outputPath: input.outputPath },
          },
        };
      const setup = pythonReady ? [] : [...setupSteps(input.jobId), () => void (pythonReady = true)];
      const read = Array.from({ length: TENSORS }, (_, i) =>
        progress(
          input.jobId,
          { phase: 'convert', done: i + 1, total: 0, tensor: `blk.${i}.attn_q.weight` },
          `INFO:hf-to-gguf:blk.${i}.attn_q.weight, torch.bfloat16 --> F16, shape = {2048, 2048}`,
        ),
      );
      const bytes = estimateConvertedBytes(plan.folder, input.outType) ?? 0;
      const write = [1, 2, 3, 4].map((part) =>
        progress(
          input.jobId,
          { phase: 'write', done: (bytes * part) / 4, total: bytes, tensor: null },
          `Writing: ${part * 25}%`,
        ),
      );
      const started = Date.now();
      return job(input.jobId, [...setup, ...read, ...write], () => {
        written.add(input.outputPath);
        return {
          jobId: input.jobId,
          outputPath: input.outputPath,
          outType: input.outType,
          fileType: CONVERT_OUT_TYPE_FACTS[input.outType].fileType,
          bytes,
          tensors: TENSORS,
          architecture: plan.folder.architecture,
          ms: Date.now() - started,
          setupMs: setup.length > 0 ? 1 : null,
        };
      });
    },
    'workshop:setup-python': (input) => {
      if (running) return busy();
      if (pythonReady) return { ok: true, value: python() };
      return job(input.jobId, [...setupSteps(input.jobId), () => void (pythonReady = true)], python);
    },
  };
  return {
    handlers,
    /** Cancel of the convert job, for workshop:cancel; false when it is not this one's */
    cancel(jobId: string): boolean {
      if (running?.jobId !== jobId) return false;
      running.stop();
      return true;
    },
  };
}

function planFor(folderPath: string, python: PythonEnvStatus, written: ReadonlySet<string>): ConvertPlan {
  const name = folderPath.split(/[\\/]/).filter(Boolean).pop() ?? 'model';
  const parent = folderPath.slice(0, folderPath.length - name.length).replace(/[\\/]+$/, '');
  const empty = /empty$/i.test(name);
  const unsupported = /unsupported/i.test(name);
  const customCode = /custom-code/i.test(name);
  const folder: HfFolderCheck = {
    path: folderPath,
    name,
    architecture: empty ? null : unsupported ? 'FooForCausalLM' : 'LlamaForCausalLM',
    supported: empty ? null : !unsupported,
    weights: empty
      ? { files: [], bytes: 0, format: null, parameters: null }
      : { files: ['model.safetensors'], bytes: PARAMETERS * 2, format: 'safetensors', parameters: PARAMETERS },
    tokenizer: empty ? [] : ['tokenizer.json', 'tokenizer_config.json'],
    problems: empty
      ? [
          { reason: 'config_missing', file: 'config.json' },
          { reason: 'weights_missing', file: null },
          { reason: 'tokenizer_missing', file: null },
        ]
      : unsupported
        ? [{ reason: 'architecture_unsupported', file: 'config.json' }]
        : [],
    code: customCode
      ? {
          pyFiles: ['tokenization_qwen.py'],
          autoMap: [{ file: 'tokenizer_config.json', loader: 'AutoTokenizer', ref: 'tokenization_qwen.QWenTokenizer' }],
          hash: FAKE_CODE_HASH,
        }
      : { pyFiles: [], autoMap: [], hash: null },
  };
  return {
    folder,
    options: CONVERT_OUT_TYPES.map((type) => {
      const suggestedPath = `${parent}/${name}-${CONVERT_OUT_TYPE_FACTS[type].fileType}.gguf`;
      return {
        type,
        estimatedBytes: estimateConvertedBytes(folder, type),
        suggestedPath,
        exists: written.has(suggestedPath),
      };
    }),
    tools: { script: '/opt/eva/bin/convert/convert_hf_to_gguf.py' },
    python,
  };
}
