import { describe, expect, it } from 'vitest';
import { judgeSdRun, type SdRunFacts } from './sd-outcome';

const ok = { code: 0, signal: null, spawnError: null };
const failed = { code: 1, signal: null, spawnError: null };
const facts = (over: Partial<SdRunFacts>): SdRunFacts => ({
  cancelled: false,
  exit: ok,
  stderrTail: [],
  stdoutTail: [],
  modelPath: '/m/model.safetensors',
  ...over,
});
const reasonOf = (over: Partial<SdRunFacts>) => judgeSdRun(facts(over))?.details?.reason ?? null;

// The stderr lines are what the real sd-cli printed in each case (side-binaries research, checked again here).
describe('judgeSdRun', () => {
  it('a clean exit is no failure; the caller still checks the PNG', () => {
    expect(judgeSdRun(facts({}))).toBeNull();
  });

  it('a damaged or truncated model is corrupt_model, with the model named', () => {
    const failure = judgeSdRun(
      facts({
        exit: failed,
        stderrTail: [
          "[ERROR] model_loader.cpp:321  - data offsets out of bounds for tensor 'cond_stage_model.transformer.text_model.embeddings.position_embedding.weight'",
          "[ERROR] stable-diffusion.cpp:715  - init model loader from file failed: 'trunc.safetensors'",
          "[ERROR] stable-diffusion.cpp:905  - get sd version from file failed: 'trunc.safetensors'",
        ],
      }),
    );
    expect(failure?.code).toBe('model_invalid');
    expect(failure?.details?.reason).toBe('corrupt_model');
    expect(failure?.message).toContain('/m/model.safetensors');
    expect(failure?.message).toContain('data offsets out of bounds');
    expect(failure?.message).not.toContain('[ERROR]');
    expect(
      reasonOf({
        exit: failed,
        stderrTail: ["[ERROR] stable-diffusion.cpp:715  - init model loader from file failed: 'garbage.safetensors'"],
      }),
    ).toBe('corrupt_model');
  });

  it('a readable file that is not an SD model (a chat GGUF) is not_sd_model', () => {
    expect(
      reasonOf({
        exit: failed,
        stderrTail: ["[ERROR] stable-diffusion.cpp:905  - get sd version from file failed: '/m/tiny-llama.gguf'"],
      }),
    ).toBe('not_sd_model');
  });

  it('running out of memory is out_of_memory, whether ggml says so and aborts or the OOM killer ends it', () => {
    const oom = judgeSdRun(
      facts({
        exit: { code: null, signal: 'SIGABRT', spawnError: null },
        stderrTail: [
          '[ERROR] ggml_extend.hpp:72   - ggml_aligned_malloc: insufficient memory (attempted to allocate 145.08 MB)',
        ],
      }),
    );
    expect(oom?.code).toBe('out_of_memory');
    expect(oom?.details?.reason).toBe('out_of_memory');
    expect(reasonOf({ exit: { code: null, signal: 'SIGKILL', spawnError: null } })).toBe('out_of_memory');
  });

  it('a sampler this sd-cli does not know is unknown_sampler', () => {
    expect(
      reasonOf({
        exit: failed,
        stderrTail: [
          '[ERROR] common.cpp:1258 - error: invalid sample method bogus',
          '[ERROR] common.cpp:320  - error: invalid parameter for argument: --sampling-method',
        ],
      }),
    ).toBe('unknown_sampler');
  });

  it('a failed save is write_failed; ENOSPC in the log is disk_full', () => {
    expect(
      reasonOf({
        exit: failed,
        stderrTail: ["[ERROR] main.cpp:452  - failed to create directory '/proc/nope': No such file or directory"],
      }),
    ).toBe('write_failed');
    expect(
      reasonOf({
        exit: failed,
        stdoutTail: ["[INFO ] main.cpp:490  - save result image 0 to '/x.part.png' (failure)"],
      }),
    ).toBe('write_failed');
    expect(judgeSdRun(facts({ exit: failed, stderrTail: ['write error: No space left on device'] }))?.code).toBe(
      'disk_full',
    );
  });

  it('our own stop is cancelled whatever the exit; a binary that cannot start is binary_missing', () => {
    expect(reasonOf({ cancelled: true, exit: { code: null, signal: 'SIGTERM', spawnError: null } })).toBe('cancelled');
    expect(judgeSdRun(facts({ exit: { code: null, signal: null, spawnError: 'spawn EACCES' } }))?.code).toBe(
      'backend_not_executable',
    );
    expect(reasonOf({ exit: { code: 3, signal: null, spawnError: null } })).toBe('failed');
    expect(reasonOf({ exit: { code: null, signal: 'SIGSEGV', spawnError: null } })).toBe('killed');
  });
});
