import { describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import { judgeToolRun, type ToolRunFacts } from './tool-outcome';

const facts = (stderr: string[], patch: Partial<ToolRunFacts> = {}): ToolRunFacts => ({
  tool: 'llama-quantize',
  cancelled: false,
  exit: { code: 1, signal: null, spawnError: null },
  stderrTail: stderr,
  modelPath: '/m/in.gguf',
  outputPath: '/m/out.gguf',
  ...patch,
});

const reasonOf = (failure: AppFailure | null) => failure?.details?.reason;

// The lines the real tools printed for each case (llama.cpp de3ff815).
describe('judgeToolRun', () => {
  it("names each known failure from the tool's own words", () => {
    const cases: Array<[string[], string, string]> = [
      [
        [
          "gguf_init_from_reader: invalid magic characters: 'hell', expected 'GGUF'",
          'llama_quantize: failed to quantize model from',
        ],
        'not_gguf',
        'model_invalid',
      ],
      [
        [
          "llama_model_quantize: failed to quantize: tensor 'token_embd.weight' data is not within the file bounds, model is corrupted or incomplete",
        ],
        'truncated',
        'model_invalid',
      ],
      [['gguf_init_from_reader: failed to read key-value pairs'], 'truncated', 'model_invalid'],
      [
        ["gguf_init_from_file: failed to open GGUF file '/nonexist.gguf' (No such file or directory)"],
        'model_missing',
        'model_missing',
      ],
      [
        [
          '[   3/  21] token_embd.weight - [64, 32000, 1, 1], type =   q4_0, llama_model_quantize: failed to quantize: requantizing from type q4_0 is disabled',
        ],
        'requantize_disabled',
        'bad_request',
      ],
      [["llama_quantize: invalid ftype 'Q9_9'"], 'invalid_type', 'bad_request'],
      [
        ['llama_model_quantize: failed to quantize: this quantization requires an imatrix!'],
        'needs_imatrix',
        'bad_request',
      ],
      [
        ['0.00.254.090 E compute_imatrix: you need at least 256 tokens for a context of 128 tokens'],
        'calibration_too_short',
        'bad_request',
      ],
      [
        ['llama_model_quantize: failed to quantize: basic_ios::clear: iostream error'],
        'write_failed',
        'backend_failed',
      ],
      [['something else entirely'], 'failed', 'backend_failed'],
    ];
    for (const [stderr, reason, code] of cases) {
      const failure = judgeToolRun(facts(stderr));
      expect(reasonOf(failure), stderr[0]).toBe(reason);
      expect(failure?.code, stderr[0]).toBe(code);
    }
  });

  it("keeps the tool's line in the message, without the log's time prefix", () => {
    const failure = judgeToolRun(
      facts(['0.00.254.090 E compute_imatrix: you need at least 256 tokens for a context of 128 tokens'], {
        tool: 'llama-imatrix',
      }),
    );
    expect(failure?.message).toBe(
      'The calibration text is too short (at least 256 tokens are needed). (llama-imatrix: compute_imatrix: you need at least 256 tokens for a context of 128 tokens)',
    );
  });

  it('tells a cancel, a missing binary and a kill apart from a failure, and passes a clean exit', () => {
    expect(
      reasonOf(judgeToolRun(facts([], { cancelled: true, exit: { code: null, signal: 'SIGTERM', spawnError: null } }))),
    ).toBe('cancelled');
    expect(reasonOf(judgeToolRun(facts([], { exit: { code: null, signal: null, spawnError: 'not found' } })))).toBe(
      'binary_missing',
    );
    expect(reasonOf(judgeToolRun(facts([], { exit: { code: null, signal: 'SIGKILL', spawnError: null } })))).toBe(
      'killed',
    );
    expect(judgeToolRun(facts(['all fine'], { exit: { code: 0, signal: null, spawnError: null } }))).toBeNull();
  });
});
