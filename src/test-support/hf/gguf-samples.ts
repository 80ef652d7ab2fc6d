// Real GGUF files for the model library's tests: a small model with the header
// keys the library reads (file type, size label, context), a projector, and the
// tiny llama the other tests run. Written with the project's fixture writer.
import { encodeGguf, kv } from '@scripts/fixtures/gguf-writer';
import { GgufType } from '@main/services/backend/gguf/gguf-values';

/** A loadable-looking model header plus two small tensors; `fileType` 15 is Q4_K_M. */
export function sampleModel(
  options: { name?: string; fileType?: number; sizeLabel?: string; context?: number; padFloats?: number } = {},
): Buffer {
  const tokens = 16;
  return encodeGguf({
    metadata: {
      'general.architecture': kv.str('llama'),
      ...(options.name === undefined ? {} : { 'general.name': kv.str(options.name) }),
      ...(options.fileType === undefined ? {} : { 'general.file_type': kv.u32(options.fileType) }),
      ...(options.sizeLabel === undefined ? {} : { 'general.size_label': kv.str(options.sizeLabel) }),
      'llama.block_count': kv.u32(2),
      'llama.context_length': kv.u32(options.context ?? 4096),
      'llama.embedding_length': kv.u32(8),
      'tokenizer.ggml.tokens': kv.arr(
        GgufType.STRING,
        Array.from({ length: tokens }, (_, i) => `t${i}`),
      ),
    },
    tensors: [
      {
        name: 'token_embd.weight',
        dims: [8, tokens],
        type: 'f16',
        data: new Float32Array(8 * tokens).map((_, i) => Math.sin(i)),
      },
      {
        name: 'output_norm.weight',
        dims: [options.padFloats ?? 8],
        type: 'f32',
        data: new Float32Array(options.padFloats ?? 8).fill(1),
      },
    ],
  });
}

/** A vision projector header (architecture `clip`), as llama.cpp's mmproj files have. */
export function sampleProjector(): Buffer {
  return encodeGguf({
    metadata: {
      'general.architecture': kv.str('clip'),
      'general.name': kv.str('sample projector'),
      'general.file_type': kv.u32(1),
      'clip.has_vision_encoder': kv.bool(true),
    },
    tensors: [{ name: 'v.patch_embd.weight', dims: [16], type: 'f16', data: new Float32Array(16).fill(0.5) }],
  });
}
