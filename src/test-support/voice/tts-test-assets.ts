// For tests: the llama-tts and the tiny random-weight Qwen3-TTS and Pocket TTS pairs that `npm test` provisions.
// Missing assets fail the test loudly with the command that makes them, never skip it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { testAssets } from '@test-support/test-assets';
import { TTS_BINARY } from '@main/services/backend/discover-backends';

export const ttsAssets = {
  binDir: testAssets.binDir,
  cli: join(testAssets.binDir, 'cpu', TTS_BINARY),
  model: join(testAssets.cacheDir, 'models', 'tiny-qwen3tts.gguf'),
  mmproj: join(testAssets.cacheDir, 'models', 'tiny-qwen3tts-mmproj.gguf'),
  /** Pocket TTS: it speaks only with a recording of the voice to imitate */
  pocketModel: join(testAssets.cacheDir, 'models', 'tiny-pockettts.gguf'),
  pocketMmproj: join(testAssets.cacheDir, 'models', 'tiny-pockettts-mmproj.gguf'),
};

export function requireTtsAssets(): void {
  const files = [ttsAssets.cli, ttsAssets.model, ttsAssets.mmproj, ttsAssets.pocketModel, ttsAssets.pocketMmproj];
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `TTS test assets missing: ${missing.join(', ')} — run \`npm test\` (it provisions them) or ` +
        '`npm run backend:build -- --only llama-server && npx tsx scripts/fixtures/make-tts-model.ts`',
    );
  }
}
