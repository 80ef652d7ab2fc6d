import { describe, expect, it } from 'vitest';
import { NO_FOLDER_CODE } from './folder-code-rules';
import {
  architectureOf,
  judgeHfFolder,
  modelNameOf,
  parseTextModelMap,
  tokenizerFilesOf,
  weightFilesOf,
  type FolderFacts,
} from './hf-folder-rules';

const SUPPORTED = new Set(['LlamaForCausalLM', 'Qwen2ForCausalLM', 'Gemma3ForCausalLM']);

function facts(patch: Partial<FolderFacts> = {}): FolderFacts {
  return {
    path: '/m/tiny-llama',
    exists: true,
    names: ['config.json', 'model.safetensors', 'tokenizer.model', 'tokenizer_config.json'],
    config: { architectures: ['LlamaForCausalLM'] },
    index: { safetensors: undefined, pytorch: undefined },
    weights: { 'model.safetensors': { bytes: 843_112, parameters: 210_752, problem: null } },
    supported: SUPPORTED,
    code: NO_FOLDER_CODE,
    ...patch,
  };
}

describe('the folder rules convert_hf_to_gguf.py follows', () => {
  it('takes the architecture from text_config first, then architectures[0], then a Mamba ssm_cfg', () => {
    expect(architectureOf({ architectures: ['LlamaForCausalLM', 'Other'] })).toBe('LlamaForCausalLM');
    expect(
      architectureOf({
        architectures: ['Gemma3ForConditionalGeneration'],
        text_config: { architectures: ['Gemma3ForCausalLM'] },
      }),
    ).toBe('Gemma3ForCausalLM');
    expect(architectureOf({ ssm_cfg: { layer: 'Mamba2' } })).toBe('Mamba2ForCausalLM');
    expect(architectureOf({ model_type: 'llama' })).toBeNull();
    expect(architectureOf(null)).toBeNull();
  });

  it('finds model*.safetensors before pytorch_model*.bin, and the parts an index lists that are missing', () => {
    expect(
      weightFilesOf(['model-00002-of-00002.safetensors', 'model-00001-of-00002.safetensors', 'pytorch_model.bin'], {
        safetensors: undefined,
        pytorch: undefined,
      }),
    ).toEqual({
      format: 'safetensors',
      files: ['model-00001-of-00002.safetensors', 'model-00002-of-00002.safetensors'],
      missing: [],
    });
    expect(weightFilesOf(['pytorch_model.bin'], { safetensors: undefined, pytorch: undefined })).toMatchObject({
      format: 'pytorch',
      files: ['pytorch_model.bin'],
    });
    const index = {
      weight_map: { 'a.weight': 'model-00001-of-00002.safetensors', 'b.weight': 'model-00002-of-00002.safetensors' },
    };
    expect(
      weightFilesOf(['model-00001-of-00002.safetensors', 'model.safetensors.index.json'], {
        safetensors: index,
        pytorch: undefined,
      }).missing,
    ).toEqual(['model-00002-of-00002.safetensors']);
    expect(
      weightFilesOf(['config.json', 'adapter_model.safetensors'], { safetensors: undefined, pytorch: undefined })
        .format,
    ).toBeNull();
  });

  it('needs a tokenizer that can build a vocabulary: a config alone is not one', () => {
    expect(tokenizerFilesOf(['tokenizer.model', 'tokenizer_config.json', 'config.json'])).toEqual([
      'tokenizer.model',
      'tokenizer_config.json',
    ]);
    expect(tokenizerFilesOf(['vocab.json', 'merges.txt'])).toEqual(['merges.txt', 'vocab.json']);
    expect(tokenizerFilesOf(['qwen.tiktoken'])).toEqual(['qwen.tiktoken']);
    expect(tokenizerFilesOf(['tokenizer_config.json', 'merges.txt'])).toEqual([]);
  });

  it('names the model after its folder, or after the repo for a hub cache snapshot', () => {
    expect(modelNameOf('/m/tiny-llama')).toBe('tiny-llama');
    expect(modelNameOf('/m/tiny-llama/')).toBe('tiny-llama');
    expect(
      modelNameOf(
        '/home/u/.cache/huggingface/hub/models--Qwen--Qwen2.5-0.5B/snapshots/0123456789abcdef0123456789abcdef01234567',
      ),
    ).toBe('Qwen2.5-0.5B');
    expect(modelNameOf('C:\\models\\phi-3')).toBe('phi-3');
  });

  it('reads the architectures from the TEXT_MODEL_MAP of conversion/__init__.py', () => {
    const source =
      'TEXT_MODEL_MAP: dict[str, str] = {\n    "AfmoeForCausalLM": "afmoe",\n    \'LlamaForCausalLM\': "llama",\n}\n\nMMPROJ_MODEL_MAP: dict[str, str] = {\n    "SiglipVisionModel": "siglip",\n}\n';
    expect(parseTextModelMap(source)).toEqual(new Set(['AfmoeForCausalLM', 'LlamaForCausalLM']));
    expect(parseTextModelMap('nothing of the kind')).toBeNull();
  });
});

describe('judgeHfFolder', () => {
  it('finds a whole folder ready, with its facts', () => {
    expect(judgeHfFolder(facts())).toEqual({
      path: '/m/tiny-llama',
      name: 'tiny-llama',
      architecture: 'LlamaForCausalLM',
      supported: true,
      weights: { files: ['model.safetensors'], bytes: 843_112, format: 'safetensors', parameters: 210_752 },
      tokenizer: ['tokenizer.model', 'tokenizer_config.json'],
      problems: [],
      code: { pyFiles: [], autoMap: [], hash: null },
    });
  });

  it('carries the Python a folder ships as a warning, never as a problem', () => {
    const code = {
      pyFiles: ['tokenization_qwen.py'],
      autoMap: [{ file: 'tokenizer_config.json', loader: 'AutoTokenizer', ref: 'tokenization_qwen.QWenTokenizer' }],
      hash: 'a'.repeat(64),
    };
    const check = judgeHfFolder(facts({ code }));
    expect(check.code).toEqual(code);
    expect(check.problems).toEqual([]);
  });

  it('says each thing that stops a conversion', () => {
    const reasons = (patch: Partial<FolderFacts>) =>
      judgeHfFolder(facts(patch)).problems.map((p) => (p.file ? `${p.reason}:${p.file}` : p.reason));
    expect(reasons({ exists: false, names: [], config: undefined, weights: {} })).toEqual(['folder_missing']);
    expect(reasons({ names: [], config: undefined, weights: {} })).toEqual([
      'config_missing:config.json',
      'weights_missing',
      'tokenizer_missing',
    ]);
    expect(reasons({ config: null })).toEqual(['config_invalid:config.json']);
    expect(reasons({ config: { model_type: 'x' } })).toEqual(['architecture_unknown:config.json']);
    expect(reasons({ config: { architectures: ['FooBarForCausalLM'] } })).toEqual([
      'architecture_unsupported:config.json',
    ]);
    expect(reasons({ names: ['config.json', 'tokenizer.model'], weights: {} })).toEqual(['weights_missing']);
    expect(
      reasons({ weights: { 'model.safetensors': { bytes: 400_000, parameters: null, problem: 'truncated' } } }),
    ).toEqual(['weights_truncated:model.safetensors']);
    expect(reasons({ names: ['config.json', 'model.safetensors'] })).toEqual(['tokenizer_missing']);
  });

  it('cannot tell support without the script, and does not block on it', () => {
    const check = judgeHfFolder(facts({ supported: null, config: { architectures: ['FooBarForCausalLM'] } }));
    expect(check.supported).toBeNull();
    expect(check.problems).toEqual([]);
  });
});
