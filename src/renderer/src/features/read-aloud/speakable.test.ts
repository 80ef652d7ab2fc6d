import { describe, expect, it } from 'vitest';
import { speakable } from './speakable';

describe('speakable', () => {
  it('drops inline code, link targets, images, HTML and URLs', () => {
    expect(speakable('Run `npm test` now')).toBe('Run now');
    expect(speakable('See [the docs](https://x.dev/a) and ![a cat](c.png).')).toBe('See the docs and a cat.');
    expect(speakable('Line<br>break <b>bold</b>')).toBe('Line break bold');
    expect(speakable('Go to https://example.com/x?y=1 today')).toBe('Go to today');
  });

  it('drops Markdown punctuation but keeps snake_case and arithmetic', () => {
    expect(speakable('### **Note**: ~~old~~ _new_')).toBe('Note: old new');
    expect(speakable('- [x] done')).toBe('done');
    expect(speakable('set max_tokens to 2 * 3')).toBe('set max_tokens to 2 3');
    expect(speakable('> > quoted')).toBe('quoted');
  });

  it('says nothing for rules and table separators', () => {
    expect(speakable('---')).toBe('');
    expect(speakable('|---|:--:|')).toBe('');
    expect(speakable('   ')).toBe('');
  });

  it('keeps Chinese text as it is', () => {
    expect(speakable('**重要**：请先保存。')).toBe('重要：请先保存。');
  });
});
