// Nothing the user typed is lost: the real built host (`node out/main/host.js`)
// receives a question for a server that never answers (so the usual save, which
// waits for the first words or 250 ms, has not run) and is killed with SIGKILL
// 5–250 ms later. The next start shows the conversation with the question.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHost } from '../../../test-support/host-process';
import { seededRandom } from '../../../test-support/seeded-random';
import { connectHost } from '../../../test-support/ws-client';

const TRIALS = 10;

describe('a question survives a crash right after Send', () => {
  it(`${TRIALS} SIGKILLs 5–250 ms after the question reached the host: every question is in the history at the next start`, async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
    const dataDir = mkdtempSync(join(tmpdir(), 'eva-question-crash-'));
    const random = seededRandom(4);
    const asked: string[] = [];
    try {
      for (let i = 0; i < TRIALS; i++) {
        const host = await startHost({ EVA_DATA_DIR: dataDir });
        const client = await connectHost(host.url);
        const { id: linkId } = await client.invoke('link:save', { profile: { name: `silent ${i}`, presetId: 'llama-server', baseUrl, model: 'tiny' } });
        const conversationId = `crash-${i}`;
        const text = `question ${i}: do not lose me`;
        void client
          .invoke('chat:send', {
            mode: 'chat',
            requestId: `r${i}`,
            endpoint: { kind: 'link', linkId },
            systemPrompt: '',
            messages: [{ role: 'user', content: text }],
            sampling: {},
            idSlot: null,
            record: { conversationId, parentId: null, answerId: `a${i}`, question: { id: `q${i}`, content: text }, create: {} },
          })
          .catch(() => undefined);
        asked.push(conversationId);
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(random() * 245)));
        host.process.kill('SIGKILL');
        await new Promise((resolve) => host.process.once('exit', resolve));
        client.close();
      }
      const host = await startHost({ EVA_DATA_DIR: dataDir });
      const client = await connectHost(host.url);
      const { conversations } = await client.invoke('history:list');
      expect(conversations.map((c) => c.id).sort()).toEqual([...asked].sort());
      for (const [i, id] of asked.entries()) {
        const opened = await client.invoke('history:open', { id });
        expect(opened.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([`question ${i}: do not lose me`]);
      }
      client.close();
      await host.stop();
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 180_000);
});
