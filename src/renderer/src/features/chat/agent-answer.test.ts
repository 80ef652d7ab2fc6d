import { describe, expect, it } from 'vitest';
import type { ChatResult } from '@shared/contract';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import { answerFromRun, savedRun } from './agent-answer';

describe('a saved agent run', () => {
  it('comes back with its steps, the words before each call and the answer given on its card', () => {
    const step = {
      index: 0,
      kind: 'tool',
      tool: 'write_file',
      args: {},
      status: 'ok',
      output: 'ok',
      durationMs: 2,
      turn: 0,
      said: 'Saving it.',
      askId: 'q1',
      consent: 'allow_once',
    };
    expect(savedRun({ extra: { agent: { end: 'answered', steps: [step] } } })).toEqual({
      end: 'answered',
      steps: [step],
      protocol: undefined,
    });
  });

  it('an imported file with odd values in those fields shows the step without them, and drops what is not a step', () => {
    const odd = {
      index: 0,
      kind: 'tool',
      tool: 'x',
      args: {},
      status: 'ok',
      output: '',
      durationMs: 0,
      turn: 'one',
      said: { html: '<b>' },
      askId: 7,
      consent: 'allow_forever',
    };
    const run = savedRun({ extra: { agent: { end: 'answered', steps: [odd, 'not a step', null] } } });
    expect(run?.steps).toEqual([
      { index: 0, kind: 'tool', tool: 'x', args: {}, status: 'ok', output: '', durationMs: 0 },
    ]);
  });

  it('a knowledge step keeps the citations that read as passages, and none that do not', () => {
    const hit = {
      id: 'p1',
      baseId: 'kb1',
      text: 'The capybara contract is signed.',
      source: { fileId: 'f1', path: '/docs/letter.docx', page: null, lineStart: 2, lineEnd: 2 },
      score: 0.0164,
      similarity: 0.7,
      bm25: null,
    };
    const step = {
      index: 0,
      kind: 'tool',
      tool: 'knowledge',
      args: { content: 'capybara' },
      status: 'ok',
      output: '[1] letter.docx, line 2',
      durationMs: 3,
    };
    expect(
      savedRun({ extra: { agent: { end: 'answered', steps: [{ ...step, citations: [hit, { id: 'x' }] }] } } })?.steps,
    ).toEqual([{ ...step, citations: [hit] }]);
    expect(savedRun({ extra: { agent: { end: 'answered', steps: [{ ...step, citations: 'lots' }] } } })?.steps).toEqual(
      [step],
    );
  });

  it('a plain answer has none', () => {
    expect(savedRun({})).toBeNull();
    expect(savedRun({ extra: { agent: 'yes' } })).toBeNull();
  });
});

describe('a finished agent run', () => {
  it("shows the model its last turn named as the answer's author, not the one loaded now", () => {
    const author = { kind: 'link' as const, model: 'qwen3-8b', linkId: 'l1', linkName: 'Box' };
    const lastResult: ChatResult = { ...initialStreamingMessage(), requestId: 'r:1', elapsedMs: 5, author };
    const answer = answerFromRun({
      end: 'answered',
      answer: 'Done.',
      steps: [],
      conversationAllowed: [],
      lastResult,
      protocol: { used: 'prompt', setting: 'auto', reason: 'x', fallback: null },
    });
    expect(answer).toMatchObject({ status: 'done', content: 'Done.', author });
  });
});
