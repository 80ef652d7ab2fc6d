// The Hugging Face → GGUF conversion for real: llama.cpp's convert_hf_to_gguf.py
// in the Python environment the app sets up (provisioned in .cache/convert-venv
// through the same code), on the tiny generated Hugging Face folder; the result
// quantized by the real llama-quantize and answered from by a real llama-server;
// and Cancel (convert-setup: the assets, a temp dir, the service).
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assets,
  dir,
  jobId,
  leftovers,
  request,
  useConvertSetup,
  workshop,
} from '@test-support/workshop/convert-setup';
import { startTestServer } from '@test-support/llama/test-server';
import { readGgufHeader } from '../../backend/gguf/gguf-reader';
import { appFailureOf } from '@test-support/app-failure';

useConvertSetup();

describe('converting for real', () => {
  it('checks the tiny folder, converts it to f16 with progress and a log, and the result quantizes and llama-server answers from both', async () => {
    const { svc, progress, lines } = workshop();
    const plan = await svc.convertPlan(assets.hfModel);
    expect(plan.folder).toMatchObject({
      name: 'tiny-hf-llama',
      architecture: 'LlamaForCausalLM',
      supported: true,
      problems: [],
    });
    expect(plan.folder.weights).toMatchObject({
      files: ['model.safetensors'],
      format: 'safetensors',
      parameters: 210_240,
    });
    expect(plan.folder.tokenizer).toContain('tokenizer.model');
    expect(plan.python).toMatchObject({ ready: true, dir: assets.envDir });
    expect(plan.python.torch).toMatch(/^2\./);
    expect(plan.tools.script).toBe(assets.script);
    expect(plan.options.find((o) => o.type === 'f16')?.suggestedPath).toBe(
      join(dirname(assets.hfModel), 'tiny-hf-llama-F16.gguf'),
    );

    const outputPath = join(dir, 'tiny-F16.gguf');
    const started = performance.now();
    const result = await svc.convert(request(assets.hfModel, outputPath));
    const ms = performance.now() - started;
    expect(result).toMatchObject({
      outputPath,
      outType: 'f16',
      fileType: 'F16',
      tensors: 21,
      architecture: 'LlamaForCausalLM',
      setupMs: null,
    });
    expect(result.bytes).toBe((await stat(outputPath)).size);
    expect(await leftovers(outputPath)).toEqual(['tiny-F16.gguf']);
    const header = await readGgufHeader(outputPath, { tensors: true });
    expect(header.tensorCount).toBe(21);
    expect(header.metadata.get('general.architecture')).toBe('llama');
    expect(header.metadata.get('general.file_type')).toBe(1);
    const estimate = plan.options.find((o) => o.type === 'f16')!.estimatedBytes!;
    expect(
      Math.abs(estimate - result.bytes) / result.bytes,
      `estimated ${estimate}, wrote ${result.bytes}`,
    ).toBeLessThan(0.1);

    // One event per tensor planned, then the writing in bytes to its end.
    const tensors = progress.filter((p) => p.phase === 'convert');
    expect(tensors.map((p) => p.done)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(tensors.map((p) => p.tensor)).toContain('blk.1.ffn_down.weight');
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ jobId: result.jobId, phase: 'write' });
    expect(last.done).toBe(last.total);
    expect(last.total).toBeGreaterThan(400_000);
    expect(lines().some((line) => /Model successfully exported/.test(line))).toBe(true);
    console.log(`[convert] tiny f16 conversion took ${Math.round(ms)} ms`);

    const quantized = await svc.quantize({
      jobId: jobId(),
      modelPath: outputPath,
      type: 'Q8_0',
      outputPath: join(dir, 'tiny-Q8_0.gguf'),
      overwrite: false,
      allowRequantize: false,
    });
    expect(quantized.tensors).toBe(21);
    for (const modelPath of [outputPath, quantized.outputPath]) {
      // --no-repack: this llama.cpp's AMX matmul crashes on Q8_0 weights on the Xeons these tests run on (see the
      // quantize tests).
      const server = await startTestServer({ modelPath, extraArgs: ['--no-repack'] });
      try {
        const response = await fetch(`${server.baseUrl}/completion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'kalo mi', n_predict: 8 }),
        });
        expect(response.status, modelPath).toBe(200);
        expect(typeof ((await response.json()) as { content?: unknown }).content).toBe('string');
      } finally {
        await server.stop();
      }
    }
  }, 120_000);

  it('writes q8_0 and bf16 as asked', async () => {
    const { svc } = workshop();
    for (const [outType, fileType] of [
      ['q8_0', 7],
      ['bf16', 32],
    ] as const) {
      const outputPath = join(dir, `tiny-${outType}.gguf`);
      const result = await svc.convert(request(assets.hfModel, outputPath, { outType }));
      expect(result.fileType).toBe(outType.toUpperCase());
      expect((await readGgufHeader(outputPath)).metadata.get('general.file_type')).toBe(fileType);
    }
  }, 60_000);

  it('cancels mid-write at once: Python is killed and no partial file is left', async () => {
    const { svc, registry, progress } = workshop();
    const outputPath = join(dir, 'medium-Q8_0.gguf');
    const job = request(assets.mediumHfModel, outputPath, { outType: 'q8_0' });
    const running = svc.convert(job);
    for (
      const deadline = Date.now() + 60_000;
      !(progress.some((p) => p.phase === 'write') && existsSync(`${outputPath}.part`));
    ) {
      if (Date.now() > deadline) throw new Error('the script did not start writing within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // One job at a time, whatever its kind.
    expect(
      (
        await appFailureOf(
          svc.quantize({
            jobId: jobId(),
            modelPath: outputPath,
            type: 'Q4_0',
            outputPath: join(dir, 'x.gguf'),
            overwrite: false,
            allowRequantize: false,
          }),
        )
      ).details?.reason,
    ).toBe('busy');
    expect(svc.cancel(job.jobId)).toEqual({ cancelled: true });
    const error = await appFailureOf(running);
    expect(error.details?.reason).toBe('cancelled');
    expect(await leftovers(outputPath)).toEqual([]);
    expect(registry.pids()).toEqual([]);
  }, 90_000);
});
