// The command lines of llama-quantize and llama-imatrix. Pure.

export interface QuantizeArgs {
  modelPath: string;
  outputPath: string;
  type: string;
  allowRequantize: boolean;
  imatrixPath: string | null;
}

/** `llama-quantize [--allow-requantize] [--imatrix f] in out TYPE`: llama.cpp picks the thread count (every core). */
export function quantizeArgs(request: QuantizeArgs): string[] {
  return [
    ...(request.allowRequantize ? ['--allow-requantize'] : []),
    ...(request.imatrixPath ? ['--imatrix', request.imatrixPath] : []),
    request.modelPath,
    request.outputPath,
    request.type,
  ];
}

/**
 * The context llama-imatrix evaluates the text in: 512 tokens (llama.cpp's usual) when the
 * text is long enough for a few chunks of it, smaller for a short text, since llama-imatrix
 * refuses a text of fewer than two contexts' worth of tokens. Tokens are guessed from the
 * UTF-8 size: about 4 bytes a token for English, 3 for Chinese.
 */
export function imatrixContext(calibrationBytes: number): number {
  const tokens = calibrationBytes / 4;
  for (const context of [512, 256, 128]) if (tokens >= 4 * context) return context;
  return 64;
}

/** `llama-imatrix -m model -f text -o out -c N`: perplexity stays on, its `[k]ppl,` lines are the progress. */
export function imatrixArgs(request: {
  modelPath: string;
  calibrationPath: string;
  outputPath: string;
  context: number;
}): string[] {
  return [
    '-m',
    request.modelPath,
    '-f',
    request.calibrationPath,
    '-o',
    request.outputPath,
    '-c',
    String(request.context),
  ];
}
