import { describe, expect, it } from 'vitest';
import { autoMapEntriesOf, codeFilesFor, codeKindOf, mentionsAutoMap, moduleFileOf } from './folder-code-rules';

// The auto_map of Qwen-1's files as published, and of a ChatGLM-style config.
const QWEN_TOKENIZER_CONFIG = {
  tokenizer_class: 'QWenTokenizer',
  auto_map: { AutoTokenizer: ['tokenization_qwen.QWenTokenizer', null] },
};
const GLM_CONFIG = {
  architectures: ['ChatGLMModel'],
  auto_map: {
    AutoConfig: 'configuration_chatglm.ChatGLMConfig',
    AutoModel: 'modeling_chatglm.ChatGLMForConditionalGeneration',
    AutoModelForCausalLM: 'modeling_chatglm.ChatGLMForConditionalGeneration',
  },
};

describe('the auto_map entries of a JSON file', () => {
  it('lists every class each loader would import, a [slow, fast] pair as two', () => {
    expect(autoMapEntriesOf('tokenizer_config.json', QWEN_TOKENIZER_CONFIG)).toEqual([
      { file: 'tokenizer_config.json', loader: 'AutoTokenizer', ref: 'tokenization_qwen.QWenTokenizer' },
    ]);
    expect(autoMapEntriesOf('config.json', GLM_CONFIG).map((entry) => `${entry.loader}=${entry.ref}`)).toEqual([
      'AutoConfig=configuration_chatglm.ChatGLMConfig',
      'AutoModel=modeling_chatglm.ChatGLMForConditionalGeneration',
      'AutoModelForCausalLM=modeling_chatglm.ChatGLMForConditionalGeneration',
    ]);
    expect(
      autoMapEntriesOf('tokenizer_config.json', { auto_map: { AutoTokenizer: ['tok.Slow', 'tok.Fast'] } }).map(
        (entry) => entry.ref,
      ),
    ).toEqual(['tok.Slow', 'tok.Fast']);
  });

  it('finds an auto_map nested in a sub-config, and one that is not an object', () => {
    expect(autoMapEntriesOf('config.json', { text_config: { auto_map: { AutoConfig: 'cfg.C' } } })).toEqual([
      { file: 'config.json', loader: 'AutoConfig', ref: 'cfg.C' },
    ]);
    expect(autoMapEntriesOf('config.json', { auto_map: 'modeling_x.X' })).toEqual([
      { file: 'config.json', loader: null, ref: null },
    ]);
    expect(autoMapEntriesOf('config.json', { auto_map: { AutoModel: null } })).toEqual([
      { file: 'config.json', loader: 'AutoModel', ref: null },
    ]);
    expect(autoMapEntriesOf('config.json', { architectures: ['LlamaForCausalLM'] })).toEqual([]);
  });

  it("sees an auto_map in text JavaScript cannot parse but Python's json can", () => {
    expect(mentionsAutoMap('{"rope": NaN, "auto_map": {"AutoConfig": "c.C"}}')).toBe(true);
    expect(mentionsAutoMap('{"auto\\u005fmap": {}}')).toBe(true);
    expect(mentionsAutoMap('{"architectures": [NaN]}')).toBe(false);
  });
});

describe('the files a refused loader needed', () => {
  const code = {
    pyFiles: ['configuration_chatglm.py', 'modeling_chatglm.py', 'tokenization_qwen.py'],
    autoMap: [
      ...autoMapEntriesOf('tokenizer_config.json', QWEN_TOKENIZER_CONFIG),
      ...autoMapEntriesOf('config.json', GLM_CONFIG),
    ],
    hash: 'a'.repeat(64),
  };

  it('names the modules of the entries for its kind of loader', () => {
    expect(codeFilesFor(code, 'AutoTokenizer', null)).toEqual(['tokenization_qwen.py']);
    expect(codeFilesFor(code, 'AutoConfig', null)).toEqual(['configuration_chatglm.py']);
    expect(codeFilesFor(code, 'AutoModelForCausalLM', null)).toEqual(['modeling_chatglm.py']);
  });

  it("falls back to the guard's reference, then to every .py file", () => {
    expect(codeFilesFor(code, 'unknown', 'tokenization_qwen.QWenTokenizer')).toEqual(['tokenization_qwen.py']);
    expect(codeFilesFor(code, 'unknown', '/home/u/.cache/huggingface/modules/transformers_modules/x/tok.py')).toEqual([
      'tok.py',
    ]);
    expect(codeFilesFor({ ...code, autoMap: [] }, 'AutoTokenizer', null)).toEqual(code.pyFiles);
    expect(codeFilesFor(undefined, 'AutoTokenizer', null)).toEqual([]);
  });

  it('words module references and loaders', () => {
    expect(moduleFileOf('tokenization_qwen.QWenTokenizer')).toBe('tokenization_qwen.py');
    expect(moduleFileOf('pkg.sub.Thing')).toBe('pkg/sub.py');
    expect(moduleFileOf('org/repo--modeling_x.X')).toBeNull();
    expect(
      ['AutoTokenizer', 'AutoConfig', 'LlamaConfig', 'AutoProcessor', 'AutoModelForCausalLM', 'unknown'].map(
        codeKindOf,
      ),
    ).toEqual(['tokenizer', 'configuration', 'configuration', 'processor', 'model', 'code']);
  });
});
