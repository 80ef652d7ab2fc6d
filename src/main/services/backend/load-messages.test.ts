// The error of a load whose model did not start while the model loaded before was
// started again: llama-server's own reason, its exit, and which model answers now,
// in English for the log and in parts (its own words apart from ours) for the page.
import { describe, expect, it } from 'vitest';
import type { ModelFacts } from '@shared/contract';
import { failureWithRestore, restoredNotice, startFailureReason } from './load-messages';
import { withArgValue } from './launch/server-args';

const CUT_MODEL_LINES = [
  '0.00.017.792 E llama_model_load_from_file_impl: failed to load model',
  "0.00.021.415 E llama_model_load: error loading model: tensor 'blk.1.ffn_down.weight' data is not within the file bounds, model is corrupted or incomplete",
  '0.00.021.440 E srv    load_model: failed to load model, /m/cut.gguf',
  '0.00.021.744 E srv  llama_server: exiting due to model loading error',
];
const tiny = { name: 'tiny', path: '/m/tiny.gguf' } as ModelFacts;

describe('startFailureReason', () => {
  it("finds llama.cpp's reason among the lines that only say the load failed", () => {
    expect(startFailureReason(CUT_MODEL_LINES)).toBe(
      "tensor 'blk.1.ffn_down.weight' data is not within the file bounds, model is corrupted or incomplete",
    );
    expect(startFailureReason(['main: error: failed to load model'])).toBeNull();
  });
});

describe('failureWithRestore', () => {
  const error = { code: 'backend_failed' as const, message: 'llama_model_load_from_file_impl: failed to load model' };

  it('names the reason, the exit and the model running again', () => {
    const failure = failureWithRestore(
      error,
      '/m/cut.gguf',
      { lines: CUT_MODEL_LINES, exit: { code: 1, signal: null, spawnError: null } },
      tiny,
    );
    expect(failure.code).toBe('backend_failed');
    expect(failure.message).toBe(
      "cut.gguf did not start: tensor 'blk.1.ffn_down.weight' data is not within the file bounds, model is corrupted or incomplete (llama-server exit code 1); tiny, the model loaded before, is running again",
    );
    expect(failure.details).toMatchObject({ path: '/m/cut.gguf', restoredModel: 'tiny', restoredPath: '/m/tiny.gguf' });
    expect(restoredNotice(failure)).toEqual({
      code: 'model_restored',
      vars: {
        model: 'cut.gguf',
        restored: 'tiny',
        startFailureCode: 'backend_failed',
        serverSaid:
          "tensor 'blk.1.ffn_down.weight' data is not within the file bounds, model is corrupted or incomplete",
        exitCode: 1,
      },
      text: failure.message,
    });
  });

  it("takes the fatal line that ended the start as llama-server's words, and a signal as the way it ended", () => {
    const fatal = {
      code: 'backend_failed' as const,
      message: 'load_model: failed to load model, /m/x.gguf',
      details: { serverSaid: 'load_model: failed to load model, /m/x.gguf' },
    };
    const failure = failureWithRestore(
      fatal,
      '/m/x.gguf',
      { lines: [], exit: { code: null, signal: 'SIGABRT', spawnError: null } },
      tiny,
    );
    expect(restoredNotice(failure).vars).toEqual({
      model: 'x.gguf',
      restored: 'tiny',
      startFailureCode: 'backend_failed',
      serverSaid: 'load_model: failed to load model, /m/x.gguf',
      exitSignal: 'SIGABRT',
    });
    const timeout = { code: 'ready_timeout' as const, message: 'llama-server did not become ready within 60 s' };
    expect(restoredNotice(failureWithRestore(timeout, '/m/x.gguf', null, tiny)).vars).toEqual({
      model: 'x.gguf',
      restored: 'tiny',
      startFailureCode: 'ready_timeout',
    });
  });

  it("keeps the start's own error when no line says more, and does not repeat an exit it already names", () => {
    const exited = {
      code: 'backend_failed' as const,
      message: 'llama-server stopped before it was ready (exit code 1)',
    };
    const failure = failureWithRestore(
      exited,
      '/m/x.gguf',
      { lines: [], exit: { code: 1, signal: null, spawnError: null } },
      tiny,
    );
    expect(failure.message).toBe(
      'x.gguf did not start: llama-server stopped before it was ready (exit code 1); tiny, the model loaded before, is running again',
    );
    expect(failureWithRestore(error, '/m/x.gguf', null, tiny).message).toContain(`did not start: ${error.message};`);
  });
});

describe('withArgValue', () => {
  it("replaces one flag's value and leaves an argv without the flag as it is", () => {
    expect(withArgValue(['-m', 'a.gguf', '--port', '8080', '-c', '512'], '--port', '9000')).toEqual([
      '-m',
      'a.gguf',
      '--port',
      '9000',
      '-c',
      '512',
    ]);
    expect(withArgValue(['-m', 'a.gguf'], '--rpc', 'h:1')).toEqual(['-m', 'a.gguf']);
  });
});
