import { describe, expect, it } from 'vitest';
import type { KnowledgeHit } from './knowledge-types';
import { citeSource, formatPassages, knowledgeToolDescriptor } from './knowledge-tool';

const hit = (page: number | null, lineStart: number, lineEnd: number): KnowledgeHit => ({
  id: 'p',
  baseId: 'b',
  text: 'The capybara contract is signed.',
  source: { fileId: 'f', path: '/docs/letter.pdf', page, lineStart, lineEnd },
  score: 0.0328,
  similarity: 0.9,
  bm25: 1.2,
});

describe('the knowledge tool', () => {
  it("keeps EVA's contract: one required `content` argument", () => {
    const tool = knowledgeToolDescriptor(5);
    expect(tool.name).toBe('knowledge');
    expect((tool.parameters as { required: string[] }).required).toEqual(['content']);
    expect(tool.risk).toBe('read');
  });

  it('cites the file, page and lines and numbers the passages', () => {
    expect(citeSource(hit(2, 1, 4))).toBe('letter.pdf, page 2, lines 1–4');
    expect(citeSource(hit(null, 7, 7))).toBe('letter.pdf, line 7');
    expect(formatPassages([hit(null, 1, 2)])).toBe(
      '[1] letter.pdf, lines 1–2 (score 0.0328)\nThe capybara contract is signed.',
    );
    expect(formatPassages([])).toMatch(/no passage/);
  });
});
