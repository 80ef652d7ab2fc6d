import { describe, expect, it } from 'vitest';
import { foldCase } from '@shared/history/search-hits';
import { SearchIndex } from './search-index';

describe('search index', () => {
  it('finds substrings case-insensitively, with a highlightable snippet', () => {
    const index = new SearchIndex();
    index.upsert('c1', 'm1', 'The Quick brown fox\njumps over the lazy dog.');
    index.upsert('c2', 'm1', '与模型对话的历史记录');
    const { matches } = index.search('quick BROWN', 10);
    expect(matches).toHaveLength(1);
    const [hit] = matches;
    expect(hit).toMatchObject({ conversationId: 'c1', messageId: 'm1' });
    const range = hit?.matches[0];
    expect(hit?.snippet.slice(range?.start, range?.end)).toBe('Quick brown');
    expect(hit?.snippet).toBe('The Quick brown fox jumps over the lazy dog.');
    expect(index.search('历史', 10).matches[0]?.conversationId).toBe('c2');
    expect(index.search('absent', 10).matches).toEqual([]);
  });

  it('does not match across two messages', () => {
    const index = new SearchIndex();
    index.upsert('c', 'a', 'ends with abc');
    index.upsert('c', 'b', 'def starts here');
    expect(index.search('abcdef', 10).matches).toEqual([]);
    expect(index.search('abc def', 10).matches).toEqual([]);
  });

  it('replaces a message’s text on update and forgets a removed conversation', () => {
    const index = new SearchIndex();
    index.upsert('c', 'm', 'first draft');
    index.upsert('c', 'm', 'second version');
    expect(index.search('draft', 10).matches).toEqual([]);
    expect(index.search('second', 10).matches).toHaveLength(1);
    index.removeConversation('c');
    expect(index.search('second', 10).matches).toEqual([]);
  });

  it('reports one hit per message and stops at the limit', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 50; i++) index.upsert(`c${i}`, 'm', 'echo echo echo');
    const result = index.search('echo', 20);
    expect(result.matches).toHaveLength(20);
    expect(result.truncated).toBe(true);
    expect(result.matches[0]?.matches).toHaveLength(3);
  });

  it('cuts long messages into a snippet around the match', () => {
    const index = new SearchIndex();
    index.upsert('c', 'm', `${'lorem ipsum '.repeat(200)}NEEDLE${' dolor sit'.repeat(200)}`);
    const [hit] = index.search('needle', 5).matches;
    expect(hit?.snippet.startsWith('…')).toBe(true);
    expect(hit?.snippet.endsWith('…')).toBe(true);
    expect(hit?.snippet.length).toBeLessThan(140);
    expect(hit?.snippet.slice(hit.matches[0]?.start, hit.matches[0]?.end)).toBe('NEEDLE');
  });

  it('stays correct across many chunks and after repacking', () => {
    const index = new SearchIndex();
    const filler = 'x'.repeat(5000);
    for (let i = 0; i < 2000; i++) index.upsert(`c${i}`, 'm', `${filler} token-${i} ${filler}`);
    expect(index.stats().chunks).toBeGreaterThan(100);
    expect(index.search('token-1234 ', 10).matches.map((m) => m.conversationId)).toEqual(['c1234']);
    // Rewrite everything: the dead copies outweigh the live ones and get repacked.
    for (let i = 0; i < 2000; i++) index.upsert(`c${i}`, 'm', `short ${i}`);
    expect(index.stats().deadBytes).toBeLessThan(index.stats().liveBytes + 5_000_000);
    expect(index.search('token-1234', 10).matches).toEqual([]);
    expect(index.search('short 1999', 10).matches.map((m) => m.conversationId)).toEqual(['c1999']);
  });

  it('folds case without changing lengths, so offsets stay valid', () => {
    expect(foldCase('ÄBC')).toBe('äbc');
    const tricky = 'İstanbul';
    expect(foldCase(tricky)).toHaveLength(tricky.length);
  });
});
