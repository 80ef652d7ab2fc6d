// The llama-tts smoke test a new build must pass before it is installed, on the real binaries: the installed
// llama-tts passes it, and a binary that is not llama-tts (llama-server in its place) fails it with its last lines.
import { beforeAll, describe, expect, it } from 'vitest';
import { testAssets } from '@test-support/test-assets';
import { requireTtsAssets, ttsAssets } from '@test-support/voice/tts-test-assets';
import { smokeTestTts } from './tts-smoke-test';

const files = { model: ttsAssets.model, mmproj: ttsAssets.mmproj };

beforeAll(() => {
  requireTtsAssets();
});

describe('smokeTestTts', () => {
  it('passes a llama-tts that speaks with the tiny test voice', async () => {
    expect(await smokeTestTts(ttsAssets.cli, files)).toMatchObject({ ok: true });
  });

  it('fails a binary that is not llama-tts, saying how it stopped and what it said', async () => {
    const result = await smokeTestTts(testAssets.llamaServer, files);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^llama-tts stopped with exit code 1; its last lines:[\s\S]*-p/);
  });

  it('fails when the voice files are not there', async () => {
    const result = await smokeTestTts(ttsAssets.cli, { model: `${ttsAssets.model}.gone`, mmproj: ttsAssets.mmproj });
    expect(result.ok).toBe(false);
  });
});
