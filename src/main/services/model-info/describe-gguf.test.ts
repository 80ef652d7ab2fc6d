// What describeGguf makes of headers the test-model generator cannot write:
// quantized tensors (a tensor info's type patched to Q4_K or Q8_0), a type this
// build does not know, named chat templates and token roles beyond bos/eos.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeGguf, kv } from '@scripts/fixtures/gguf-writer';
import { readGgufHeader } from '@main/services/backend/gguf/gguf-reader';
import { GgufType } from '@main/services/backend/gguf/gguf-values';
import { describeGguf } from './describe-gguf';

/** Sets the ggml type of the tensor `name` in an encoded file. */
function patchType(bytes: Buffer, name: string, type: number): void {
  const at = bytes.indexOf(Buffer.from(name, 'utf8')) + Buffer.byteLength(name);
  const dims = bytes.readUInt32LE(at);
  bytes.writeUInt32LE(type, at + 4 + 8 * dims);
}

describe('describeGguf', () => {
  it('counts quantized tensors by type, sizes an unknown type by its place in the file, and lists roles and templates', async () => {
    const tokens = ['<unk>', '<|begin|>', '<|end|>', '<|eot|>', 'hello', 'Ġworld'];
    const bytes = encodeGguf({
      metadata: {
        'general.architecture': kv.str('qwen3moe'),
        'general.file_type': kv.u32(15),
        'general.size_label': kv.str('30B-A3B'),
        'qwen3moe.context_length': kv.u64(40_960n),
        'qwen3moe.expert_count': kv.u32(128),
        'qwen3moe.expert_used_count': kv.u32(8),
        'tokenizer.ggml.model': kv.str('gpt2'),
        'tokenizer.ggml.tokens': kv.arr(GgufType.STRING, tokens),
        'tokenizer.ggml.token_type': kv.arr(GgufType.INT32, [2, 3, 3, 3, 1, 1]),
        'tokenizer.ggml.merges': kv.arr(GgufType.STRING, ['Ġ w', 'o r', 'l d']),
        'tokenizer.ggml.eot_token_id': kv.u32(3),
        'tokenizer.ggml.eos_token_id': kv.u32(2),
        'tokenizer.ggml.bos_token_id': kv.u32(1),
        'tokenizer.ggml.padding_token_id': kv.i32(99),
        'tokenizer.ggml.fim_pre_token_id': kv.u32(4),
        'tokenizer.chat_template.tool_use': kv.str('{{ tools }}'),
        'tokenizer.chat_template': kv.str('{{ messages }}'),
      },
      tensors: [
        { name: 'blk.0.ffn_up_exps.weight', dims: [256, 4], type: 'f32', data: new Float32Array(1024) },
        { name: 'blk.0.ffn_down_exps.weight', dims: [256, 2], type: 'f32', data: new Float32Array(512) },
        { name: 'token_embd.weight', dims: [32, 3], type: 'f32', data: new Float32Array(96) },
        { name: 'blk.0.strange.weight', dims: [8], type: 'f32', data: new Float32Array(8) },
      ],
    });
    patchType(bytes, 'blk.0.ffn_up_exps.weight', 12);
    patchType(bytes, 'blk.0.ffn_down_exps.weight', 12);
    patchType(bytes, 'token_embd.weight', 8);
    patchType(bytes, 'blk.0.strange.weight', 77);
    const path = join(await mkdtemp(join(tmpdir(), 'eva-describe-')), 'moe.gguf');
    await writeFile(path, bytes);
    const header = await readGgufHeader(path, {
      tensors: true,
      keepArrays: ['tokenizer.ggml.tokens', 'tokenizer.ggml.token_type'],
    });
    const { info, tensors, kinds } = describeGguf(path, header);

    expect(info).toMatchObject({
      name: 'moe',
      architecture: 'qwen3moe',
      fileType: 'Q4_K_M',
      sizeLabel: '30B-A3B',
      contextLength: 40_960,
      experts: 128,
      expertsUsed: 8,
      layers: null,
      parameters: 1024 + 512 + 96 + 8,
      tensorCount: 4,
    });
    // The unknown type's bytes: from its offset to the end of the file (it is the last tensor).
    const strangeBytes = header.fileSize - header.dataOffset! - header.tensors![3]!.offset;
    expect(info.quantization).toEqual([
      { type: 'Q4_K', tensors: 2, elements: 1536, bytes: 6 * 144 },
      { type: 'Q8_0', tensors: 1, elements: 96, bytes: 3 * 34 },
      { type: 'type 77', tensors: 1, elements: 8, bytes: strangeBytes },
    ]);
    expect(tensors[0]).toEqual({
      name: 'blk.0.ffn_up_exps.weight',
      type: 'Q4_K',
      dims: [256, 4],
      elements: 1024,
      bytes: 576,
      offset: header.dataOffset!,
    });
    expect(info.tokenizer).toEqual({
      model: 'gpt2',
      pre: null,
      vocabSize: 6,
      mergesCount: 3,
      specialCount: 4,
      addBos: null,
      addEos: null,
    });
    expect(kinds).toEqual(['unknown', 'control', 'control', 'control', 'normal', 'normal']);
    // bos, eos, eot first, then the rest by name; an id outside the vocabulary has no text.
    expect(info.specialTokens).toEqual([
      { role: 'bos', id: 1, text: '<|begin|>' },
      { role: 'eos', id: 2, text: '<|end|>' },
      { role: 'eot', id: 3, text: '<|eot|>' },
      { role: 'padding', id: 99, text: null },
      { role: 'fim_pre', id: 4, text: 'hello' },
    ]);
    expect(info.chatTemplates).toEqual([
      { name: null, text: '{{ messages }}' },
      { name: 'tool_use', text: '{{ tools }}' },
    ]);
  });
});
