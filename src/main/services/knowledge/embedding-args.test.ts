import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { embeddingArgs, embeddingLoadSettings } from './embedding-args';

describe('embeddingArgs', () => {
  it('asks for mean pooling where the GGUF names none, and keeps the GGUF pooling otherwise', () => {
    expect(embeddingArgs({ pooling: 'auto', ggufPooling: null, batchSize: 2048 })).toEqual([
      '--embedding',
      '--pooling',
      'mean',
      '-ub',
      '2048',
    ]);
    expect(embeddingArgs({ pooling: 'auto', ggufPooling: 0, batchSize: 512 })).toEqual([
      '--embedding',
      '--pooling',
      'mean',
      '-ub',
      '512',
    ]);
    expect(embeddingArgs({ pooling: 'auto', ggufPooling: 2, batchSize: 512 })).toEqual(['--embedding', '-ub', '512']);
    expect(embeddingArgs({ pooling: 'cls', ggufPooling: 1, batchSize: 512 })).toEqual([
      '--embedding',
      '--pooling',
      'cls',
      '-ub',
      '512',
    ]);
  });

  it('runs on loopback with one slot and a batch as long as the context', () => {
    const knowledge = defaultSettings().knowledge.embedder;
    const load = embeddingLoadSettings(
      { ...knowledge, modelPath: '/m/e.gguf', contextSize: 1024 },
      { ...defaultSettings().load, exposeOnNetwork: true, port: 8080 },
    );
    expect(load).toMatchObject({
      modelPath: '/m/e.gguf',
      contextSize: 1024,
      batchSize: 1024,
      parallel: 1,
      port: null,
      exposeOnNetwork: false,
    });
  });

  it("never uses the chat server's RPC workers (a worker serves one llama-server at a time)", () => {
    const base = { ...defaultSettings().load, rpc: { ...defaultSettings().load.rpc, mode: 'local' as const } };
    expect(
      embeddingLoadSettings({ ...defaultSettings().knowledge.embedder, modelPath: '/m/e.gguf' }, base).rpc.mode,
    ).toBe('off');
  });
});
