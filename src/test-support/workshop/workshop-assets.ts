// For tests: llama-quantize and llama-imatrix beside the CPU llama-server, and the
// test models they run on, all provisioned by `npm test`. Missing assets fail the
// test loudly with the command that makes them, never skip it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { testAssets } from '@test-support/test-assets';

const exe = process.platform === 'win32' ? '.exe' : '';

export const workshopAssets = {
  binDir: testAssets.binDir,
  quantize: join(testAssets.binDir, 'cpu', `llama-quantize${exe}`),
  imatrix: join(testAssets.binDir, 'cpu', `llama-imatrix${exe}`),
  tinyModel: testAssets.tinyModel,
  /** ~46M parameters: quantizing it to Q4_K_M takes seconds, long enough to cancel */
  mediumModel: join(testAssets.cacheDir, 'models', 'medium-llama.gguf'),
};

export function requireWorkshopAssets(): void {
  const missing = [
    workshopAssets.quantize,
    workshopAssets.imatrix,
    workshopAssets.tinyModel,
    workshopAssets.mediumModel,
  ].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `workshop test assets missing: ${missing.join(', ')} — run \`npm test\` (it provisions them) or ` +
        '`npm run backend:build -- --only llama-server && npx tsx scripts/fixtures/make-test-model.ts --variant medium`',
    );
  }
}

/** A calibration text of plain English sentences, about `words` words: enough for a few importance-matrix chunks. */
export function calibrationText(words = 3000): string {
  const sentences = [
    'The quick brown fox jumps over the lazy dog.',
    'A language model predicts the next word from the words before it.',
    'Quantization stores each weight in fewer bits, trading a little quality for a smaller file.',
    'The importance matrix tells the quantizer which weights matter most for real text.',
    'Rivers carry water from the mountains to the sea through valleys and plains.',
  ];
  const out: string[] = [];
  for (let count = 0, i = 0; count < words; i++) {
    const sentence = sentences[i % sentences.length]!;
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return out.join(' ');
}
