// A Hugging Face folder that runs its own Python when converted: a Qwen-1
// checkpoint (QWenLMHeadModel, whose converter loads the tokenizer with
// trust_remote_code=True), one tensor, a tiktoken vocabulary, and a
// tokenizer_config.json whose auto_map points transformers at the folder's
// tokenization_qwen.py. That module writes `markerPath` the moment it is
// imported (and then stops the script), so a test sees whether it ran.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const REMOTE_CODE_MODULE = 'tokenization_qwen.py';

/** The tokenizer module's source: it leaves the marker, then ends the run. */
export function remoteCodeModule(markerPath: string): string {
  return `import pathlib\npathlib.Path(${JSON.stringify(markerPath)}).write_text("the folder's code ran")\nraise SystemExit("tokenization_qwen.py ran")\n`;
}

/** One F32 tensor of zeros: the safetensors header (its u64 length, then JSON) and the data. */
function oneTensorSafetensors(name: string, shape: [number, number]): Buffer {
  const bytes = shape[0] * shape[1] * 4;
  const header = Buffer.from(JSON.stringify({ [name]: { dtype: 'F32', shape, data_offsets: [0, bytes] } }), 'utf8');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header, Buffer.alloc(bytes)]);
}

/** Makes the folder at `folder`; returns it. */
export async function makeRemoteCodeFolder(folder: string, markerPath: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const config = {
    architectures: ['QWenLMHeadModel'],
    model_type: 'qwen',
    hidden_size: 8,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    intermediate_size: 16,
    seq_length: 32,
    max_position_embeddings: 32,
    vocab_size: 16,
    layer_norm_epsilon: 1e-6,
    kv_channels: 8,
    rotary_emb_base: 10000,
  };
  await writeFile(join(folder, 'config.json'), JSON.stringify(config, null, 2));
  await writeFile(
    join(folder, 'tokenizer_config.json'),
    JSON.stringify(
      { tokenizer_class: 'QWenTokenizer', auto_map: { AutoTokenizer: ['tokenization_qwen.QWenTokenizer', null] } },
      null,
      2,
    ),
  );
  await writeFile(join(folder, 'qwen.tiktoken'), 'YQ== 0\n');
  await writeFile(join(folder, REMOTE_CODE_MODULE), remoteCodeModule(markerPath));
  await writeFile(join(folder, 'model.safetensors'), oneTensorSafetensors('transformer.wte.weight', [16, 8]));
  return folder;
}
