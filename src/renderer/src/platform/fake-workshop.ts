// The workshop channels of the in-memory platform: any `.gguf` path is a 1 GB F16
// model (one whose name says q4_0 is quantized already), each type's size follows
// its bits per weight, and a quantization "writes" 12 tensors, one per tick, with
// progress events. Cancel stops it; nothing is written. The convert channels
// are fake-convert.ts's.
import type { EventName, EventPayloads } from '@shared/contract';
import { QUANT_TYPES, type QuantTypeName } from '@shared/workshop/quant-types';
import type { workshopChannels } from '@shared/workshop/workshop-contract';
import type { QuantizePlan } from '@shared/workshop/workshop-types';
import type { Timers } from '../lib/timers';
import { createFakeConvert, type FakeConvertOptions } from './fake-convert';
import type { FakeHandler } from './fake-handler';

type WorkshopChannel = keyof typeof workshopChannels;

const SOURCE_BYTES = 1_000_000_000;
const TENSORS = 12;
// Rough bits per weight, as llama-quantize's own type list gives them.
const BITS: Record<QuantTypeName, number> = {
  F16: 16,
  BF16: 16,
  Q8_0: 8.5,
  Q6_K: 6.6,
  Q5_K_M: 5.7,
  Q5_K_S: 5.5,
  Q5_0: 5.5,
  Q4_K_M: 4.9,
  Q4_K_S: 4.6,
  Q4_0: 4.5,
  IQ4_NL: 4.5,
  IQ4_XS: 4.3,
  Q3_K_L: 4.3,
  Q3_K_M: 3.9,
  Q3_K_S: 3.5,
  IQ3_M: 3.7,
  IQ3_XXS: 3.1,
  Q2_K: 3.0,
  IQ2_M: 2.7,
  IQ2_XS: 2.3,
  IQ2_XXS: 2.1,
  IQ1_M: 1.8,
  IQ1_S: 1.6,
};

export interface FakeWorkshopOptions extends FakeConvertOptions {
  /** milliseconds between two tensors of a fake quantization (default 30) */
  workshopTickMs?: number;
  /** paths the fake plan reports as existing already */
  existingFiles?: string[];
}

export function createFakeWorkshop(deps: {
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  timers: Timers;
  options: FakeWorkshopOptions;
}): { [C in WorkshopChannel]: FakeHandler<C> } {
  const tick = deps.options.workshopTickMs ?? 30;
  const existing = new Set(deps.options.existingFiles ?? []);
  let running: { jobId: string; stop: () => void } | null = null;
  const suggested = (path: string, type: string) => path.replace(/(-(F16|Q4_0))?\.gguf$/i, `-${type}.gguf`);
  const convert = createFakeConvert(deps);

  return {
    ...convert.handlers,
    'workshop:plan': (input) => {
      const path = input.modelPath;
      if (!/\.gguf$/i.test(path))
        return {
          ok: false,
          error: { code: 'model_invalid', message: `not a GGUF file: ${path}`, details: { reason: 'not_gguf', path } },
        };
      const quantized = /q4_0/i.test(path);
      const name = path
        .split(/[\\/]/)
        .pop()!
        .replace(/\.gguf$/i, '');
      const plan: QuantizePlan = {
        model: { path, name, fileType: quantized ? 'Q4_0' : 'F16', bytes: SOURCE_BYTES, quantized },
        options: QUANT_TYPES.map((type) => ({
          type: type.name,
          estimatedBytes: Math.round((SOURCE_BYTES * BITS[type.name]) / 16),
          needsImatrix: type.needsImatrix,
          suggestedPath: suggested(path, type.name),
          exists: existing.has(suggested(path, type.name)),
        })),
        tools: { quantize: '/opt/eva/bin/cpu/llama-quantize', imatrix: '/opt/eva/bin/cpu/llama-imatrix' },
      };
      return { ok: true, value: plan };
    },
    'workshop:quantize': (input) => {
      if (running)
        return {
          ok: false,
          error: { code: 'already_running', message: 'another quantization is running', details: { reason: 'busy' } },
        };
      if (existing.has(input.outputPath) && !input.overwrite) {
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message: `${input.outputPath} exists already`,
            details: { reason: 'output_exists', outputPath: input.outputPath },
          },
        };
      }
      const started = Date.now();
      return new Promise((resolve) => {
        let done = 0;
        let timer: unknown = null;
        const finish = (result: Awaited<ReturnType<FakeHandler<'workshop:quantize'>>>) => {
          running = null;
          resolve(result);
        };
        const step = () => {
          done++;
          deps.emit('workshop:progress', {
            jobId: input.jobId,
            phase: 'quantize',
            done,
            total: TENSORS,
            tensor: `blk.${done}.ffn_down.weight`,
          });
          if (done < TENSORS) timer = deps.timers.setTimeout(step, tick);
          else {
            existing.add(input.outputPath);
            const bytes = Math.round((SOURCE_BYTES * BITS[input.type]) / 16);
            finish({
              ok: true,
              value: {
                jobId: input.jobId,
                outputPath: input.outputPath,
                type: input.type,
                bytes,
                tensors: TENSORS,
                ms: Date.now() - started,
                imatrixMs: input.calibrationText ? 1 : null,
              },
            });
          }
        };
        running = {
          jobId: input.jobId,
          stop: () => {
            deps.timers.clearTimeout(timer);
            finish({
              ok: false,
              error: {
                code: 'backend_failed',
                message: 'llama-quantize was cancelled.',
                details: { reason: 'cancelled' },
              },
            });
          },
        };
        timer = deps.timers.setTimeout(step, tick);
      });
    },
    'workshop:cancel': (input) => {
      if (convert.cancel(input.jobId)) return { ok: true, value: { cancelled: true } };
      if (running?.jobId !== input.jobId) return { ok: true, value: { cancelled: false } };
      running.stop();
      return { ok: true, value: { cancelled: true } };
    },
  };
}
