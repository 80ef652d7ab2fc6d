// A knowledge base that cannot open never keeps the app from starting: with its
// folder taken by a plain file (as a broken disk or a bad restore leaves it), the
// real module opens without it, says why in a notice, and every knowledge call
// answers that reason instead of the core failing to start.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventName } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { toAppError } from '@shared/errors';
import { knowledgeModuleDeps } from '@test-support/knowledge/knowledge-harness';
import { memoryLifecycle } from '../process/process-lifecycle';
import { openKnowledge } from './knowledge-module';

const registry = memoryLifecycle();
const dirs: string[] = [];
afterAll(async () => {
  await registry.stopAll(500);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('a knowledge base that cannot open', () => {
  it('starts without it: a notice, no tool, a chat without passages, and each call says why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-knowledge-unavailable-'));
    dirs.push(dataDir);
    await writeFile(join(dataDir, 'knowledge'), 'not a folder');
    const events: Array<{ event: EventName; payload: unknown }> = [];
    const settings = { ...defaultSettings(), knowledge: { ...defaultSettings().knowledge, useInChat: true } };
    const knowledge = await openKnowledge(knowledgeModuleDeps(dataDir, registry, () => settings, events));
    try {
      expect(knowledge.service).toBeNull();
      expect(events).toEqual([
        { event: 'app:notice', payload: expect.objectContaining({ code: 'knowledge_unavailable', level: 'error' }) },
      ]);
      const failure = await knowledge.handlers['knowledge:list']({}).then(() => null, toAppError);
      expect(failure?.message).toMatch(/^The knowledge base could not be opened \(.+\); EVA started without it\./);
      expect(knowledge.toolProvider.descriptors()).toEqual([]);
      const input = {
        mode: 'chat' as const,
        requestId: 'r1',
        endpoint: { kind: 'local' as const },
        sampling: {},
        idSlot: null,
        systemPrompt: 'You are EVA.',
        messages: [{ role: 'user' as const, content: 'hi' }],
      };
      expect(await knowledge.withKnowledge(input)).toEqual({ input, citations: [] });
    } finally {
      await knowledge.dispose();
    }
  });
});
