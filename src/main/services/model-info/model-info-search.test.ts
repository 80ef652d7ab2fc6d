import { describe, expect, it } from 'vitest';
import type { TokenKind } from '@shared/model-info/model-info-types';
import { searchableVocab, searchVocab } from './model-info-search';

const tokens = ['<|endoftext|>', 'Hello', 'ĠHello', 'Ġhello', '▁Hello', 'hello', '12', '<|im_start|>'];
const kinds: TokenKind[] = ['control', 'normal', 'normal', 'normal', 'normal', 'normal', 'normal', 'user-defined'];
const vocab = searchableVocab(tokens, kinds);
const ids = (query: string, special?: boolean) => searchVocab(vocab, { query, special }).rows.map((t) => t.id);

describe('searchVocab', () => {
  it("matches a part of a token whatever its case, a space as GPT-2's Ġ or SentencePiece's ▁", () => {
    expect(ids('hello')).toEqual([1, 2, 3, 4, 5]);
    expect(ids(' hello')).toEqual([2, 3, 4]);
    expect(ids('Ġhel')).toEqual([2, 3]);
  });

  it('puts the token whose id is the number first, then tokens containing the digits', () => {
    expect(ids('2')).toEqual([2, 6]);
    expect(ids('12')).toEqual([6]);
  });

  it('keeps control, user-defined and unknown tokens only when asked, with or without a query', () => {
    expect(ids('', true)).toEqual([0, 7]);
    expect(ids('im_', true)).toEqual([7]);
    expect(ids('7', true)).toEqual([7]);
    expect(ids('1', true)).toEqual([]);
  });
});
