import { describe, expect, it } from 'vitest';
import { judgeConvertRun, type ConvertRunFacts } from './convert-outcome';

const facts = (lines: string[], patch: Partial<ConvertRunFacts> = {}): ConvertRunFacts => ({
  cancelled: false,
  exit: { code: 1, signal: null, spawnError: null },
  lines,
  folderPath: '/m/tiny',
  outputPath: '/m/tiny-F16.gguf',
  ...patch,
});

// The lines the real script printed for each case (llama.cpp de3ff815, the tiny test folder spoiled in each way).
describe('judgeConvertRun', () => {
  it("names each known failure from the script's own words", () => {
    const cases: Array<[string[], string, string]> = [
      [
        [
          'INFO:hf-to-gguf:Model architecture: FooBarForCausalLM',
          'ERROR:hf-to-gguf:Model FooBarForCausalLM is not supported',
        ],
        'architecture_unsupported',
        'bad_request',
      ],
      [
        [
          '  File "/bin/convert/conversion/base.py", line 1246, in load_hparams',
          "FileNotFoundError: [Errno 2] No such file or directory: 'empty/config.json'",
        ],
        'config_missing',
        'bad_request',
      ],
      [
        [
          "FileNotFoundError: [Errno 2] No such file or directory: 'notok/tokenizer.json'",
          'During handling of the above exception, another exception occurred:',
          "ValueError: Couldn't instantiate the backend tokenizer from one of: ",
        ],
        'tokenizer_missing',
        'bad_request',
      ],
      [
        [
          '    mm = mmap.mmap(fid.fileno(), bytes, access=acc, offset=start)',
          'ValueError: mmap length is greater than file size',
          'Writing:   0%|          | 0.00/421k [00:00<?, ?byte/s]',
        ],
        'weights_truncated',
        'model_invalid',
      ],
      [
        ['  File "gguf_writer.py", line 470, in write_tensors_to_file', 'OSError: [Errno 28] No space left on device'],
        'disk_full',
        'backend_failed',
      ],
      [["ModuleNotFoundError: No module named 'sentencepiece'"], 'packages_broken', 'backend_failed'],
      [['ValueError: Failed to detect model architecture'], 'architecture_unknown', 'bad_request'],
      [['something else entirely', 'RuntimeError: odd'], 'failed', 'backend_failed'],
    ];
    for (const [lines, reason, code] of cases) {
      const failure = judgeConvertRun(facts(lines));
      expect(failure?.details?.reason, lines.at(-1)).toBe(reason);
      expect(failure?.code, lines.at(-1)).toBe(code);
    }
  });

  it("keeps the script's line in the message, without the logger's prefix, and the last error for an unknown failure", () => {
    expect(judgeConvertRun(facts(['ERROR:hf-to-gguf:Model FooBarForCausalLM is not supported']))?.message).toBe(
      'convert_hf_to_gguf.py has no converter for FooBarForCausalLM. (convert_hf_to_gguf.py: Model FooBarForCausalLM is not supported)',
    );
    expect(judgeConvertRun(facts(['Traceback (most recent call last):', 'RuntimeError: odd', '']))?.message).toBe(
      'convert_hf_to_gguf.py failed (exit 1): RuntimeError: odd',
    );
  });

  it('tells a cancel, a Python that does not start and a kill apart, and passes a clean exit', () => {
    const reason = (patch: Partial<ConvertRunFacts>) => judgeConvertRun(facts([], patch))?.details?.reason;
    expect(reason({ cancelled: true, exit: { code: null, signal: 'SIGTERM', spawnError: null } })).toBe('cancelled');
    expect(reason({ exit: { code: null, signal: null, spawnError: 'not found' } })).toBe('packages_broken');
    expect(reason({ exit: { code: null, signal: 'SIGKILL', spawnError: null } })).toBe('killed');
    expect(
      judgeConvertRun(
        facts(['INFO:hf-to-gguf:Model successfully exported'], { exit: { code: 0, signal: null, spawnError: null } }),
      ),
    ).toBeNull();
  });

  it("says in one sentence which of the folder's files a refused loader needed, whatever the script printed after", () => {
    const code = {
      pyFiles: ['tokenization_qwen.py'],
      autoMap: [{ file: 'tokenizer_config.json', loader: 'AutoTokenizer', ref: 'tokenization_qwen.QWenTokenizer' }],
      hash: 'a'.repeat(64),
    };
    // The guard's lines as the crafted Qwen-1 folder makes the script print them.
    const lines = [
      'INFO:hf-to-gguf:Set model tokenizer',
      'EVA_FOLDER_CODE_REFUSED loader=AutoTokenizer',
      'Traceback (most recent call last):',
      '  File "/tmp/eva-code-guard-x/sitecustomize.py", line 21, in _refuse',
      "ModuleNotFoundError: No module named 'tiktoken'",
      'sitecustomize.FolderCodeRefused: EVA_FOLDER_CODE_REFUSED loader=AutoTokenizer',
    ];
    const failure = judgeConvertRun(facts(lines, { code }));
    expect(failure?.message).toBe(
      "This model's tokenizer needs Python code shipped in its folder (tokenization_qwen.py); EVA does not run it unless you allow it on the folder's card.",
    );
    expect(failure?.details).toMatchObject({
      reason: 'folder_code_refused',
      kind: 'tokenizer',
      files: ['tokenization_qwen.py'],
    });
    expect(failure?.code).toBe('bad_request');
    expect(judgeConvertRun(facts(['EVA_FOLDER_CODE_REFUSED loader=unknown ref=modeling_x.X']))?.message).toBe(
      "This model needs Python code shipped in its folder (modeling_x.py); EVA does not run it unless you allow it on the folder's card.",
    );
  });
});
