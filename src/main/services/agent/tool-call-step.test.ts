// A `knowledge` call's step carries the passages it found, so its card shows
// them as citations; other tools' details stay off the step.
import { describe, expect, it } from 'vitest';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { knowledgeToolDescriptor } from '@shared/knowledge/knowledge-tool';
import type { ToolDescriptor, ToolRunResult } from '@shared/tools/tool-types';
import { createArgumentValidator } from '@shared/tools/validate-arguments';
import { handleToolCall, type ToolCallDeps } from './tool-call-step';

const hit: KnowledgeHit = {
  id: 'p1',
  baseId: 'kb1',
  text: 'The capybara contract is signed.',
  source: { fileId: 'f1', path: '/docs/letter.docx', page: null, lineStart: 2, lineEnd: 2 },
  score: 0.0164,
  similarity: 0.7,
  bm25: 3.1,
};
const echo: ToolDescriptor = { ...knowledgeToolDescriptor(5), name: 'echo', description: 'echo' };

function deps(result: ToolRunResult): ToolCallDeps {
  return {
    runTool: async () => result,
    validator: createArgumentValidator(),
    policy: () => ({ policies: {} }),
    ask: async () => ({ askId: null, answer: { kind: 'allow_once' } }),
    clock: () => 0,
  };
}

const context = { requestId: 'r1', tools: [knowledgeToolDescriptor(5), echo], workspaceDir: '/tmp', allowed: [] };
const place = { turn: 1, said: '' };

describe('a tool call step', () => {
  it("keeps a knowledge call's hits as its citations, checked", async () => {
    const result: ToolRunResult = {
      status: 'ok',
      output: '[1] letter.docx, line 2',
      details: { hits: [hit, { id: 'broken' }], ms: 4 },
      durationMs: 4,
    };
    const outcome = await handleToolCall(
      { kind: 'call', call: { name: 'knowledge', arguments: { content: 'capybara' } } },
      { ...context },
      deps(result),
      place,
    );
    expect(outcome.kind === 'fed' && outcome.step.citations).toEqual([hit]);
  });

  it('gives other tools and empty searches no citations', async () => {
    const other = await handleToolCall(
      { kind: 'call', call: { name: 'echo', arguments: { content: 'x' } } },
      { ...context },
      deps({ status: 'ok', output: 'x', details: { hits: [hit] }, durationMs: 1 }),
      place,
    );
    expect(other.kind === 'fed' && 'citations' in other.step).toBe(false);
    const none = await handleToolCall(
      { kind: 'call', call: { name: 'knowledge', arguments: { content: 'x' } } },
      { ...context },
      deps({ status: 'ok', output: 'nothing', details: { hits: [] }, durationMs: 1 }),
      place,
    );
    expect(none.kind === 'fed' && 'citations' in none.step).toBe(false);
  });
});
