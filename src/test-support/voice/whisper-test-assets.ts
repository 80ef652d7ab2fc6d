// For tests: the whisper-cli and tiny whisper model that `npm test` provisions.
// Missing assets fail the test loudly with the command that makes them, never skip it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { testAssets } from '@test-support/test-assets';
import { WHISPER_BINARY } from '@main/services/voice/find-whisper';

export const whisperAssets = {
  binDir: testAssets.binDir,
  cli: join(testAssets.binDir, 'cpu', WHISPER_BINARY),
  tinyModel: join(testAssets.cacheDir, 'models', 'tiny-whisper.bin'),
};

export function requireWhisperAssets(): void {
  const missing = [whisperAssets.cli, whisperAssets.tinyModel].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `whisper test assets missing: ${missing.join(', ')} — run \`npm test\` (it provisions them) or ` +
        '`npm run backend:build -- --only whisper-cli && npx tsx scripts/fixtures/make-whisper-model.ts`',
    );
  }
}
