// A quick look at the configured whisper model before whisper-cli is started, so
// "no model", "no such file" and "that is not a whisper model" get their own
// sentences. whisper-cli's loader still has the last word (a truncated file passes here).
import { open } from 'node:fs/promises';

export type WhisperModelState = 'not_configured' | 'missing' | 'invalid' | 'ok';

/** whisper.cpp's ggml magic 0x67676d6c, as the little-endian bytes a model file starts with. */
const GGML_MAGIC_BYTES = [0x6c, 0x6d, 0x67, 0x67];
/** GGUF models are llama.cpp's; whisper.cpp reads only the older ggml layout. */
const GGUF_MAGIC = 'GGUF';

/** The model's state and, unless ok, the sentence that tells the user what to do. */
export async function checkWhisperModel(
  modelPath: string,
): Promise<{ state: WhisperModelState; problem: string | null }> {
  if (modelPath.trim() === '')
    return {
      state: 'not_configured',
      problem:
        'No whisper model is set: pick a whisper.cpp ggml model (for example ggml-base.bin) in Settings → Voice.',
    };
  let head: Buffer;
  try {
    const handle = await open(modelPath, 'r');
    try {
      head = Buffer.alloc(4);
      const { bytesRead } = await handle.read(head, 0, 4, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return {
        state: 'missing',
        problem: `The whisper model ${modelPath} does not exist: pick another one in Settings → Voice.`,
      };
    if (code === 'EISDIR') return { state: 'invalid', problem: `${modelPath} is a folder, not a whisper model file.` };
    return {
      state: 'missing',
      problem: `The whisper model ${modelPath} cannot be read (${code ?? (error as Error).message}).`,
    };
  }
  if (head.length === 4 && GGML_MAGIC_BYTES.every((byte, index) => head[index] === byte))
    return { state: 'ok', problem: null };
  const hint =
    head.toString('latin1') === GGUF_MAGIC
      ? ' (it is a GGUF file, a llama.cpp model; whisper needs a whisper.cpp ggml model such as ggml-base.bin)'
      : '';
  return { state: 'invalid', problem: `${modelPath} is not a whisper.cpp ggml model${hint}.` };
}
