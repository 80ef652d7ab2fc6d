// A chat model chosen as the embedder: adding files never starts it unless the user insisted on
// that file, as "Start anyway" does. The tiny test model is a llama, a chat model by its header; real embedding
// server, real reader worker, real LanceDB.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';
import { prose } from '@test-support/knowledge/document-fixtures';
import { makeEmbedderHarness, tinyEmbedderSettings } from '@test-support/knowledge/embedder-harness';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';

let embedderSettings: EmbedderSettings = tinyEmbedderSettings({ acceptedChatModel: '' });
const emb = makeEmbedderHarness(() => embedderSettings);
afterAll(() => emb.dispose());

describe('an ingest whose embedder is a chat model', () => {
  it('is refused with embedder_is_chat_model until the user insists on that file, then goes ahead', async () => {
    const kb = await makeKnowledgeHarness(emb.embedder);
    try {
      const { id } = await kb.service.create('Chat model');
      const file = join(kb.root, 'notes.txt');
      await writeFile(file, prose(4, 3));
      await kb.service.addPaths(id, [file]);
      await kb.service.idle();
      expect(kb.progress.at(-1)).toMatchObject({ state: 'failed', pausedReason: 'embedder_is_chat_model' });
      expect(kb.progress.at(-1)!.detail).toContain('this looks like a chat model');
      expect(kb.service.list().bases[0]!.files[0]!.state).toBe('queued');
      // Nothing was started: no llama-server ran the chat model.
      expect(emb.registry.pids()).toEqual([]);
      expect(emb.statuses).toEqual([]);

      // Insisting on another file is no insisting on this one.
      embedderSettings = tinyEmbedderSettings({ acceptedChatModel: '/elsewhere/other-chat.gguf' });
      kb.service.resume();
      await kb.service.idle();
      expect(kb.progress.at(-1)).toMatchObject({ state: 'failed', pausedReason: 'embedder_is_chat_model' });
      expect(emb.registry.pids()).toEqual([]);

      embedderSettings = tinyEmbedderSettings();
      kb.service.resume();
      await kb.service.idle();
      expect(kb.progress.at(-1)).toMatchObject({ state: 'done', pausedReason: null, filesFailed: 0 });
      expect(kb.service.list().bases[0]!.files[0]).toMatchObject({ state: 'indexed' });
      expect(emb.registry.pids()).toHaveLength(1);
    } finally {
      await kb.dispose();
    }
  });
});
