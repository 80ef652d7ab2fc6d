import { describe, expect, it } from 'vitest';
import { compactionCut, summaryMaxTokens, transcriptBudget } from './compaction-cut';
import { transcriptParts } from './compaction';
import { joinSummary, SUMMARY_HEADING, summaryRequest, SUMMARY_INSTRUCTION, transcriptLine } from './summary-prompt';
import { estimateMessageTokens } from './token-estimate';
import type { ChatMessage } from './types';

const exchange = (i: number): ChatMessage[] => [
  { role: 'user', content: `q${i} ${'x'.repeat(350)}` },
  { role: 'assistant', content: `a${i} ${'y'.repeat(350)}` },
];
/** n exchanges of ~100-token messages and a last question */
const conversation = (n: number): ChatMessage[] => [
  ...Array.from({ length: n }, (_, i) => exchange(i)).flat(),
  { role: 'user', content: 'and now?' },
];
const cut = (messages: ChatMessage[], extra: Partial<Parameters<typeof compactionCut>[0]> = {}) =>
  compactionCut({ messages, from: 0, saved: messages.length, systemPrompt: '', nCtx: 2048, maxTokens: 512, ...extra });

describe('how much a compaction covers', () => {
  it('all but the last few exchanges: as many kept as leave half the budget free with the summary in', () => {
    // Budget 1536: half is 768, less the summary's 256 and the system prompt; two exchanges of ~208 tokens fit.
    expect(cut(conversation(20))).toBe(36);
    // A bigger context keeps more of the end.
    expect(cut(conversation(20), { nCtx: 8192, maxTokens: 1024 })).toBeLessThan(36);
  });

  it('never the last question, never past what is saved or before an earlier summary', () => {
    expect(cut([{ role: 'user', content: 'hi' }])).toBeNull();
    // One exchange that is too long itself: covered whole, only the question kept.
    const long: ChatMessage[] = [
      { role: 'user', content: 'x'.repeat(9000) },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'next' },
    ];
    expect(cut(long)).toBe(2);
    expect(cut(conversation(20), { saved: 10 })).toBe(10);
    expect(cut(conversation(20), { saved: 1 })).toBeNull();
    expect(cut(conversation(20), { from: 36 })).toBe(38);
    expect(cut(conversation(20), { from: 40 })).toBeNull();
    // Context unknown: the last two exchanges stay.
    expect(cut(conversation(20), { nCtx: null })).toBe(36);
  });

  it('sizes its requests to the context, and sends the whole stretch where it is unknown', () => {
    expect(summaryMaxTokens(2048)).toBe(256);
    expect(summaryMaxTokens(256)).toBe(64);
    expect(summaryMaxTokens(1_000_000)).toBe(1024);
    expect(transcriptBudget(null)).toBe(Number.POSITIVE_INFINITY);
    const budget = transcriptBudget(2048);
    const parts = transcriptParts(conversation(20).slice(0, 36), budget);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(estimateMessageTokens({ content: part })).toBeLessThanOrEqual(budget + 8);
    expect(parts.join('\n\n')).toBe(conversation(20).slice(0, 36).map(transcriptLine).join('\n\n'));
    // A message longer than a whole request keeps its start and end.
    const [alone] = transcriptParts([{ role: 'user', content: `start ${'z'.repeat(20_000)} end` }], budget);
    expect(alone).toMatch(/^User:\nstart z+\n\[… \d+ characters left out …\]\nz+ end$/);
  });
});

describe('the summary prompt', () => {
  it('asks for a faithful, dense summary that keeps what matters', () => {
    for (const kept of ['name', 'number', 'decision', 'question still open', 'code identifier'])
      expect(SUMMARY_INSTRUCTION).toContain(kept);
    const first = summaryRequest(null, 'User:\nhi');
    expect(first.systemPrompt).toBe(SUMMARY_INSTRUCTION);
    expect(first.messages).toEqual([{ role: 'user', content: expect.stringContaining('User:\nhi') }]);
    const next = summaryRequest('Lisbon, 3 May', 'User:\nand trams?');
    expect(String(next.messages[0]?.content)).toMatch(/Lisbon, 3 May[\s\S]*User:\nand trams\?/);
  });

  it('the summary stands after the system prompt, headed as what it is', () => {
    expect(joinSummary('Be kind.', ' Lisbon ')).toBe(`Be kind.\n\n${SUMMARY_HEADING}\nLisbon`);
    expect(joinSummary('', 'Lisbon')).toBe(`${SUMMARY_HEADING}\nLisbon`);
    expect(transcriptLine({ role: 'tool', name: 'calc', content: '4' })).toBe('Tool result (calc):\n4');
    expect(
      transcriptLine({
        role: 'user',
        content: [
          { type: 'text', text: 'see' },
          { type: 'image_url', image_url: { url: 'data:' } },
        ],
      }),
    ).toBe('User:\nsee\n[image url]');
  });
});
