import { describe, expect, it } from 'vitest';
import { dataUrlToBytes, embeddedParams, embedParams } from './image-params-chunk';
import { withTextChunk } from './png-chunks';
import { latin1, testPng } from '@test-support/images/png-test-bytes';

const record = {
  template: 'sd1.5' as const,
  params: {
    prompt: '一只猫',
    negativePrompt: 'blurry',
    width: 512,
    height: 512,
    steps: 20,
    cfg: 7,
    seed: 99,
    sampler: 'euler_a' as const,
  },
  files: { model: '/home/alice/models/anything-v3.safetensors', vae: 'C:\\Users\\alice\\vae.pt' },
};

describe('embedParams / embeddedParams', () => {
  it('carries template and parameters inside the PNG, and the files by name only', () => {
    const back = embeddedParams(embedParams(testPng(1, 1), record));
    expect(back).toEqual({
      template: 'sd1.5',
      params: record.params,
      files: { model: 'anything-v3.safetensors', vae: 'vae.pt' },
    });
  });

  it('a PNG without the chunk, or with one that does not validate, carries nothing', () => {
    expect(embeddedParams(testPng(1, 1))).toBeNull();
    expect(embeddedParams(withTextChunk(testPng(1, 1), 'eva-image', '{"v":1,"template":"sd9"}'))).toBeNull();
    expect(embeddedParams(withTextChunk(testPng(1, 1), 'eva-image', 'not json'))).toBeNull();
  });

  it('reads the bytes of a data URL', () => {
    const url = `data:image/png;base64,${btoa(latin1(embedParams(testPng(1, 1), record)))}`;
    expect(embeddedParams(dataUrlToBytes(url))?.params.seed).toBe(99);
  });
});
